// `npm run lighthouse` (after a build): Lighthouse with mobile emulation in the system Chromium against a real
// Pulse server, for every page an anonymous visitor can open (from the web app's route table), each beside its
// static reference (bench/lighthouse-reference.ts), and for every signed-in page, as a signed-in company user.
// Prints a table of medians (LIGHTHOUSE_RUNS runs per page, default 1) and fails when a page misses a goal of issue
// #23 (bench/lighthouse-report.ts). `npm run bench` runs this script for its Lighthouse section.
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SessionResponse } from "@shared/auth";
import { prepareDatabase } from "./fixtures";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/fixtures/chromium";
import { storageKeyFor } from "../src/web/lib/auth/auth-client";
import { compressPage } from "../src/server/platform/web-app/compressed-page";
import { startPulse } from "../src/testing/pulse-process";
import { publicPages, ROUTE_TABLE } from "../src/web/route-table";
import { paintsWithoutScripts, REFERENCE_DIR, referencePath, withoutScripts } from "./lighthouse-reference";
import {
  categoriesFor,
  figuresOf,
  hostSpeedLine,
  medianFigures,
  medianRunIndex,
  referenceFigures,
  renderProblem,
  tableHeader,
  tableRow,
  type Category,
  type PageFigures,
  type PageKind,
  type Reference,
} from "./lighthouse-report";

// Public pages first: once the session is in the browser, "/" and /auth show the signed-in area instead. "/" is
// audited again then, as a signed-in user's start page: the pre-rendered landing page arrives hidden, and the app
// draws the dashboard.
interface AuditedPage {
  path: string;
  kind: PageKind;
  /** Its row in the table. */
  label: string;
  /** .lighthouse/<file>.json */
  file: string;
}
const auditedPage = (path: string, kind: PageKind): AuditedPage => ({
  path,
  kind,
  label: path,
  file: path === "/" ? "root" : path.slice(1),
});
const ALL_PAGES: AuditedPage[] = [
  ...publicPages().map((p) => auditedPage(p.path, "public")),
  ...ROUTE_TABLE.protected.map((p) => auditedPage(p.path, "signed-in")),
  { ...auditedPage("/", "signed-in"), label: "/ signed in", file: "root.signed-in" },
];
// LIGHTHOUSE_PAGES=/contact,/projects audits only those paths (while working on a page; "/" is both of its
// audits); the default is all of them.
const chosen = process.env.LIGHTHOUSE_PAGES?.split(",").map((p) => p.trim());
const unknown = chosen?.filter((p) => !ALL_PAGES.some((page) => page.path === p)) ?? [];
if (unknown.length > 0)
  throw new Error(`LIGHTHOUSE_PAGES names pages not audited here: ${unknown.join(", ")}`);
const PAGES = chosen ? ALL_PAGES.filter((p) => chosen.includes(p.path)) : ALL_PAGES;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
/** A reference is audited for its LCP: the performance category, which measures it, is enough. */
const REFERENCE_CATEGORIES: Category[] = ["performance"];

// The references are files in the server's web directory, so that the same server sends them, through the same
// static-file plugin and with the same compression as the pages, without a route that exists only for this script.
// The server is pointed (WEB_DIR) at a copy of the build; what it finds beside its web directory (the pre-render
// bundle) stays where it was built, linked in. @fastify/static (wildcard: false) makes a route for each file there
// at start and reads the file on each request: a placeholder per reference now, its content once the page is read
// from the running server.
const builtDist = path.resolve("dist");
if (!existsSync(path.join(builtDist, "web", "index.html")))
  throw new Error("No built web app in dist/web: run `npm run build` first");
const servedDist = mkdtempSync(path.join(tmpdir(), "pulse-lighthouse-"));
process.on("exit", () => rmSync(servedDist, { recursive: true, force: true }));
const webDir = path.join(servedDist, "web");
cpSync(path.join(builtDist, "web"), webDir, { recursive: true });
for (const entry of readdirSync(builtDist)) {
  if (entry !== "web") symlinkSync(path.join(builtDist, entry), path.join(servedDist, entry));
}
mkdirSync(path.join(webDir, REFERENCE_DIR));
for (const page of PAGES)
  if (page.kind === "public") writeFileSync(path.join(webDir, referencePath(page.path)), "");

// The benchmark's data set (2,000 Streams candidates, 200 PulseMaps, connectors) and one company user whose
// session is created straight in the database, as a finished Google sign-in leaves it. The timeline and PulseOps
// show built-in demo data (SPEC), which any signed-in company user sees.
const db = await prepareDatabase("pglite", { users: 1 });
const [session] = db.sessions;
if (!session) throw new Error("No session was created for the signed-in pages");
const server = await startPulse({ env: { ...db.env, LOG_LEVEL: "silent", WEB_DIR: webDir } });
// The origin the access tokens name (PUBLIC_URL defaults to http://localhost:PORT).
const origin = `http://localhost:${server.port}`;
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
});

