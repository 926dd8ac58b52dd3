import { basename } from "node:path";
import { ROUTE_TABLE, publicPages } from "../src/web/route-table";
import {
  allowConsoleErrors,
  expect,
  expectNoSeriousA11yViolations,
  test,
  unexpectedConsoleErrors,
} from "./fixtures/test";

/** What the 404 page logs before the path (SPEC §2: the missing path is logged to the console). */
const NOT_FOUND_LOG = "404 Error: User attempted to access non-existent route:";

/**
 * The chunks a page names to preload: at once (`modulepreload`), or, on a pre-rendered page, once it has painted
 * (`pulse-after-paint`, which the pre-paint script (src/web/pre-paint/) turns into modulepreload).
 */
const preloadLinks = (html: string) =>
  [...html.matchAll(/<link rel="(?:modulepreload|pulse-after-paint)" crossorigin href="([^"]+)">/g)].map(
    (m) => m[1]!,
  );

test.describe("web shell", () => {
  test("public navigation links reach every public page", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [label, path] of [
      ["Product", "/product"],
      ["Technology", "/technology"],
      ["About", "/about"],
      ["Contact", "/contact"],
    ] as const) {
      await nav.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
    await nav.getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveURL("/auth");
  });

  test("footer links to the terms and the privacy policy and carries the 2025 copyright", async ({
    page,
  }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("© 2025 Pulse");
    await footer.getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL("/terms");
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL("/privacy");
  });

  test.describe(() => {
    test.use(allowConsoleErrors(NOT_FOUND_LOG));

    test("an unknown path shows the 404 page and logs the path", async ({ page, consoleErrors }) => {
      await page.goto("/no/such/page");
      await expect(page.getByText("Oops! Page not found")).toBeVisible();
      await expect.poll(() => consoleErrors).toEqual([`${NOT_FOUND_LOG} /no/such/page`]);
      await page.getByRole("link", { name: "Return to Home" }).click();
      await expect(page).toHaveURL("/");
      await expectNoSeriousA11yViolations(page);
    });
  });

  test("protected routes send an anonymous visitor to /auth, replacing history", async ({ page }) => {
    for (const path of ["/dashboard", "/projects", "/timeline", "/settings", "/project-manager"]) {
      await page.goto("/");
      await page.goto(path);
      await expect(page).toHaveURL("/auth");
      await page.goBack();
      await expect(page).toHaveURL("/");
    }
  });

  test("the theme is dark by default and can be switched and remembered", async ({ page }) => {
    await page.goto("/");
    const html = page.locator("html");
    await expect(html).toHaveClass(/dark/);
    await page.getByRole("radio", { name: "Light" }).click();
    await expect(html).not.toHaveClass(/dark/);
    await page.reload();
    await expect(html).not.toHaveClass(/dark/);
    await expect(page.getByRole("radio", { name: "Light" })).toHaveAttribute("aria-checked", "true");
    await page.getByRole("radio", { name: "Dark" }).click();
    await expect(html).toHaveClass(/dark/);
  });

  test.describe(() => {
    // The test blocks the app's code on purpose; the browser logs each blocked file.
    test.use(allowConsoleErrors(/^Failed to load resource: net::ERR_FAILED$/));

    test("a stored light theme applies before any of the app's code runs (no dark flash)", async ({
      page,
    }) => {
      await page.goto("/");
      await page.getByRole("radio", { name: "Light" }).click();
      // Only the pre-paint script can apply it now: no module of the app loads.
      await page.route(/\/assets\/.+\.js$/, (route) => route.abort("failed"));
      await page.reload();
      await expect(page.locator("#root")).toBeEmpty();
      const html = page.locator("html");
      await expect(html).not.toHaveClass(/dark/);
      await expect(html).toHaveCSS("color-scheme", "light");
    });
  });

  test("the navigation darkens past 50 px of scroll on public pages", async ({ page }) => {
    await page.goto("/terms");
    await page.evaluate(() => {
      document.body.style.minHeight = "3000px";
    });
    const header = page.getByRole("banner");
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 51));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await expect(header).toHaveClass(/backdrop-blur/);
    await page.evaluate(() => window.scrollTo(0, 50));
    await expect(header).toHaveAttribute("data-scrolled", "false");
  });

  test("below the md breakpoint a menu button opens a right-side sheet that closes on a choice", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/");
    const main = page.getByRole("navigation", { name: "Main" });
    await expect(main.getByRole("link", { name: "Product", exact: true })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const sheet = page.getByRole("dialog");
    await expect(sheet).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await sheet.getByRole("link", { name: "Technology" }).click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL("/technology");
  });

  // One test per page: each loads and analyses one page, so a busy two-core machine never runs eight in one budget.
  for (const path of ["/", "/auth", "/product", "/technology", "/about", "/contact", "/terms", "/privacy"]) {
    test(`axe finds nothing serious on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }

  test("every page an anonymous visitor can open names its own chunk first among its preloads", async ({
    request,
  }) => {
    for (const { path, page } of publicPages()) {
      const html = await (await request.get(path, { headers: { accept: "text/html" } })).text();
      const links = preloadLinks(html);
      // Vite names a page's chunk after its module: features/contact/contact-page.tsx → contact-page-<hash>.js.
      expect(links[0], path).toMatch(new RegExp(`^/assets/${basename(page, ".tsx")}-[\\w-]+\\.js$`));
      for (const href of links) expect((await request.get(href)).status(), href).toBe(200);
    }
    // The signed-in area's pages are not pushed to visitors who will be sent to /auth.
    for (const { path } of ROUTE_TABLE.protected) {
      const html = await (await request.get(path, { headers: { accept: "text/html" } })).text();
      expect(preloadLinks(html), path).toEqual([]);
    }
  });
});

test.describe("unexpected console errors", () => {
  // The page logs an error nobody allowed: the automatic fixture fails the test after its body has passed, though
  // the test never asks for consoleErrors. test.fail() turns that failure into this test's pass.
  test("fail a test that never asks about them", async ({ page }) => {
    test.fail();
    const logged = page.waitForEvent("console", (msg) => msg.type() === "error");
    await page.goto("/no/such/page");
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    expect((await logged).text()).toBe(`${NOT_FOUND_LOG} /no/such/page`);
  });

  test("are every error that no allowed pattern matches", () => {
    const errors = ["404 Error: … /x", "Failed to load resource: 500", "TypeError: boom"];
    expect(unexpectedConsoleErrors(errors, [])).toEqual(errors);
    expect(unexpectedConsoleErrors(errors, ["404 Error:", /status of 500|: 500$/])).toEqual([
      "TypeError: boom",
    ]);
  });
});
