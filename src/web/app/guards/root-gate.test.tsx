import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { setPublicConfigForTests } from "../../lib/public-config";
import { anonymous, renderWeb, signedInAs } from "../../../testing/render-web";
import { routes as appRoutes } from "../../routes";
import { RootGate } from "./root-gate";

const routes = [
  {
    path: "/",
    element: <RootGate anonymousPage={<p>the landing page</p>} signedInPage={<p>the dashboard</p>} />,
  },
];

beforeEach(() => {
  setPublicConfigForTests({ companyDomain: "acme.com", captcha: { provider: "altcha", challengeUrl: "/x" } });
});

describe("RootGate (/)", () => {
  it("shows Loading... while auth is loading", () => {
    renderWeb(routes, { auth: { ...anonymous, loading: true } });
    expect(screen.getAllByRole("status").some((s) => s.textContent === "Loading...")).toBe(true);
  });

  it("denies a signed-in user of another domain, showing the e-mail", () => {
    renderWeb(routes, { auth: signedInAs("eve@notacme.com") });
    expect(screen.getByRole("heading", { name: "Unsupported email domain" })).toBeInTheDocument();
    expect(screen.getByText("eve@notacme.com")).toBeInTheDocument();
  });

  it("denies an @acme.com address whose Google hosted domain is another one", () => {
    const auth = signedInAs("ann@acme.com");
    renderWeb(routes, { auth: { ...auth, user: { ...auth.user!, hd: "elsewhere.com" } } });
    expect(screen.getByRole("heading", { name: "Unsupported email domain" })).toBeInTheDocument();
  });

  it("shows an authorised user the signed-in page", () => {
    renderWeb(routes, { auth: signedInAs("ann@acme.com") });
    expect(screen.queryByRole("heading", { name: "Unsupported email domain" })).toBeNull();
    expect(screen.getByText("the dashboard")).toBeInTheDocument();
  });

  it("shows an anonymous visitor the landing page", () => {
    renderWeb(routes);
    expect(screen.getByText("the landing page")).toBeInTheDocument();
  });

  it("shows an authorised user the Console, as /dashboard does", async () => {
    renderWeb(appRoutes, { auth: signedInAs("ann@acme.com") });
    // The Console is its own lazy chunk: the first import transforms the whole UI kit, slow on a busy machine.
    expect(
      await screen.findByRole("heading", { name: "Project Hierarchy" }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Console" })).toBeInTheDocument();
  });
});
