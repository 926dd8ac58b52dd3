// `npm test`: builds the web app and the server bundle, then runs every suite — Vitest (unit, component, server
// integration, size budgets; the database tests on PostgreSQL too when TEST_DATABASE_URL names a server) and
// Playwright (end to end in the system Chromium) — and ends with the failed tests' names (CI shows only the tail of
// the output) and one line "N passed, M failed".
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { buildServer } from "../src/build/server-build.mjs";
import { buildWeb } from "./build.mjs";

rmSync("test-results", { recursive: true, force: true });
await buildWeb({ quiet: true });
await buildServer();

const run = (args, env = process.env) => spawnSync("npx", args, { stdio: "inherit", env }).status ?? 1;
const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;

// Every suite on PGlite; then, when a PostgreSQL server is given, again against it every server test file whose
// imports reach src/testing/test-database.ts, the one module that hands tests the server (eslint.config.js keeps it
// so). The other files never see the server: a second run of them would repeat the first, test for test.
const suites = [
  { name: "vitest", file: "test-results/vitest.json", status: run(["vitest", "run"], withoutPostgres) },
];
if (TEST_DATABASE_URL) {
  const file = "test-results/vitest-postgres.json";
  suites.push({
    name: "vitest (PostgreSQL)",
    file,
    status: run(
      [
        "vitest",
        "related",
        "src/testing/test-database.ts",
        "--run",
        "--project",
        "node",
        "--project",
        "postgres",
        `--outputFile.json=${file}`,
      ],
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
const failures = [];
for (const suite of suites) {
  const report = readJson(suite.file);
  if (!report) {
    failed += 1;
  } else {
    failures.push(...vitestFailures(suite.name, report));
    passed += report.numPassedTests;
    failed += report.numFailedTests + (report.numFailedTestSuites > 0 && report.numFailedTests === 0 ? 1 : 0);
  }
  if (suite.status !== 0 && failed === 0) failed = 1;
  summary.push(`${suite.name}: exit ${suite.status}`);
}
const playwright = readJson("test-results/playwright.json");
if (playwright) {
  failures.push(...playwrightFailures(playwright));
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected + (playwright.errors?.length ?? 0);
} else failed += 1;
if (failed === 0 && playwrightStatus !== 0) failed = 1;
summary.push(`playwright: exit ${playwrightStatus}`);

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `  ${line}`).join("\n")}`);
console.log(`\n${summary.join("; ")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

/** "suite: file › test — first line of the error", for each failed test of a Vitest JSON report. */
function vitestFailures(suiteName, report) {
  return report.testResults.flatMap((file) => {
    const name = path.relative(process.cwd(), file.name);
    const tests = file.assertionResults.filter((test) => test.status === "failed");
    if (tests.length === 0 && file.status === "failed")
      return [`${suiteName}: ${name} — ${firstLine(file.message)}`];
    return tests.map(
      (test) => `${suiteName}: ${name} › ${test.fullName} — ${firstLine(test.failureMessages?.[0])}`,
    );
  });
}

/** The same for a Playwright JSON report: tests whose outcome was unexpected, and errors outside any test. */
function playwrightFailures(report) {
  const lines = (report.errors ?? []).map((error) => `playwright: ${firstLine(error.message)}`);
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== "unexpected") continue;
        const error = test.results.at(-1)?.error?.message;
        lines.push(
          `playwright: ${spec.file}:${spec.line} › ${[...titles, spec.title].join(" › ")} — ${firstLine(error)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  // The top-level suites are the files, which each line names already.
  for (const file of report.suites ?? []) visit(file, []);
  return lines;
}

function firstLine(message) {
  // Colour codes make a CI log unreadable; the first non-empty line says what failed.
  const text = stripVTControlCharacters(message ?? "");
  return (
    text
      .split("\n")
      .find((line) => line.trim() !== "")
      ?.trim()
      .slice(0, 300) ?? "(no message)"
  );
}
