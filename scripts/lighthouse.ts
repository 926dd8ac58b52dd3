// `npm run lighthouse` (after a build): Lighthouse with mobile emulation in the system Chromium against a real
// Pulse server, for every page an anonymous visitor can open (from the web app's route table) and for the signed-in
// pages of issue #14, as a signed-in company user. Prints a table of medians (LIGHTHOUSE_RUNS runs per page, default
// 1) and fails when one misses its budget (scripts/lighthouse-report.ts). `npm run bench` runs this script for its
// Lighthouse section.
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { mkdirSync, writeFileSync } from "node:fs";
import type { SessionResponse } from "@shared/auth";
import { prepareDatabase } from "../bench/fixtures";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/fixtures/chromium";
import { storageKeyFor } from "../src/web/lib/auth/auth-client";
import { startPulse } from "../src/testing/pulse-process";
import { publicPages, type ROUTE_TABLE } from "../src/web/route-table";
import {
  categoriesFor,
  figuresOf,
  medianFigures,
  medianRunIndex,
  renderProblem,
  tableHeader,
  tableRow,
  type PageFigures,
  type PageKind,
} from "./lighthouse-report";

type ProtectedPath = (typeof ROUTE_TABLE.protected)[number]["path"];
/** The signed-in pages issue #14 budgets: the workspace, the Streams page and the settings. */
const SIGNED_IN_PAGES = ["/dashboard", "/projects", "/settings"] as const satisfies readonly ProtectedPath[];

// Public pages first: once the session is in the browser, "/" and /auth show the signed-in area instead.
const ALL_PAGES: { path: string; kind: PageKind }[] = [
  ...publicPages().map((p) => ({ path: p.path, kind: "public" as const })),
  ...SIGNED_IN_PAGES.map((path) => ({ path, kind: "signed-in" as const })),
];
// LIGHTHOUSE_PAGES=/contact,/projects audits only those (while working on a page); the default is all of them.
const chosen = process.env.LIGHTHOUSE_PAGES?.split(",").map((p) => p.trim());
const unknown = chosen?.filter((p) => !ALL_PAGES.some((page) => page.path === p)) ?? [];
if (unknown.length > 0)
  throw new Error(`LIGHTHOUSE_PAGES names pages not audited here: ${unknown.join(", ")}`);
const PAGES = chosen ? ALL_PAGES.filter((p) => chosen.includes(p.path)) : ALL_PAGES;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);

// The benchmark's data set (2,000 Streams candidates, 200 PulseMaps, connectors) and one company user whose
// session is created straight in the database, as a finished Google sign-in leaves it.
const db = await prepareDatabase("pglite", { users: 1 });
const [session] = db.sessions;
if (!session) throw new Error("No session was created for the signed-in pages");
const server = await startPulse({ env: { ...db.env, LOG_LEVEL: "silent" } });
// The origin the access tokens name (PUBLIC_URL defaults to http://localhost:PORT).
const origin = `http://localhost:${server.port}`;
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
});

let failed = false;
mkdirSync(".lighthouse", { recursive: true });
console.log(tableHeader());
try {
  let signedIn = false;
  for (const { path, kind } of PAGES) {
    if (kind === "signed-in" && !signedIn) {
      await storeSession(session);
      signedIn = true;
    }
    const categories = categoriesFor(kind);
    const runs: Result[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(path, categories));
    const figures: PageFigures[] = runs.map((lhr) => figuresOf(lhr, categories));
    writeFileSync(
      `.lighthouse/${path === "/" ? "root" : path.slice(1)}.json`,
      JSON.stringify(runs[medianRunIndex(figures)], null, 2),
    );
    const row = tableRow(path, medianFigures(figures, categories), categories);
    if (row.failed) failed = true;
    console.log(row.line);
  }
} finally {
  chrome.kill();
  await server.stop();
  await db.drop();
}

/**
 * Puts the session into the browser profile the audits run in, where the web app keeps it (localStorage under
 * pulse-auth-<host>), as the app itself does after a sign-in. Lighthouse's storage reset before each run leaves
 * localStorage alone: its default `clearStorageTypes` (pinned in audit()) clear caches and service workers only.
 */
async function storeSession(signedInSession: SessionResponse): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error("The launched Chromium has no browser context");
    const page = await context.newPage();
    // Any document of the origin reaches its localStorage; this one loads none of the web app.
    await page.goto(`${origin}/healthz`);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      storageKeyFor(origin),
      JSON.stringify({ ...signedInSession, token_type: "bearer" }),
    ] as const);
    await page.close();
  } finally {
    await browser.close();
  }
}

/**
 * One Lighthouse run. A run Lighthouse itself could not complete (NO_FCP and the like) is tried again; one that
 * did not show the page (renderProblem) stops the script: its scores would be a different page's.
 */
async function audit(path: string, categories: readonly string[]): Promise<Result> {
  const url = `${origin}${path}`;
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...categories],
      // Lighthouse 12's default, written out: a cold HTTP cache for every run, the stored session kept.
      clearStorageTypes: ["file_systems", "shader_cache", "service_workers", "cache_storage"],
    });
    if (result && !result.lhr.runtimeError) {
      const problem = renderProblem(result.lhr, path);
      if (problem) throw new Error(`Lighthouse audited something else than ${url}: ${problem}`);
      return result.lhr;
    }
    if (attempt === 3)
      throw new Error(`Lighthouse could not audit ${url}: ${result?.lhr.runtimeError?.code ?? "no result"}`);
  }
}

if (failed) {
  console.log("\nUnder budget: see .lighthouse/<page>.json (the median run) for the failing audits.");
  process.exit(1);
}
