// Types of ./build.mjs for the TypeScript that imports it (tests, test launchers).
export function buildWeb(options?: { quiet?: boolean }): Promise<void>;
