// `npm test`: builds the web app and the server bundle, then runs every suite — Vitest (unit, component, server
// integration, size budgets) and Playwright (end to end in the system Chromium) — and ends with one line
// "N passed, M failed".
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { buildServer, buildWeb } from "./build.mjs";

rmSync("test-results", { recursive: true, force: true });
await buildWeb({ quiet: true });
await buildServer();

const run = (args, env = process.env) => spawnSync("npx", args, { stdio: "inherit", env }).status ?? 1;
const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;

// Every suite on PGlite; then, when a PostgreSQL server is given, the server suites again against it.
const suites = [
  { name: "vitest", file: "test-results/vitest.json", status: run(["vitest", "run"], withoutPostgres) },
];
if (TEST_DATABASE_URL) {
  const file = "test-results/vitest-postgres.json";
  suites.push({
    name: "vitest (PostgreSQL)",
    file,
    status: run(
      ["vitest", "run", "--project", "node", "--project", "postgres", `--outputFile.json=${file}`],
      process.env,
    ),
  });
}
const playwrightStatus = run(["playwright", "test"]);

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined;
}

let passed = 0;
let failed = 0;
const summary = [];
for (const suite of suites) {
  const report = readJson(suite.file);
  if (!report) {
    failed += 1;
  } else {
    passed += report.numPassedTests;
    failed += report.numFailedTests + (report.numFailedTestSuites > 0 && report.numFailedTests === 0 ? 1 : 0);
  }
  if (suite.status !== 0 && failed === 0) failed = 1;
  summary.push(`${suite.name}: exit ${suite.status}`);
}
const playwright = readJson("test-results/playwright.json");
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected + (playwright.errors?.length ?? 0);
} else failed += 1;
if (failed === 0 && playwrightStatus !== 0) failed = 1;
summary.push(`playwright: exit ${playwrightStatus}`);

console.log(`\n${summary.join("; ")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
