import { act, render, screen } from "@testing-library/react";
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

describe("CaptchaField without reCAPTCHA keys", () => {
  it("holds the ALTCHA widget's place until the visitor starts on the form", () => {
    setConfig({
      companyDomain: "acme.com",
      captcha: { provider: "altcha", challengeUrl: "/api/captcha/challenge" },
    });
    render(
      <form>
        <input aria-label="First name" />
        <CaptchaField onToken={() => undefined} />
      </form>,
    );
    expect(screen.getByRole("status")).toHaveTextContent("Loading captcha…");
    expect(document.querySelector("altcha-widget")).toBeNull();
  });
});
