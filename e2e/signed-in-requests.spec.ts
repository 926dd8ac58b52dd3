import { randomUUID } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { type ROUTE_TABLE } from "../src/web/route-table";
import { SIGNED_IN_PRELOADS_FILE } from "../src/shared/route-preloads";
import { builtPreloads, chunkOf, entryChunk } from "./fixtures/build";
import { expect, test } from "./fixtures/test";
import type { RunningServer } from "./fixtures/server";
import { signIn } from "./fixtures/sign-in";
import { discover } from "./fixtures/workflow-events";

/**
 * Issue 23: a signed-in page's first API requests start alongside its code, not once that code has loaded and
 * rendered. Each test holds the page's own chunk back until the page's first request has started (or
 * HOLD_LIMIT_MS has passed), so a request that waits for the code is one that starts after the code was let go.
 */

/** How long a page's code is held back for its first request: far longer than starting a request takes. */
const HOLD_LIMIT_MS = 10_000;

/** The Streams page's first request: the first screen of candidates (New Items, the tab open first). */
const CANDIDATES = "/api/streams/candidates?limit=50";

type ProtectedPath = (typeof ROUTE_TABLE.protected)[number]["path"];

/** The URL path of the built chunk of the page at `route`: the first file the server names with it. */
function pageChunk(route: ProtectedPath): string {
  return `/${builtPreloads(SIGNED_IN_PRELOADS_FILE)[route]![0]}`;
}

interface PageLoad {
  /**
   * The page's API requests (path and query; the auth client's own left out), each with its place in the order of
   * events (`at`, shared with `releasedAt`).
   */
  api: { url: string; at: number }[];
  /** Settles when the page's code is let go: whether the page's first request had started by then. */
  released: Promise<boolean>;
  /** When the page's code was let go, in the same order. */
  releasedAt?: number;
}

/**
 * From now on: records `page`'s API requests, and holds the file at the URL path `code` (a page's chunk, the app's
 * entry) back until `firstRequest` has started — at most HOLD_LIMIT_MS — before letting it load.
 */
async function watchPageLoad(page: Page, code: string, firstRequest?: string): Promise<PageLoad> {
  const urlOf = (href: string) => {
    const url = new URL(href);
    return { path: url.pathname, full: url.pathname + url.search };
  };
  // Requests and the release are numbered in the order this process sees them (two can share a millisecond).
  let events = 0;
  let release!: (startedFirst: boolean) => void;
  const load: PageLoad = { api: [], released: new Promise((resolve) => (release = resolve)) };
  let firstStarted!: () => void;
  const seenFirst = new Promise<void>((resolve) => (firstStarted = resolve));
  page.on("request", (request) => {
    const { path, full } = urlOf(request.url());
    if (path.startsWith("/api/") && !path.startsWith("/api/auth/"))
      load.api.push({ url: full, at: ++events });
    // Told from the same record, so a request counted as started first is never recorded after the release.
    if (full === firstRequest) firstStarted();
  });
  let limit: ReturnType<typeof setTimeout> | undefined;
  const started = firstRequest
    ? Promise.race([
        seenFirst.then(() => true),
        new Promise<boolean>((resolve) => (limit = setTimeout(() => resolve(false), HOLD_LIMIT_MS))),
      ]).finally(() => clearTimeout(limit))
    : Promise.resolve(true);
  await page.route(
    (url) => url.pathname === code,
    async (held) => {
      const startedFirst = await started;
      load.releasedAt ??= ++events;
      release(startedFirst);
      await held.continue();
    },
  );
  return load;
}

/**
 * The page asked for `expected`, each once (the page's own request took the early answer), and nothing else it asked
 * for waited for its code.
 */
function expectAskedWithItsCode(load: PageLoad, expected: string[]) {
  expect(load.api.map((r) => r.url)).toEqual(expected);
  const late = load.api.filter((r) => r.at >= load.releasedAt!).map((r) => r.url);
  expect(late, "API requests that started after the page's code was let go").toEqual([]);
}

/** A new Stream discovered in Jira, named uniquely (the worker's server is shared by its tests). */
async function discoverStream(server: RunningServer): Promise<string> {
  const name = `Launch plan ${randomUUID().slice(0, 8)}`;
  await discover(server, [
    {
      raw_name: name,
      source_app: "jira",
      external_id: `jira-${randomUUID()}`,
      seen_at: new Date().toISOString(),
    },
  ]);
  return name;
}

/** Every signed-in page, with the title its tab shows. */
const SIGNED_IN_PAGES: readonly (readonly [ProtectedPath, string])[] = [
  ["/dashboard", "Console"],
  ["/projects", "Streams"],
  ["/timeline", "PulseMap"],
  ["/settings", "Settings"],
  ["/project-manager", "PulseOps"],
];

/** Signs in on a page of its own, so that the pages `context` opens next start with a stored session. */
async function storeSession(context: BrowserContext): Promise<void> {
  const signingIn = await context.newPage();
  await signIn(signingIn, "ada@acme.com");
  await signingIn.close();
}

const candidateRow = (page: Page, name: string) =>
  page.getByRole("table", { name: "PulseMap Candidates" }).getByRole("row").filter({ hasText: name });

