import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { walkDevProvider } from "../../../testing/auth-test-driver";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const expectSecurityHeaders = (headers: Record<string, unknown>) => {
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
};

describe("the development identity provider's own responses", () => {
  it("carry Pulse's security headers although the provider writes them itself", async () => {
    const discovery = await t.app.inject({
      method: "GET",
      url: "/dev/oidc/.well-known/openid-configuration",
    });
    expect(discovery.statusCode).toBe(200);
    expectSecurityHeaders(discovery.headers);

    const missing = await t.app.inject({ method: "GET", url: "/dev/oidc/no-such-endpoint" });
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing.headers);
  });

  it("still completes a sign-in walk with them", async () => {
    const { callbackUrl } = await walkDevProvider(t.app, "ada@acme.com");
    expect(new URL(callbackUrl).searchParams.get("code")).toBeTruthy();
  });
});
