// `npm run lighthouse` (after a build): Lighthouse with mobile emulation in the system Chromium against a real
// Pulse server, for every page an anonymous visitor can open (from the web app's route table). Prints a table and
// fails when a score is under its budget.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { mkdirSync, writeFileSync } from "node:fs";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/fixtures/chromium";
import { startServer } from "../e2e/fixtures/server";
import { publicPages } from "../src/web/route-table";

const PAGES = publicPages().map((p) => p.path);
const BUDGET: Record<string, number> = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 95,
};
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);

const server = await startServer({ LOG_LEVEL: "silent" });
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
});

let failed = false;
mkdirSync(".lighthouse", { recursive: true });
console.log(
  "page".padEnd(14),
  Object.keys(BUDGET)
    .map((k) => k.padEnd(16))
    .join(""),
);
try {
  for (const page of PAGES) {
    // The median of RUNS runs per category: one noisy run on a busy 2-core machine should not decide.
    const runs: Record<string, number>[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await audit(`${server.baseURL}${page}`);
      const scores: Record<string, number> = {};
      for (const [id, category] of Object.entries(result.lhr.categories)) {
        scores[id] = Math.round((category.score ?? 0) * 100);
      }
      runs.push(scores);
      writeFileSync(
        `.lighthouse/${page === "/" ? "root" : page.slice(1)}.json`,
        JSON.stringify(result.lhr, null, 2),
      );
    }
    const cells = Object.entries(BUDGET).map(([id, min]) => {
      const values = runs.map((r) => r[id] ?? 0).sort((a, b) => a - b);
      const median = values[Math.floor(values.length / 2)] ?? 0;
      if (median < min) failed = true;
      return `${median}${median < min ? ` (< ${min})` : ""}`.padEnd(16);
    });
    console.log(page.padEnd(14), cells.join(""));
  }
} finally {
  chrome.kill();
  await server.stop();
}
/** One Lighthouse run; a run Lighthouse itself could not complete (NO_FCP and the like) is tried again. */
async function audit(url: string) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: Object.keys(BUDGET),
    });
    if (result && !result.lhr.runtimeError) return result;
    if (attempt === 3)
      throw new Error(`Lighthouse could not audit ${url}: ${result?.lhr.runtimeError?.code ?? "no result"}`);
  }
}

if (failed) {
  console.log("\nUnder budget: see .lighthouse/<page>.json for the failing audits.");
  process.exit(1);
}
