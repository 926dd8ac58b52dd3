import { cleanup, screen, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { anonymous, renderWeb, signedInAs } from "../testing/render-web";
import { setPublicConfigForTests } from "./lib/public-config";
import { ROUTE_TABLE, signedInRootPage, type PageModule } from "./route-table";
import { routes } from "./routes";

// A page's module is loaded on first use; on a busy machine that can take longer than Testing Library's 1 s.
const LOADED = { timeout: 10_000 };

/** The h1 a page module renders on its own, outside the router's table. */
async function headingOf(module: PageModule, auth = anonymous): Promise<string> {
  const { default: Page } = (await import(/* @vite-ignore */ `./${module}`)) as { default: ComponentType };
  renderWeb(<Page />, { auth });
  const text = (await screen.findByRole("heading", { level: 1 }, LOADED)).textContent;
  cleanup();
  return text ?? "";
}

/** The h1 the app shows at `path`. */
async function headingAt(path: string, auth = anonymous): Promise<string> {
  renderWeb(routes, { route: path, auth });
  const text = (await screen.findByRole("heading", { level: 1 }, LOADED)).textContent;
  cleanup();
  return text ?? "";
}

beforeEach(() => {
  setPublicConfigForTests({ companyDomain: "acme.com", captcha: { provider: "altcha", challengeUrl: "/x" } });
  // The 404 page logs the missing path (SPEC §2); that is expected here.
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  // jsdom has no layout; the site layout scrolls to the top on every navigation.
  vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
});

describe("the route table as routes", () => {
  it("renders each public route's page module, for anyone", async () => {
    for (const { path, page } of ROUTE_TABLE.public) {
      expect(await headingAt(path), path).toBe(await headingOf(page));
    }
  });

  it("renders each protected route's page module for a user of the company domain", async () => {
    const ann = signedInAs("ann@acme.com");
    for (const { path, page } of ROUTE_TABLE.protected) {
      expect(await headingAt(path, ann), path).toBe(await headingOf(page, ann));
    }
  });

  it("sends an anonymous visitor on a protected route to the sign-in page", async () => {
    const signIn = ROUTE_TABLE.public.find((r) => r.path === "/auth")!;
    for (const { path } of ROUTE_TABLE.protected) {
      expect(await headingAt(path), path).toBe(await headingOf(signIn.page));
    }
  });

  it("shows the landing page at / to an anonymous visitor and the signed-in home to a user", async () => {
    expect(await headingAt("/")).toBe(await headingOf(ROUTE_TABLE.root.anonymous));
    const ann = signedInAs("ann@acme.com");
    expect(await headingAt("/", ann)).toBe(await headingOf(signedInRootPage(), ann));
  });

  it("shows the not-found page on any other path", async () => {
    expect(await headingAt("/no/such/page")).toBe(await headingOf(ROUTE_TABLE.notFound));
  });

  it("shows a user of another domain the access-denied screen with one look, at / and on every protected route", async () => {
    const eve = signedInAs("eve@notacme.com");
    const screenAt = async (path: string) => {
      const { container } = renderWeb(routes, { route: path, auth: eve });
      await screen.findByRole("heading", { level: 1, name: "Unsupported email domain" }, LOADED);
      const html = container.innerHTML;
      cleanup();
      return html;
    };
    const atRoot = await screenAt("/");
    for (const { path } of ROUTE_TABLE.protected) expect(await screenAt(path), path).toBe(atRoot);
    // The public navigation: the signed-in area's links would only lead back to this screen.
    renderWeb(routes, { route: ROUTE_TABLE.protected[0].path, auth: eve });
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Product" })).toBeInTheDocument();
    expect(within(nav).queryByRole("link", { name: "Console" })).toBeNull();
    expect(within(nav).getByRole("button", { name: "Logout" })).toBeInTheDocument();
  });
});
