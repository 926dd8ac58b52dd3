import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { productionSettings } from "../testing/production-settings";

/**
 * Issue 20 item 2: a public PUBLIC_URL with the production settings but NODE_ENV unset used to start with the
 * development rules (no Workspace rule, no HSTS, localhost origins on the realtime socket). What the deployment
 * reaches decides now, not NODE_ENV.
 */
const publicDeployment = () => ({ ...productionSettings(), NODE_ENV: "development" });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: publicDeployment() });
});
afterAll(async () => {
  await t.close();
});

describe("a public PUBLIC_URL without NODE_ENV=production gets the production rules", () => {
  it("sends HSTS and asks browsers to upgrade insecure requests", async () => {
    const res = await t.app.inject({ url: "/healthz" });
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(String(res.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
  });

  it("requires Workspace-managed accounts (the `hd` rule)", async () => {
    expect((await t.app.inject({ url: "/api/config" })).json().requireHostedDomain).toBe(true);
  });

  it("accepts realtime handshakes from PUBLIC_URL's origin only, not localhost's", async () => {
    for (const origin of ["http://localhost:3000", "http://127.0.0.1:5173", "http://[::1]:3000"]) {
      const res = await t.app.inject({ url: "/realtime", headers: { origin } });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().error.code).toBe("origin_not_allowed");
    }
    const own = await t.app.inject({ url: "/realtime", headers: { origin: "https://pulse.acme.com" } });
    expect(own.statusCode).toBe(426);
  });

  it("mounts no development stand-in, and sends the Asana sync's environment as production", async () => {
    for (const url of ["/dev/oidc/.well-known/openid-configuration", "/dev/workflows/connect/x"]) {
      expect((await t.app.inject({ url, headers: { host: "localhost:3000" } })).statusCode, url).toBe(404);
    }
    expect(t.app.devIdentityProvider).toBeUndefined();
    expect(t.app.workflowSimulator).toBeUndefined();
  });
});
