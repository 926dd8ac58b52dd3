import { SIGN_IN_ERRORS } from "@shared/auth";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useLocation } from "@/lib/router";
import { toast } from "@/lib/toast";
import { setPublicConfigForTests } from "@/lib/public-config";
import { anonymous, renderWeb, signedInAs } from "../../../testing/render-web";
import SignInPage from "./sign-in-page";

vi.mock("@/lib/toast", () => ({ toast: { error: vi.fn() } }));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

const routes = [
  {
    path: "/auth",
    element: (
      <>
        <SignInPage />
        <Where />
      </>
    ),
  },
  { path: "/dashboard", element: <p>dashboard</p> },
  { path: "/contact", element: <p>contact form</p> },
];

beforeEach(() => {
  setPublicConfigForTests({ companyDomain: "acme.com", captcha: { provider: "altcha", challengeUrl: "/x" } });
  vi.mocked(toast.error).mockClear();
});

describe("SignInPage (/auth)", () => {
  it("shows SPEC's texts for the company domain", () => {
    renderWeb(routes, { route: "/auth" });
    expect(screen.getByRole("heading", { level: 1, name: "Welcome to Pulse" })).toBeInTheDocument();
    expect(screen.getByText("Sign in with your @acme.com Google account to continue")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
    expect(
      screen.getByText("Only @acme.com accounts are authorized to access this platform."),
    ).toBeInTheDocument();
    expect(screen.getByText(/Don't have access\?/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Contact us to request access" })).toHaveAttribute(
      "href",
      "/contact",
    );
  });

  it("reads 'Signing in...' while busy and returns to idle when the sign-in could not start", async () => {
    let finish!: (r: { error: Error | null }) => void;
    const signInWithGoogle = vi.fn(
      () => new Promise<{ error: Error | null }>((resolve) => (finish = resolve)),
    );
    renderWeb(routes, { route: "/auth", auth: { ...anonymous, signInWithGoogle } });
    await userEvent.click(screen.getByRole("button", { name: "Continue with Google" }));
    const busy = screen.getByRole("button", { name: "Signing in..." });
    expect(busy).toBeDisabled();
    expect(signInWithGoogle).toHaveBeenCalledOnce();
    finish({ error: new Error("no") });
    expect(await screen.findByRole("button", { name: "Continue with Google" })).toBeEnabled();
  });

  it("stays busy while the browser leaves for Google", async () => {
    const signInWithGoogle = vi.fn(async () => ({ error: null }));
    renderWeb(routes, { route: "/auth", auth: { ...anonymous, signInWithGoogle } });
    await userEvent.click(screen.getByRole("button", { name: "Continue with Google" }));
    expect(screen.getByRole("button", { name: "Signing in..." })).toBeDisabled();
  });

  it("toasts the fixed message of the error code in the address, once, and tidies the address", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderWeb(routes, {
      route: "/auth?error=access_denied&error_description=Call%20our%20fake%20support%20line",
    });
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith("Authentication Error", {
      description: SIGN_IN_ERRORS.access_denied,
    });
    expect(log).toHaveBeenCalledWith(`Authentication Error: ${SIGN_IN_ERRORS.access_denied}`);
    expect(await screen.findByTestId("where")).toHaveTextContent(/^\/auth$/);
    log.mockRestore();
  });

  it("never shows text from the address: an unknown code gets the generic message", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderWeb(routes, { route: "/auth?error=%3Cyour%20account%20is%20locked%3E" });
    expect(toast.error).toHaveBeenCalledWith("Authentication Error", {
      description: "An unexpected error occurred during authentication",
    });
    log.mockRestore();
  });

  it("sends a signed-in user on to /dashboard", () => {
    renderWeb(routes, { route: "/auth", auth: signedInAs("ann@acme.com") });
    expect(screen.getByText("dashboard")).toBeInTheDocument();
  });
});
