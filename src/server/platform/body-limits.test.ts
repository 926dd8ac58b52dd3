import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_ROUTES } from "@shared/auth";
import { createDirectSession } from "../../testing/direct-session";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { bodyLimitOf, DEFAULT_BODY_LIMIT, ROUTE_BODY_LIMITS } from "./body-limits";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await createDirectSession(t.db, t.config, "ann@acme.com")).access_token;
});
afterAll(async () => {
  await t.close();
});

/** A JSON string literal of exactly `bytes` bytes. */
const jsonOfSize = (bytes: number) => `"${"a".repeat(bytes - 2)}"`;

const routesWithBodies = () =>
  t.app.routeAccess.flatMap(({ method, url }) => {
    const limit = bodyLimitOf(method, url);
    return limit === undefined ? [] : [{ method, url: url.replace(/:\w+/g, "asana"), limit }];
  });

describe("body limits (issue 20 item 5)", () => {
  it("give the sign-in and token endpoints 4 KB, the events endpoint 2 MiB, and every other route the table's size", () => {
    expect(bodyLimitOf("POST", AUTH_ROUTES.start)).toBe(4096);
    expect(bodyLimitOf("POST", AUTH_ROUTES.token)).toBe(4096);
    expect(bodyLimitOf("POST", AUTH_ROUTES.refresh)).toBe(4096);
    expect(bodyLimitOf("POST", AUTH_ROUTES.signOut)).toBe(4096);
    expect(bodyLimitOf("POST", "/api/workflows/events")).toBe(2 * 1024 * 1024);
    expect(bodyLimitOf("PUT", "/api/connectors/:type")).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitOf("GET", "/api/connectors")).toBeUndefined();
    expect(bodyLimitOf("POST", "/dev/oidc/token")).toBeUndefined();
    // Every entry of the table names a route that exists.
    const registered = new Set(t.app.routeAccess.map(({ method, url }) => `${method} ${url}`));
    for (const key of Object.keys(ROUTE_BODY_LIMITS)) expect(registered, key).toContain(key);
  });

  it("refuse one byte over each route's limit with 413 before the route runs, and nothing is stored", async () => {
    const routes = routesWithBodies();
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const before = await t.db.query<{ n: number }>(
      "SELECT (SELECT count(*) FROM auth.sessions) + (SELECT count(*) FROM pulse.projects) + (SELECT count(*) FROM pulse.contact_submissions) AS n",
    );
    for (const { method, url, limit } of routes) {
      const res = await t.app.inject({
        method: method as "POST",
        url,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        payload: jsonOfSize(limit + 1),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(413);
      expect(res.json(), `${method} ${url}`).toEqual({
        error: { code: "payload_too_large", message: "The request body is too large." },
      });
    }
    const after = await t.db.query<{ n: number }>(
      "SELECT (SELECT count(*) FROM auth.sessions) + (SELECT count(*) FROM pulse.projects) + (SELECT count(*) FROM pulse.contact_submissions) AS n",
    );
    expect(after).toEqual(before);
  });

  it("refuse a 1 MiB deeply nested array on the sign-in endpoints, and still answer a body within the limit", async () => {
    const nested = "[".repeat(512 * 1024) + "]".repeat(512 * 1024);
    for (const url of [AUTH_ROUTES.start, AUTH_ROUTES.token, AUTH_ROUTES.refresh, AUTH_ROUTES.signOut]) {
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/json" },
        payload: nested,
      });
      expect(res.statusCode, url).toBe(413);
    }
    const small = await t.app.inject({
      method: "POST",
      url: AUTH_ROUTES.refresh,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ refresh_token: "r".repeat(64) }),
    });
    expect(small.statusCode).toBe(401);
  });
});
