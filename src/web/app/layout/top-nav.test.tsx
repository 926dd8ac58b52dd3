import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { anonymous, renderWeb, signedInAs } from "../../../testing/render-web";
import { TopNav } from "./top-nav";

describe("TopNav", () => {
  it("shows the public links and Login to an anonymous visitor", () => {
    renderWeb(<TopNav variant="public" />);
    const nav = screen.getByRole("navigation", { name: "Main" });
    const labels = within(nav)
      .getAllByRole("link")
      .map((a) => [a.textContent, a.getAttribute("href")]);
    expect(labels).toEqual([
      ["Pulse", "/"],
      ["Product", "/product"],
      ["Technology", "/technology"],
      ["About", "/about"],
      ["Contact", "/contact"],
      ["Login", "/auth"],
    ]);
    expect(within(nav).queryByRole("button", { name: "Logout" })).toBeNull();
  });

  it("shows the signed-in area's links and Logout to a signed-in user", async () => {
    const signOut = vi.fn(async () => undefined);
    renderWeb(<TopNav variant="app" />, { auth: signedInAs("ann@acme.com", { signOut }) });
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((a) => [a.textContent, a.getAttribute("href")]),
    ).toEqual([
      ["Pulse", "/"],
      ["Console", "/dashboard"],
      ["Streams", "/projects"],
      ["PulseMap", "/timeline"],
      ["PulseOps", "/project-manager"],
      ["Settings", "/settings"],
    ]);
    await userEvent.click(within(nav).getByRole("button", { name: "Logout" }));
    expect(signOut).toHaveBeenCalledOnce();
  });

  it("replaces Login with Logout on public pages when someone is signed in", () => {
    renderWeb(<TopNav variant="public" />, { auth: signedInAs("ann@acme.com") });
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).queryByRole("link", { name: "Login" })).toBeNull();
    expect(within(nav).getByRole("button", { name: "Logout" })).toBeInTheDocument();
  });

  it("while the session is being read, keeps Login's place but does not show it (nor Logout)", () => {
    renderWeb(<TopNav variant="public" />, { auth: { ...anonymous, loading: true } });
    const nav = screen.getByRole("navigation", { name: "Main" });
    // `invisible` is visibility: hidden (jsdom applies no stylesheet, so the class is what can be checked here; the
    // e2e test in prerendered-pages.spec.ts sees it hidden in a browser).
    expect(within(nav).getByText("Login")).toHaveClass("invisible");
    expect(within(nav).queryByRole("button", { name: "Logout" })).toBeNull();
  });

  it("opens the mobile sheet from the menu button and closes it when a link is chosen", async () => {
    renderWeb(<TopNav variant="public" />);
    await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const sheet = await screen.findByRole("dialog");
    await userEvent.click(within(sheet).getByRole("link", { name: "About" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("darkens and blurs on public pages only once scrolled past 50 px", () => {
    renderWeb(<TopNav variant="public" />);
    const header = screen.getByRole("banner");
    expect(header).toHaveAttribute("data-scrolled", "false");
    Object.defineProperty(window, "scrollY", { value: 51, configurable: true });
    act(() => {
      window.dispatchEvent(new Event("scroll"));
    });
    expect(header).toHaveAttribute("data-scrolled", "true");
    expect(header.className).toContain("backdrop-blur");
    Object.defineProperty(window, "scrollY", { value: 50, configurable: true });
    act(() => {
      window.dispatchEvent(new Event("scroll"));
    });
    expect(header).toHaveAttribute("data-scrolled", "false");
  });
});
