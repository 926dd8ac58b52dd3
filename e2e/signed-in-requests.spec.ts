import { randomUUID } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { type ROUTE_TABLE } from "../src/web/route-table";
import { SIGNED_IN_PRELOADS_FILE } from "../src/shared/route-preloads";
import { builtPreloads, chunkOf, entryChunk } from "./fixtures/build";
import { expect, test } from "./fixtures/test";
import type { RunningServer } from "./fixtures/server";
import { signIn } from "./fixtures/sign-in";
import { discover } from "./fixtures/workflow-events";

/** The Streams page's first request: the first screen of candidates (New Items, the tab open first). */
const CANDIDATES = "/api/streams/candidates?limit=50";

type ProtectedPath = (typeof ROUTE_TABLE.protected)[number]["path"];

/** The URL path of the built chunk of the page at `route`: the first file the server names with it. */
function pageChunk(route: ProtectedPath): string {
  return `/${builtPreloads(SIGNED_IN_PRELOADS_FILE)[route]![0]}`;
}

/** From now on: the API requests `page` makes (path and query), the auth client's own left out. */
function watchApiRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/") && !url.pathname.startsWith("/api/auth/"))
      asked.push(url.pathname + url.search);
  });
  return asked;
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

// The first request of a page is the page's own, sent once its code has rendered: sending it earlier, from the
// pre-paint script or alongside the page's code, measured 0.06 s of Lighthouse LCP on /projects and was removed
// (docs/decisions/0083-prerendering-public-pages.md, "The early GET").
test.describe("Signed-in pages ask for their data once", () => {
  test("opening /projects: the candidates are asked for once", async ({ page, server }) => {
    const name = await discoverStream(server);
    await signIn(page, "ada@acme.com");
    const asked = watchApiRequests(page);
    await page.goto("/projects");
    await expect(candidateRow(page, name)).toBeVisible();
    expect(asked).toEqual([CANDIDATES]);
  });

  test("opening /projects with a stored session: the candidates are asked for once", async ({
    context,
    server,
  }) => {
    const name = await discoverStream(server);
    await storeSession(context);
    const page = await context.newPage();
    const asked = watchApiRequests(page);
    await page.goto("/projects");
    await expect(candidateRow(page, name)).toBeVisible();
    expect(asked).toEqual([CANDIDATES]);
  });

  test("going to Streams from another page: the candidates are asked for once", async ({ page, server }) => {
    const name = await discoverStream(server);
    await signIn(page, "ada@acme.com");
    const asked = watchApiRequests(page);
    await page.getByRole("link", { name: "Streams" }).first().click();
    await expect(candidateRow(page, name)).toBeVisible();
    expect(asked).toEqual([CANDIDATES]);
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
      const asked = watchApiRequests(page);
      await page.goto(route);
      await expect(page).toHaveTitle(`${title} · Pulse`);
      await expect(page.getByRole("heading").first()).toBeVisible();
      expect(asked, route).toEqual([]);
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
