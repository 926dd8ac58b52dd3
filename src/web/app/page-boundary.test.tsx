import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderWeb } from "../../testing/render-web";
import { setPublicConfigForTests } from "../lib/public-config";
import { routes } from "../routes";

// The Terms page stands in for any page whose render fails; routes.tsx loads it by this module's path.
vi.mock("../features/legal/terms-page.tsx", () => ({
  default: function BrokenPage(): never {
    throw new Error("the page broke");
  },
}));

// A page's module is loaded on first use; on a busy machine that can take longer than Testing Library's 1 s.
const LOADED = { timeout: 10_000 };

beforeEach(() => {
  setPublicConfigForTests({ companyDomain: "acme.com", captcha: { provider: "altcha", challengeUrl: "/x" } });
  // React and the boundary log the failure; that is the point here.
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  // jsdom has no layout; the site layout scrolls to the top on every navigation.
  vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
});

describe("a page that fails to render", () => {
  it("shows the error on its own route only: other pages of the layout still render, and it fails again on return", async () => {
    const user = userEvent.setup();
    renderWeb(routes, { route: "/terms" });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Something went wrong" }, LOADED),
    ).toBeInTheDocument();
    const legal = screen.getByRole("navigation", { name: "Legal" });

    await user.click(within(legal).getByRole("link", { name: "Privacy Policy" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Privacy Policy" }, LOADED),
    ).toBeInTheDocument();
    expect(screen.queryByText("Something went wrong")).toBeNull();

    await user.click(within(legal).getByRole("link", { name: "Terms of Service" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Something went wrong" }, LOADED),
    ).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Privacy Policy" })).toBeNull();
  });
});