let failed = false;
const missedGoals: string[] = [];
const benchmarkIndexes: number[] = [];
mkdirSync(".lighthouse", { recursive: true });
try {
  // Whether each public page's HTML has markup to paint, so it has a reference (read before any audit, and before
  // the session is stored: what an anonymous visitor gets).
  const hasReference = new Map<string, boolean>();
  for (const page of PAGES)
    if (page.kind === "public") hasReference.set(page.path, await writeReference(page.path));
  console.log(tableHeader());
  let signedIn = false;
  for (const { path: pagePath, kind, label, file: name } of PAGES) {
    if (kind === "signed-in" && !signedIn) {
      await storeSession(session);
      signedIn = true;
    }
    const categories = categoriesFor(kind);
    const withReference = kind === "public" && hasReference.get(pagePath) === true;
    const runs: Result[] = [];
    const referenceRuns: Result[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Page and reference back to back, each first in turn, so that the machine's load weighs on both alike.
      if (withReference && i % 2 === 1)
        referenceRuns.push(await audit(referencePath(pagePath), REFERENCE_CATEGORIES));
      runs.push(await audit(pagePath, categories));
      if (withReference && i % 2 === 0)
        referenceRuns.push(await audit(referencePath(pagePath), REFERENCE_CATEGORIES));
    }
    const figures: PageFigures[] = runs.map((lhr) => figuresOf(lhr, categories));
    writeFileSync(`.lighthouse/${name}.json`, JSON.stringify(runs[medianRunIndex(figures)], null, 2));
    let reference: Reference;
    if (withReference) {
      const referenceRunFigures = referenceRuns.map((lhr) => figuresOf(lhr, REFERENCE_CATEGORIES));
      writeFileSync(
        `.lighthouse/${name}.reference.json`,
        JSON.stringify(referenceRuns[medianRunIndex(referenceRunFigures)], null, 2),
      );
      reference = referenceFigures(
        figures.map((f) => f.lcpMs),
        referenceRunFigures.map((f) => f.lcpMs),
      );
    } else if (kind === "public") reference = "unrendered";
    const row = tableRow(label, medianFigures(figures, categories), kind, reference);
    if (row.failed) failed = true;
    missedGoals.push(...row.missed.map((m) => `${label}: ${m}`));
    console.log(row.line);
  }
} finally {
  chrome.kill();
  await server.stop();
  await db.drop();
}

/**
 * Reads a public page from the running server as a browser gets it and writes its reference: the same HTML without
 * its scripts, with a compressed copy for each encoding the server sends the page in. Then checks that the server
 * answers the reference's path with exactly that file (not a page fallback), encoded as the page is. False, and no
 * reference, when the page is client-rendered (an empty #root): without scripts it would paint nothing.
 */
async function writeReference(pagePath: string): Promise<boolean> {
  const read = async (url: string, acceptEncoding: string) => {
    const res = await fetch(url, { headers: { accept: "text/html", "accept-encoding": acceptEncoding } });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    // fetch decodes the body; the header still says how it was sent.
    return { body: await res.text(), encoding: res.headers.get("content-encoding") };
  };
  const pageUrl = `${origin}${pagePath}`;
  const html = (await read(pageUrl, "identity")).body;
  const reference = withoutScripts(html);
  if (!paintsWithoutScripts(reference)) return false;
  const file = path.join(webDir, referencePath(pagePath));
  writeFileSync(file, reference);
  // Compressed as the server compresses its pages.
  const compressed = compressPage(reference);
  if ((await read(pageUrl, "br")).encoding === "br") writeFileSync(`${file}.br`, compressed.br);
  if ((await read(pageUrl, "gzip")).encoding === "gzip") writeFileSync(`${file}.gz`, compressed.gzip);

  const referenceUrl = `${origin}${referencePath(pagePath)}`;
  if ((await read(referenceUrl, "identity")).body !== reference)
    throw new Error(`${referenceUrl} does not answer the reference written for ${pagePath}`);
  // Chromium's Accept-Encoding, with and without brotli (which it offers over plain HTTP only in recent versions).
  for (const acceptEncoding of ["gzip, deflate, br, zstd", "gzip, deflate"]) {
    const [page, ref] = [await read(pageUrl, acceptEncoding), await read(referenceUrl, acceptEncoding)];
    if (page.encoding !== ref.encoding)
      throw new Error(`${pagePath} is sent with ${page.encoding}, its reference with ${ref.encoding}`);
  }
  return true;
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
      // What the page keeps: never the refresh token, which lives in an HttpOnly cookie (decision 0094); a stored
      // value carrying one is dropped at start as a session from before that change. The audits need no refresh.
      JSON.stringify({
        access_token: signedInSession.access_token,
        expires_at: signedInSession.expires_at,
        token_type: "bearer",
        user: signedInSession.user,
      }),
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
async function audit(urlPath: string, categories: readonly Category[]): Promise<Result> {
  const url = `${origin}${urlPath}`;
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
      const problem = renderProblem(result.lhr, urlPath);
      if (problem) throw new Error(`Lighthouse audited something else than ${url}: ${problem}`);
      benchmarkIndexes.push(result.lhr.environment.benchmarkIndex);
      return result.lhr;
    }
    if (attempt === 3)
      throw new Error(`Lighthouse could not audit ${url}: ${result?.lhr.runtimeError?.code ?? "no result"}`);
  }
}

console.log(`\n${hostSpeedLine(benchmarkIndexes)}`);
if (failed) {
  console.log(`\nGoals missed:\n${missedGoals.map((m) => `  ${m}`).join("\n")}`);
  console.log(
    "\nSee .lighthouse/<page>.json (the median run; <page>.reference.json for the reference) for the causes.",
  );
  process.exit(1);
}
