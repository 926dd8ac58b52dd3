import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { anonymous, renderWeb, signedInAs } from "../../../testing/render-web";
import { setPublicConfigForTests } from "../../lib/public-config";
import { ProtectedRoute } from "./protected-route";

const routes = [
  { path: "/auth", element: <p>sign-in screen</p> },
  { element: <ProtectedRoute />, children: [{ path: "/dashboard", element: <p>the page</p> }] },
];

describe("ProtectedRoute", () => {
  setPublicConfigForTests({ companyDomain: "acme.com", captcha: { provider: "altcha", challengeUrl: "/x" } });

  it("shows Loading... while auth is loading", () => {
    renderWeb(routes, { route: "/dashboard", auth: { ...anonymous, loading: true } });
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
  });

  it("redirects an anonymous visitor to /auth", () => {
    renderWeb(routes, { route: "/dashboard" });
    expect(screen.getByText("sign-in screen")).toBeInTheDocument();
  });

  it("denies a user of another domain", () => {
    renderWeb(routes, { route: "/dashboard", auth: signedInAs("eve@notacme.com") });
    expect(screen.queryByText("the page")).toBeNull();
    expect(screen.getByText("Unsupported email domain")).toBeInTheDocument();
  });

  it("shows the page to a user of the company domain", () => {
    renderWeb(routes, { route: "/dashboard", auth: signedInAs("ann@acme.com") });
    expect(screen.getByText("the page")).toBeInTheDocument();
  });

  it("denies a company address that Google's Workspace does not manage, where the deployment requires it", () => {
    setPublicConfigForTests({
      companyDomain: "acme.com",
      captcha: { provider: "altcha", challengeUrl: "/x" },
      requireHostedDomain: true,
    });
    try {
      renderWeb(routes, { route: "/dashboard", auth: signedInAs("ann@acme.com") });
      expect(screen.queryByText("the page")).toBeNull();
      expect(screen.getByText("Unsupported email domain")).toBeInTheDocument();
    } finally {
      setPublicConfigForTests({
        companyDomain: "acme.com",
        captcha: { provider: "altcha", challengeUrl: "/x" },
      });
    }
  });
});
