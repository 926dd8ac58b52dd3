import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInThroughDevProvider } from "../../testing/auth-test-driver";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { accessOf, ROUTE_ACCESS } from "./access";

let t: TestApp;
let outsider: string;
let member: string;
beforeAll(async () => {
  t = await createTestApp();
  outsider = (await signInThroughDevProvider(t.app, "eve@notacme.com")).access_token;
  member = (await signInThroughDevProvider(t.app, "ada@acme.com")).access_token;
});
afterAll(async () => {
  await t.close();
});

const concrete = (url: string) => url.replace(/:[^/]+/g, "x").replace(/\*$/, "x");
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("one guard for every product route", () => {
  it("walks every registered route: each is public by the list, or refuses 401 without a token and 403 for another domain", async () => {
    const guarded = t.app.routeAccess.filter((r) => r.access !== undefined);
    expect(guarded.length).toBeGreaterThan(5);
    for (const { method, url, access } of guarded) {
      const key = `${method === "HEAD" ? "GET" : method} ${url}`;
      if (access === "public") {
        expect(ROUTE_ACCESS[key], key).toBe("public");
        continue;
      }
      const anonymous = await t.app.inject({ method: method as "GET", url: concrete(url) });
      expect(anonymous.statusCode, `${key} without a token`).toBe(401);
      if (method !== "HEAD") expect(anonymous.json().error.code, key).toBe("unauthorized");
      const other = await t.app.inject({
        method: method as "GET",
        url: concrete(url),
        headers: bearer(outsider),
      });
      if (access === "session") {
        expect(ROUTE_ACCESS[key], key).toBe("session");
        expect(other.statusCode, `${key} for another domain`).toBeLessThan(400);
      } else {
        expect(other.statusCode, `${key} for another domain`).toBe(403);
        if (method !== "HEAD") expect(other.json().error.code, key).toBe("unauthorized_domain");
      }
    }
  });

  it("lists no route that does not exist, so the public list cannot hide a typo", () => {
    const registered = new Set(t.app.routeAccess.map((r) => `${r.method} ${r.url}`));
    for (const key of Object.keys(ROUTE_ACCESS)) expect(registered, key).toContain(key);
  });

  it("guards a route added later without it asking, before its body is read", async () => {
    const late = await createTestApp({
      extend(app) {
        app.post("/api/late-feature", async (request) => ({ body: request.body }));
      },
    });
    try {
      const res = await late.app.inject({
        method: "POST",
        url: "/api/late-feature",
        headers: { "content-type": "application/json" },
        payload: "{not json",
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await late.close();
    }
  });

  it("lets a company user through", async () => {
    const res = await t.app.inject({ url: "/api/auth/user", headers: bearer(member) });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe("ada@acme.com");
  });
});

describe("accessOf", () => {
  it("guards whole path segments under /api, /functions and /realtime", () => {
    expect(accessOf("POST", "/functions/v1/syncAsanaPreferences")).toBe("user");
    expect(accessOf("GET", "/realtime/anything")).toBe("user");
    // The socket authenticates in its first frame (src/server/realtime/plugin.ts).
    expect(accessOf("GET", "/realtime")).toBe("public");
    expect(accessOf("GET", "/api/projects")).toBe("user");
    expect(accessOf("HEAD", "/api/config")).toBe("public");
    expect(accessOf("GET", "/apiary")).toBeUndefined();
    expect(accessOf("GET", "/realtime-demo")).toBeUndefined();
    expect(accessOf("GET", "/healthz")).toBeUndefined();
  });
});
