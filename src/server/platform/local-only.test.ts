import Fastify, { type InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { isLocalOnlyPath, nonLoopbackAddresses, registerLocalOnlyPaths } from "./local-only";

let t: TestApp;
beforeAll(async () => {
  // The stand-ins are mounted (loopback HOST and PUBLIC_URL); TRUST_PROXY is set so that a forged
  // X-Forwarded-For would move request.ip — the guard must not listen to it.
  t = await createTestApp({ env: { TRUST_PROXY: "1" } });
});
afterAll(async () => {
  await t.close();
});

const DISCOVERY = "/dev/oidc/.well-known/openid-configuration";
const HOOK = "/dev/workflows/hooks/asana-connect";

const get = (url: string, options: Partial<InjectOptions> = {}) =>
  t.app.inject({ method: "GET", url, ...options } as InjectOptions);

describe("the development stand-ins answer only requests from and for loopback", () => {
  it("serve a loopback peer asking for a loopback host", async () => {
    for (const host of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000"]) {
      for (const remoteAddress of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
        const res = await get(DISCOVERY, { headers: { host }, remoteAddress });
        expect(res.statusCode, `${remoteAddress} → ${host}`).toBe(200);
      }
    }
  });

  it("answer 404 to a peer on the network, even one claiming loopback in X-Forwarded-For", async () => {
    for (const remoteAddress of ["203.0.113.9", "10.0.0.7", "::ffff:192.168.1.4", "2001:db8::1"]) {
      for (const url of [DISCOVERY, "/dev/oidc/revoke", "/dev/workflows/connect/abc", "/dev"]) {
        const res = await get(url, {
          headers: { host: "localhost:3000", "x-forwarded-for": "127.0.0.1" },
          remoteAddress,
        });
        expect(res.statusCode, `${remoteAddress} ${url}`).toBe(404);
        expect(res.json()).toEqual({
          error: { code: "not_found", message: `No route for GET ${url}` },
        });
      }
    }
    const post = await t.app.inject({
      method: "POST",
      url: HOOK,
      remoteAddress: "203.0.113.9",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ external_user_id: "00000000-0000-0000-0000-000000000000" }),
    });
    expect(post.statusCode).toBe(404);
  });

  it("answer 404 to a loopback peer asking for another host (a proxy on this machine, DNS rebinding)", async () => {
    for (const host of ["pulse.acme.com", "10.0.0.5:3000", "localhost.evil.io", "0.0.0.0:3000"]) {
      const res = await get(DISCOVERY, { headers: { host }, remoteAddress: "127.0.0.1" });
      expect(res.statusCode, host).toBe(404);
    }
  });

  it("answer 404 to a loopback peer whenever a proxy's forwarding header is present (issue 37 item 7)", async () => {
    for (const headers of [
      { "x-forwarded-for": "1.2.3.4" },
      { "x-forwarded-for": "127.0.0.1" },
      { "x-forwarded-host": "localhost:3000" },
      { "x-forwarded-proto": "http" },
      { "x-forwarded-port": "3000" },
      { forwarded: "for=1.2.3.4" },
      { "x-real-ip": "1.2.3.4" },
      { via: "1.1 proxy" },
    ]) {
      for (const url of [DISCOVERY, "/dev/oidc/revoke", "/dev/workflows/connect/abc"]) {
        const res = await get(url, {
          headers: { host: "localhost:3000", ...headers },
          remoteAddress: "127.0.0.1",
        });
        expect(res.statusCode, `${JSON.stringify(headers)} ${url}`).toBe(404);
      }
    }
  });

  it("accept only a Host that is exactly a loopback name or address with an optional port (issue 37 item 7)", async () => {
    for (const host of [
      "evil.com@localhost",
      "evil.com@localhost:3000",
      "localhost/evil",
      "localhost\\evil.com",
      "localhost:3000/evil",
      "localhost#evil.com",
      "localhost?evil.com",
      "foo.localhost",
      "foo.localhost:3000",
      "localhost.",
      "localhost:",
      "localhost:abc",
      "127.0.0.1.nip.io",
      "127.0.0.256",
      "[::1]evil",
      "[::ffff:127.0.0.1]",
    ]) {
      const res = await get(DISCOVERY, { headers: { host }, remoteAddress: "127.0.0.1" });
      expect(res.statusCode, host).toBe(404);
    }
    for (const host of [
      "localhost",
      "LOCALHOST:3000",
      "127.0.0.1",
      "127.1.2.3:8080",
      "[::1]",
      "[0:0:0:0:0:0:0:1]:3000",
    ]) {
      const res = await get(DISCOVERY, { headers: { host }, remoteAddress: "127.0.0.1" });
      expect(res.statusCode, host).toBe(200);
    }
  });

  it("cannot be reached from the network by spelling the path differently", async () => {
    for (const url of [
      "/DEV/oidc/.well-known/openid-configuration",
      "/%64ev/oidc/revoke",
      "//dev/oidc/revoke",
    ]) {
      const res = await get(url, { headers: { host: "localhost:3000" }, remoteAddress: "203.0.113.9" });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it("are checked by the path they were registered under too, a check added once per route (not per request)", async () => {
    const app = Fastify();
    registerLocalOnlyPaths(app);
    app.get("/dev/probe", async () => "ok");
    app.get("/api/probe", async () => "ok");
    await app.ready();
    const routes = app.printRoutes({ includeHooks: true, commonPrefix: false });
    const hooksOf = (path: string) =>
      routes.split(/\n(?=[├└]── )/).find((r) => r.includes(`── ${path} (GET)`));
    expect(hooksOf("/dev/probe")).toContain("refuseUnlessLocal");
    expect(hooksOf("/api/probe")).not.toContain("refuseUnlessLocal");
    await app.close();
  });

  it("leave every other path alone for network peers", async () => {
    const res = await get("/api/config", {
      headers: { host: "pulse.acme.com" },
      remoteAddress: "203.0.113.9",
    });
    expect(res.statusCode).toBe(200);
  });
});

describe("isLocalOnlyPath", () => {
  it("folds case, escapes and repeated slashes, and matches whole segments", () => {
    expect(isLocalOnlyPath("/dev")).toBe(true);
    expect(isLocalOnlyPath("/dev/oidc?x=1")).toBe(true);
    expect(isLocalOnlyPath("/Dev/oidc")).toBe(true);
    expect(isLocalOnlyPath("/%64ev/oidc")).toBe(true);
    expect(isLocalOnlyPath("/%44%45%56")).toBe(true);
    expect(isLocalOnlyPath("/DEV/workflows")).toBe(true);
    expect(isLocalOnlyPath("//dev/workflows")).toBe(true);
    expect(isLocalOnlyPath("/developers")).toBe(false);
    expect(isLocalOnlyPath("/api/dev")).toBe(false);
    expect(isLocalOnlyPath("/%E0%A4%A")).toBe(false);
  });
});

describe("nonLoopbackAddresses (issue 37 item 7: judge the address bound, not HOST's name)", () => {
  it("names every bound address that is not loopback", () => {
    expect(nonLoopbackAddresses([{ address: "127.0.0.1" }, { address: "::1" }])).toEqual([]);
    expect(nonLoopbackAddresses([{ address: "::ffff:127.0.0.1" }])).toEqual([]);
    expect(
      nonLoopbackAddresses([{ address: "127.0.0.1" }, { address: "10.0.0.5" }, { address: "0.0.0.0" }]),
    ).toEqual(["10.0.0.5", "0.0.0.0"]);
    expect(nonLoopbackAddresses([{ address: "::" }, "/tmp/pulse.sock"])).toEqual(["::", "/tmp/pulse.sock"]);
  });
});
