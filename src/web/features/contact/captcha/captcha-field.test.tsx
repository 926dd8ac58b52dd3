import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRef } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PublicConfig } from "@shared/public-config";
import type { CaptchaField as CaptchaFieldComponent } from "./captcha-field";
import type { CaptchaHandle } from "./captcha-handle";

// Fresh modules per test: the reCAPTCHA loader remembers Google's script once loaded, as it should in the app.
let CaptchaField: typeof CaptchaFieldComponent;
let setConfig: (config: PublicConfig | undefined) => void;
beforeEach(async () => {
  vi.resetModules();
  ({ CaptchaField } = await import("./captcha-field"));
  setConfig = (await import("@/lib/public-config")).setPublicConfigForTests;
});
afterEach(() => {
  setConfig(undefined);
  document.head.querySelectorAll("script[src*='recaptcha']").forEach((s) => s.remove());
  delete window.grecaptcha;
});

describe("CaptchaField with reCAPTCHA configured", () => {
  it("loads Google's script once, renders the dark v2 checkbox and passes its token on", async () => {
    setConfig({
      companyDomain: "acme.com",
      captcha: { provider: "recaptcha", siteKey: "site-key-1" },
    });
    const onToken = vi.fn();
    const ref = createRef<CaptchaHandle>();
    const { container } = render(<CaptchaField onToken={onToken} ref={ref} />);

    const script = document.head.querySelector<HTMLScriptElement>("script[src*='recaptcha']");
    expect(script?.src).toBe(
      "https://www.google.com/recaptcha/api.js?onload=pulseRecaptchaLoaded&render=explicit",
    );

    let parameters: Parameters<NonNullable<typeof window.grecaptcha>["render"]>[1] | undefined;
    const grecaptcha = {
      render: vi.fn((_el: HTMLElement, p: NonNullable<typeof parameters>) => {
        parameters = p;
        return 7;
      }),
      reset: vi.fn(),
    };
    window.grecaptcha = grecaptcha;
    await act(async () => window.pulseRecaptchaLoaded?.());

    expect(grecaptcha.render).toHaveBeenCalledWith(
      container.firstChild,
      expect.objectContaining({ sitekey: "site-key-1", theme: "dark" }),
    );
    act(() => parameters!.callback("google-token"));
    expect(onToken).toHaveBeenLastCalledWith("google-token");
    act(() => parameters!["expired-callback"]());
    expect(onToken).toHaveBeenLastCalledWith("");

    act(() => parameters!.callback("google-token-2"));
    act(() => ref.current!.reset());
    expect(grecaptcha.reset).toHaveBeenCalledWith(7);
    expect(onToken).toHaveBeenLastCalledWith("");
  });

  it("says so when Google's script cannot be loaded", async () => {
    setConfig({ companyDomain: "acme.com", captcha: { provider: "recaptcha", siteKey: "k" } });
    render(<CaptchaField onToken={() => undefined} />);
    const script = document.head.querySelector<HTMLScriptElement>("script[src*='recaptcha']")!;
    await act(async () => script.onerror?.(new Event("error")));
    expect(
      await screen.findByText(
        "The captcha could not be loaded. Please check your connection and reload the page.",
      ),
    ).toBeInTheDocument();
  });
});

// The widget's own code needs Web Workers; what is tested here is when the form asks for it.
vi.mock("altcha", () => ({}));

/** An IntersectionObserver the test drives: jsdom has none, and lays nothing out. */
class FakeIntersectionObserver {
  static latest: FakeIntersectionObserver | undefined;
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.latest = this;
  }
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
  /** The captcha's placeholder entering (or not) the viewport. */
  report(isIntersecting: boolean) {
    const entry = { isIntersecting } as IntersectionObserverEntry;
    act(() => this.callback([entry], this as unknown as IntersectionObserver));
  }
}

describe("CaptchaField without reCAPTCHA keys", () => {
  beforeEach(() => {
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
    setConfig({
      companyDomain: "acme.com",
      captcha: { provider: "altcha", challengeUrl: "/api/captcha/challenge" },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderForm = () =>
    render(
      <form>
        <input aria-label="First name" />
        <CaptchaField onToken={() => undefined} />
      </form>,
    );
  const widget = () => document.querySelector("altcha-widget");

  it("holds the ALTCHA widget's place while the page loads, even with the captcha just below the fold", () => {
    renderForm();
    FakeIntersectionObserver.latest!.report(false);
    expect(screen.getByRole("status")).toHaveTextContent("Loading captcha…");
    expect(widget()).toBeNull();
  });

  it("loads the widget as soon as the visitor starts on the form, by keyboard too", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.tab();
    await waitFor(() => expect(widget()).not.toBeNull());
    expect(widget()).toHaveAttribute("challenge", "/api/captcha/challenge");
    expect(screen.queryByText("Loading captcha…")).toBeNull();
  });

  it("loads the widget once the captcha scrolls into view", async () => {
    renderForm();
    FakeIntersectionObserver.latest!.report(true);
    await waitFor(() => expect(widget()).not.toBeNull());
  });
});
