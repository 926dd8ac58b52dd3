import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setPublicConfigForTests } from "@/lib/public-config";
import { renderWeb, signedInAs } from "../../../testing/render-web";
import { AccessDenied } from "./access-denied";

const routes = [
  { path: "/dashboard", element: <AccessDenied email="eve@notacme.com" /> },
  { path: "/", element: <p>landing page</p> },
  { path: "/contact", element: <p>contact form</p> },
];

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
});
