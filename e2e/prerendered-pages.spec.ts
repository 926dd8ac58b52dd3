import type { Page, Route } from "@playwright/test";
import { PRERENDERED_PATH_ATTRIBUTE } from "../src/shared/prerender";
import { SIGNED_IN_PRELOADS_FILE } from "../src/shared/route-preloads";
import { builtPreloads, chunkWithImports, entryChunk } from "./fixtures/build";
import { expect, test } from "./fixtures/test";
import { sessionStorageKey, signIn } from "./fixtures/sign-in";

/** The public pages the server pre-renders (decision 0083), with each one's heading. */
const PAGES: Record<string, string> = {
  "/": "AI-Driven Project Intelligence Platform",
  "/auth": "Welcome to Pulse",
  "/product": "One Intelligent Layer Over Every Project Tool",
  "/technology": "The Intelligence Behind Pulse",
  "/about": "Built by Project Managers, for Project Managers",
  "/contact": "Contact Us",
  "/terms": "Terms of Service",
  "/privacy": "Privacy Policy",
};

/**
 * Before the app's code runs (the document is parsed, deferred module scripts not yet run), remembers the server's
 * <h1> element, so a test can tell hydration (React adopts that element) from a fresh render (it replaces it).
 */
async function rememberServerHeading(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener("readystatechange", () => {
      if (document.readyState === "interactive") {
        (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector("h1");
      }
    });
  });
}

/** Whether React adopted the server's <h1> (it marks the elements it owns with its fiber key). */
function headingWasHydrated(page: Page) {
  return page.evaluate(() => {
    const server = (window as unknown as { serverHeading: Element | null }).serverHeading;
    const now = document.querySelector("h1");
    return server !== null && now === server && Object.keys(now).some((k) => k.startsWith("__reactFiber$"));
  });
}

test.describe("pre-rendered public pages", () => {
  for (const [path, heading] of Object.entries(PAGES)) {
    test(`${path} arrives rendered and is hydrated without errors`, async ({ page, request }) => {
      const html = await (await request.get(path, { headers: { accept: "text/html" } })).text();
      expect(html).toContain(`data-prerendered="${path}"`);
      expect(html.replace(/<!-- -->/g, "")).toContain(heading);

      await rememberServerHeading(page);
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect.poll(() => headingWasHydrated(page)).toBe(true);
      // The fixture fails the test on any console error, a hydration mismatch included.
    });
  }

  test("a navigation link works after hydration", async ({ page }) => {
    await rememberServerHeading(page);
    await page.goto("/product");
    await expect.poll(() => headingWasHydrated(page)).toBe(true);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL("/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PAGES["/about"]!);
  });

  test("the technology cycle advances and pauses after hydration", async ({ page }) => {
    await rememberServerHeading(page);
    await page.clock.install();
    await page.goto("/technology");
    await expect.poll(() => headingWasHydrated(page)).toBe(true);
    const current = page.getByRole("list", { name: "How Pulse works" }).locator('[aria-current="step"]');
    await expect(current.getByRole("heading")).toHaveText("Input");
    await page.clock.runFor(2_000);
    await expect(current.getByRole("heading")).toHaveText("AI Processing");
    await page.getByRole("button", { name: "Pause animation" }).click();
    await page.clock.runFor(6_000);
    await expect(current.getByRole("heading")).toHaveText("AI Processing");
  });

  test("the contact form shows once the app runs, and validates", async ({ page, request }) => {
    // Not in the server's HTML: filled in before the app took it over, it would be submitted natively.
    const html = await (await request.get("/contact", { headers: { accept: "text/html" } })).text();
    expect(html).not.toContain("Send Message");

    await rememberServerHeading(page);
    await page.goto("/contact");
    await expect.poll(() => headingWasHydrated(page)).toBe(true);
    const email = page.getByRole("textbox", { name: /^Email/ });
    await email.fill("ada@");
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
  });

  test("a visitor who chose the light theme gets it after hydration, without errors", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("pulse-theme", "light"));
    await page.goto("/about");
    await expect(page.getByRole("radio", { name: "Light" })).toHaveAttribute("aria-checked", "true");
    await expect(page.locator("html")).not.toHaveClass(/dark/);
  });

  test("a signed-in user at / gets the dashboard, not the anonymous landing page", async ({ page }) => {
    await signIn(page, "ada@acme.com");
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Project Hierarchy" })).toBeVisible();
    await expect(page.getByRole("heading", { name: PAGES["/"] })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Logout" }).first()).toBeVisible();
  });

  test("a signed-in user whose session is refreshed as a public page opens never sees Login meanwhile", async ({
    page,
  }) => {
    await signIn(page, "ada@acme.com");
    // Back after a while: the stored session has less than the refresh margin left, so the app refreshes it first.
    await page.evaluate((key) => {
      const session = JSON.parse(localStorage.getItem(key)!) as { expires_at: number };
      localStorage.setItem(
        key,
        JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) + 30 }),
      );
    }, sessionStorageKey(page.url()));
    let refreshing = false;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === "/api/auth/refresh",
      async (route) => {
        refreshing = true;
        await released;
        await route.continue();
      },
    );
    await page.goto("/product");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PAGES["/product"]!);
    await expect.poll(() => refreshing).toBe(true);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Login" })).toBeHidden();
    release();
    await expect(nav.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Login" })).toHaveCount(0);
  });
});

