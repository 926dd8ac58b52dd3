import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./e2e/fixtures/chromium";

/**
 * End-to-end tests drive the system Chromium (no browser download). Each worker starts its own real Pulse server
 * on a free port with a temporary DATA_DIR (e2e/fixtures/server.ts).
 */
export default defineConfig({
  testDir: "e2e",
  // Its own folder: Playwright empties outputDir at start, and test-results/ also holds Vitest's reports.
  outputDir: "test-results/playwright",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // Two workers, each with a server and a software-rendering Chromium, saturate a 2-core machine: journeys that
  // take 5–15 s alone took 30 s there, so the budget is a minute; each expectation still waits 7 s at most.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: {
    ...devices["Desktop Chrome"],
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // No trace by default: recording one for every journey, to keep it on failure, took a quarter of the suite's
    // time (docs/testing.md, "Where the time goes"), and CI keeps only its log. To keep the traces of failures:
    // `npx playwright test --trace retain-on-failure`, then `npx playwright show-trace <its zip>`.
    trace: "off",
  },
});
