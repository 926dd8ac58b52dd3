// `npm run contact:list` is src/server/cli/contact-list.ts now (bundled, so it runs in a production install); this
// path stays for the end-to-end fixture that reads its JSON shape (e2e/fixtures/contact-server.ts).
export type { SubmissionSummary } from "../src/server/cli/contact-list";
