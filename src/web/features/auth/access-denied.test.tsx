import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setPublicConfigForTests } from "@/lib/public-config";
import { renderWeb, signedInAs } from "../../../testing/render-web";
import { AccessDenied, AUTO_SIGN_OUT_DELAY_MS } from "./access-denied";

const routes = [
  { path: "/dashboard", element: <AccessDenied email="eve@notacme.com" /> },
  { path: "/", element: <p>landing page</p> },
  { path: "/contact", element: <p>contact form</p> },
];

/** Moves the fake clock, letting React commit what the timers started. */
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

beforeEach(() => {
  setPublicConfigForTests({ companyDomain: "acme.com", captcha: { provider: "altcha", challengeUrl: "/x" } });
});

describe("AccessDenied", () => {
  it("shows every text of SPEC, with the e-mail in the red box", () => {
    renderWeb(routes, { route: "/dashboard", auth: signedInAs("eve@notacme.com") });
    expect(screen.getByRole("heading", { level: 1, name: "Unsupported email domain" })).toBeInTheDocument();
    expect(
      screen.getByText("Currently only @acme.com Google accounts can access our production site."),
    ).toBeInTheDocument();
    const box = screen.getByRole("group", { name: "Unauthorized email domain" });
    expect(within(box).getByText("eve@notacme.com")).toBeInTheDocument();
    expect(box.className).toMatch(/red/);
    expect(screen.getByText("To gain access to Pulse, please contact our team.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Contact Us for Access" })).toHaveAttribute("href", "/contact");
    expect(screen.getByRole("button", { name: "Return to landing page" })).toBeEnabled();
    expect(screen.getByText("Signing you out automatically...")).toBeInTheDocument();
  });

  it("'Return to landing page' signs out, reading 'Return to landing page...' meanwhile, then shows the landing page", async () => {
    let finish!: () => void;
    const signOut = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderWeb(routes, { route: "/dashboard", auth: signedInAs("eve@notacme.com", { signOut }) });
    await userEvent.click(screen.getByRole("button", { name: "Return to landing page" }));
    expect(signOut).toHaveBeenCalledOnce();
    expect(screen.getByRole("button", { name: "Return to landing page..." })).toBeDisabled();
    finish();
    expect(await screen.findByText("landing page")).toBeInTheDocument();
  });

  describe("signs the user out automatically, as its note says", () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
      return () => vi.useRealTimers();
    });

    it("once the pause is over: once, landing on the landing page", async () => {
      const signOut = vi.fn(async () => undefined);
      renderWeb(routes, { route: "/dashboard", auth: signedInAs("eve@notacme.com", { signOut }) });
      expect(screen.getByRole("heading", { level: 1, name: "Unsupported email domain" })).toBeInTheDocument();
      expect(screen.getByText("Signing you out automatically...")).toBeInTheDocument();

      await advance(AUTO_SIGN_OUT_DELAY_MS - 1);
      expect(signOut).not.toHaveBeenCalled();
      expect(screen.getByRole("button", { name: "Return to landing page" })).toBeEnabled();

      await advance(1);
      expect(signOut).toHaveBeenCalledOnce();
      expect(screen.getByText("landing page")).toBeInTheDocument();
      await advance(AUTO_SIGN_OUT_DELAY_MS);
      expect(signOut).toHaveBeenCalledOnce();
    });

    it("leaving the screen for the contact page cancels it", async () => {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const signOut = vi.fn(async () => undefined);
      renderWeb(routes, { route: "/dashboard", auth: signedInAs("eve@notacme.com", { signOut }) });
      await user.click(screen.getByRole("link", { name: "Contact Us for Access" }));
      expect(screen.getByText("contact form")).toBeInTheDocument();
      await advance(AUTO_SIGN_OUT_DELAY_MS);
      expect(signOut).not.toHaveBeenCalled();
    });

    it("'Return to landing page' before the pause signs out once and cancels the automatic sign-out", async () => {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      let finish!: () => void;
      const signOut = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
      renderWeb(routes, { route: "/dashboard", auth: signedInAs("eve@notacme.com", { signOut }) });

      await advance(AUTO_SIGN_OUT_DELAY_MS / 2);
      await user.click(screen.getByRole("button", { name: "Return to landing page" }));
      expect(signOut).toHaveBeenCalledOnce();
      expect(vi.getTimerCount()).toBe(0);

      // The server is slow to answer: the pause ends while the screen still reads "Return to landing page...".
      await advance(AUTO_SIGN_OUT_DELAY_MS);
      expect(screen.getByRole("button", { name: "Return to landing page..." })).toBeDisabled();
      expect(signOut).toHaveBeenCalledOnce();

      await act(async () => finish());
      expect(screen.getByText("landing page")).toBeInTheDocument();
      expect(signOut).toHaveBeenCalledOnce();
    });
  });
});
