// Must fail lint: neither this file's name nor its folder's is kebab-case (scripts/lint-rules.test.ts).
export const namingFixture = true;