test.describe("Signed-in pages start their data with their code", () => {
  test("opening /projects: the candidates are asked for while the page's code is still loading, once", async ({
    page,
    server,
  }) => {
    const name = await discoverStream(server);
    await signIn(page, "ada@acme.com");
    const load = await watchPageLoad(page, pageChunk("/projects"), CANDIDATES);
    await page.goto("/projects");
    expect(await load.released, "the candidates were asked for while the page's code was held back").toBe(
      true,
    );
    await expect(candidateRow(page, name)).toBeVisible();
    expectAskedWithItsCode(load, [CANDIDATES]);
  });

  test("opening /projects with a stored session: the candidates are asked for before the app's code has run, once", async ({
    context,
    server,
  }) => {
    const name = await discoverStream(server);
    await storeSession(context);
    const page = await context.newPage();
    // The page's pre-paint script sends it while the page is parsed (src/web/pre-paint/); the app takes its answer.
    const load = await watchPageLoad(page, entryChunk(), CANDIDATES);
    await page.goto("/projects", { waitUntil: "commit" });
    expect(await load.released, "the candidates were asked for while the app's entry was held back").toBe(
      true,
    );
    await expect(candidateRow(page, name)).toBeVisible();
    expectAskedWithItsCode(load, [CANDIDATES]);
  });

  test("going to Streams from another page: the candidates are asked for while its code is still loading", async ({
    page,
    server,
  }) => {
    const name = await discoverStream(server);
    await signIn(page, "ada@acme.com");
    const load = await watchPageLoad(page, pageChunk("/projects"), CANDIDATES);
    await page.getByRole("link", { name: "Streams" }).first().click();
    expect(await load.released, "the candidates were asked for while the page's code was held back").toBe(
      true,
    );
    await expect(candidateRow(page, name)).toBeVisible();
    expectAskedWithItsCode(load, [CANDIDATES]);
  });

  test("opening /settings and the pages of demo data: their first render asks the API for nothing", async ({
    context,
  }) => {
    const pages: [ProtectedPath, string][] = [
      // User Preferences, the tab open first, are local; the connectors load on their own tab.
      ["/settings", "Settings"],
      ["/dashboard", "Console"],
      ["/timeline", "PulseMap"],
      ["/project-manager", "PulseOps"],
    ];
    await storeSession(context);
    for (const [route, title] of pages) {
      const page = await context.newPage();
      const load = await watchPageLoad(page, pageChunk(route));
      await page.goto(route);
      await load.released;
      await expect(page).toHaveTitle(`${title} · Pulse`);
      expectAskedWithItsCode(load, []);
      await page.close();
    }
  });
});

test.describe("A signed-in page's code", () => {
  test("starts loading alongside the app's entry when the browser holds a session, not after it", async ({
    page,
  }) => {
    await signIn(page, "ada@acme.com");
    const entry = entryChunk();
    const timeline = pageChunk("/timeline");
    const fetched: string[] = [];
    page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === entry,
      async (route) => {
        await released;
        await route.continue();
      },
    );
    // Not to "load": the held entry holds that back too.
    await page.goto("/timeline", { waitUntil: "commit" });
    // The entry is held back, so nothing of the app has run: the page itself asked for its chunk.
    await expect.poll(() => fetched.includes(timeline)).toBe(true);
    release();
    await expect(page).toHaveTitle("PulseMap · Pulse");
  });

  test("is not asked for by a visitor without a session, who is sent to sign in", async ({ page }) => {
    const timeline = pageChunk("/timeline");
    const fetched: string[] = [];
    page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto("/timeline");
    await expect(page).toHaveURL(/\/auth/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to Pulse");
    expect(fetched).not.toContain(timeline);
  });
});

test.describe("A signed-in page opened with a stored session", () => {
  test("is drawn at once: no loading state comes first, neither the session's nor the page's code's", async ({
    context,
  }) => {
    await storeSession(context);
    // Every element the page ever shows that announces "Loading...", however briefly: watched from before the
    // page's own scripts run.
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { loadingStates: string[] }).loadingStates = seen;
      new MutationObserver(() => {
        for (const status of document.querySelectorAll('[role="status"]'))
          if (status.textContent?.includes("Loading...")) seen.push(location.pathname);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    for (const [route, title] of [...SIGNED_IN_PAGES, ["/", "Console"] as const]) {
      const page = await context.newPage();
      await page.goto(route);
      await expect(page).toHaveTitle(`${title} · Pulse`);
      await expect(page.getByRole("heading").first()).toBeVisible();
      expect(
        await page.evaluate(() => (window as unknown as { loadingStates: string[] }).loadingStates),
      ).toEqual([]);
      await page.close();
    }
  });

  test("asks for what is not on its first screen only once that screen is shown: the socket's code, the user check", async ({
    context,
  }) => {
    await storeSession(context);
    // When the browser first reported the page's largest content as shown (its render time), watched from before the
    // page's own scripts run.
    await context.addInitScript(() => {
      new PerformanceObserver((entries, observer) => {
        const [first] = entries.getEntries();
        (window as unknown as { contentShownAt: number }).contentShownAt = first!.startTime;
        observer.disconnect();
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    const socketCode = chunkOf("lib/realtime/realtime-client.ts");
    for (const [route, title] of SIGNED_IN_PAGES) {
      const page = await context.newPage();
      await page.goto(route);
      await expect(page).toHaveTitle(`${title} · Pulse`);
      const startedAt = (path: string) =>
        page.evaluate(
          (path) =>
            performance.getEntriesByType("resource").find((entry) => new URL(entry.name).pathname === path)
              ?.startTime,
          path,
        );
      await expect.poll(() => startedAt(socketCode), `${route}: the socket's code is fetched`).toBeDefined();
      await expect.poll(() => startedAt("/api/auth/user"), `${route}: the user is checked`).toBeDefined();
      const shownAt = await page.evaluate(
        () => (window as unknown as { contentShownAt?: number }).contentShownAt,
      );
      expect(shownAt, `${route}: the page's content was shown`).toBeDefined();
      expect(await startedAt(socketCode), `${route}: the socket's code`).toBeGreaterThan(shownAt!);
      expect(await startedAt("/api/auth/user"), `${route}: the user check`).toBeGreaterThan(shownAt!);
      await page.close();
    }
  });
});