/**
 * Holds back the app's entry chunk until `release()`: the page shows what a visitor on a slow connection sees
 * before the app's code has arrived. Each held request is answered from the server once released.
 */
async function holdBackTheApp(page: Page) {
  const entry = entryChunk();
  const held: Route[] = [];
  let released = false;
  await page.route(
    (url) => url.pathname === entry,
    async (route) => {
      if (released) await route.continue();
      else held.push(route);
    },
  );
  return {
    requested: () => held.length > 0,
    release: async () => {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

test.describe("a public page before the app's code has arrived", () => {
  test("is readable, its links navigate, and its controls are visibly unavailable until the app runs", async ({
    page,
  }) => {
    const app = await holdBackTheApp(page);
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PAGES["/about"]!);
    await expect(page.getByRole("main")).toContainText("Built by Project Managers");
    // The entry was asked for (after the first paint) and is being held.
    await expect.poll(app.requested).toBe(true);

    const light = page.getByRole("radio", { name: "Light" });
    await expect(light).toBeDisabled();
    await expect(light).toHaveCSS("opacity", "0.5");

    // A link is a plain link: it navigates to the next page, itself arriving rendered.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Product" }).click();
    await expect(page).toHaveURL("/product");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PAGES["/product"]!);
    await expect(page.getByRole("radio", { name: "Light" })).toBeDisabled();

    await app.release();
    await expect(page.getByRole("radio", { name: "Light" })).toBeEnabled();
    await page.getByRole("radio", { name: "Light" }).click();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
  });

  test("its chunks, its own included, are preloaded once it has painted, with the entry", async ({
    page,
    request,
  }) => {
    const files = builtPreloads()["/product"]!.map((file) => `/${file}`);
    expect(files.length).toBeGreaterThan(1);
    const html = await (await request.get("/product", { headers: { accept: "text/html" } })).text();
    for (const file of files) {
      expect(html).not.toContain(`rel="modulepreload" crossorigin href="${file}"`);
      expect(html).toContain(`<link rel="pulse-after-paint" crossorigin href="${file}">`);
    }

    const app = await holdBackTheApp(page);
    const fetched = new Set<string>();
    page.on("request", (r) => fetched.add(new URL(r.url()).pathname));
    await page.goto("/product");
    await expect.poll(app.requested).toBe(true);
    // While the entry is still held back, every chunk of the page has been asked for.
    await expect.poll(() => files.filter((file) => !fetched.has(file))).toEqual([]);
    await app.release();
    await expect(page.getByRole("radio", { name: "Light" })).toBeEnabled();
  });

  test("with a stored session, the page is hidden and the app's code is asked for at once, not after a paint", async ({
    page,
  }) => {
    // What the landing page imports and the dashboard, drawn instead, does not: neither its first screen nor the
    // RACI tab it fetches once shown.
    const dashboardFiles = new Set([
      ...builtPreloads(SIGNED_IN_PRELOADS_FILE)["/"]!,
      ...chunkWithImports("features/workspace/raci-panel.tsx"),
    ]);
    const [, ...landingImports] = builtPreloads()["/"]!;
    const landingOnly = landingImports.filter((file) => !dashboardFiles.has(file));
    expect(landingOnly.length).toBeGreaterThan(0);
    await signIn(page, "ada@acme.com");
    const fetched = new Set<string>();
    page.on("request", (r) => fetched.add(new URL(r.url()).pathname.slice(1)));
    // Time stands still in the page: the loader's fallback (a few seconds after the page loaded) cannot be what
    // asks for the code.
    const now = Date.now();
    await page.clock.install({ time: now });
    await page.clock.pauseAt(now + 1_000);
    const app = await holdBackTheApp(page);
    // Not waiting for the load event: the held-back code, asked for before it, holds it back too.
    await page.goto("/", { waitUntil: "commit" });
    await expect.poll(app.requested).toBe(true);
    await expect(page.getByRole("heading", { name: PAGES["/"] })).toBeHidden();
    // Not laid out either (its styles and layout were most of what held "/" behind /dashboard): it takes no room.
    const prerenderedBox = await page
      .locator(`[${PRERENDERED_PATH_ATTRIBUTE}]`)
      .evaluate((element) => element.getBoundingClientRect().height);
    expect(prerenderedBox).toBe(0);

    await page.clock.resume();
    await app.release();
    await expect(page.getByRole("heading", { name: "Project Hierarchy" })).toBeVisible();
    expect(landingOnly.filter((file) => fetched.has(file))).toEqual([]);
  });

  test("the technology page's cycle and its pause button wait, unseen, for the app", async ({ page }) => {
    const app = await holdBackTheApp(page);
    await page.goto("/technology");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PAGES["/technology"]!);
    await expect.poll(app.requested).toBe(true);
    await expect(page.getByRole("list", { name: "How Pulse works" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Pause animation" })).toBeHidden();

    await app.release();
    await expect(page.getByRole("list", { name: "How Pulse works" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Pause animation" })).toBeEnabled();
  });

  test("the contact form cannot be filled in or sent until the app has taken it over", async ({ page }) => {
    const app = await holdBackTheApp(page);
    const submitted: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/contact") || new URL(request.url()).search.includes("email"))
        submitted.push(request.url());
    });
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
    await expect.poll(app.requested).toBe(true);
    await expect(page.getByRole("status")).toHaveText("Loading the contact form…");
    await expect(page.getByRole("textbox")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Send Message" })).toHaveCount(0);

    await app.release();
    const email = page.getByRole("textbox", { name: /^Email/ });
    await expect(email).toBeEditable();
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
    await page.getByRole("button", { name: "Send Message" }).click();
    // The app's own validation answers, not a native submission.
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    expect(submitted).toEqual([]);
  });

  test("where the reader has scrolled to is kept when the app starts, and the navigation follows it", async ({
    page,
  }) => {
    const app = await holdBackTheApp(page);
    await page.goto("/terms");
    await expect.poll(app.requested).toBe(true);
    await page.evaluate(() => window.scrollTo({ top: 400, behavior: "instant" }));
    const header = page.getByRole("banner");
    await expect(header).toHaveAttribute("data-scrolled", "false");

    await app.release();
    await expect(header).toHaveAttribute("data-scrolled", "true");
    // Exactly: the bar keeps its height when it darkens, so nothing moves the page under the reader.
    expect(await page.evaluate(() => window.scrollY)).toBe(400);
    // A navigation in the app still starts the next page at its top.
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PAGES["/privacy"]!);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("the landing page's buttons are disabled and its links work", async ({ page }) => {
    const app = await holdBackTheApp(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PAGES["/"]!);
    await expect.poll(app.requested).toBe(true);
    await expect(page.getByRole("button", { name: "Scroll to explore" })).toBeDisabled();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveURL("/auth");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PAGES["/auth"]!);
    const google = page.getByRole("button", { name: /Google/ });
    await expect(google).toBeDisabled();
    await app.release();
    await expect(google).toBeEnabled();
  });
});
