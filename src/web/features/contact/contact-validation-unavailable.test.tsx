import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWeb } from "../../../testing/render-web";
import type { CaptchaProps } from "./captcha/captcha-handle";
import ContactPage from "./contact-page";

// The schema's chunk cannot be fetched (the connection dropped after the page loaded).
vi.mock("./contact-validation", () => {
  throw new Error("Failed to fetch dynamically imported module");
});

vi.mock("./captcha/captcha-field", () => ({
  CaptchaField: ({ onToken }: CaptchaProps) => (
    <button type="button" onClick={() => onToken("solved-captcha-token")}>
      Solve captcha
    </button>
  ),
}));

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => Response.json({ ok: true }));
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe("contact form without its schema", () => {
  it("sends nothing, alerts SPEC's submission error and keeps everything typed", async () => {
    const user = userEvent.setup();
    renderWeb(<ContactPage />, { route: "/contact" });
    await screen.findByRole("form", { name: "Contact form" });
    await user.type(screen.getByLabelText(/^First name/), "Ada");
    await user.type(screen.getByLabelText(/^Last name/), "Lovelace");
    await user.type(screen.getByLabelText(/^Email/), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Solve captcha" }));
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "There was an error submitting the form. Please try again.",
    );
    const contactCalls = fetchMock.mock.calls.filter(([url]) => String(url).includes("/api/contact"));
    expect(contactCalls).toHaveLength(0);
    expect(screen.getByLabelText(/^First name/)).toHaveValue("Ada");
    expect(screen.getByLabelText(/^Email/)).toHaveValue("ada@example.com");
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });
});
