import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AUTH_ROUTES } from "@shared/auth";
import { createDirectSession } from "../../testing/direct-session";
import { createTestApp, type TestApp } from "../../testing/test-app";
import {
  bodyLimitOf,
  DEFAULT_BODY_LIMIT,
  jsonNestsDeeperThan,
  MAX_JSON_DEPTH,
  ROUTE_BODY_LIMITS,
} from "./body-limits";

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

/** `depth` nested arrays around nothing: `[[[]]]` is 3. */
const nestedArrays = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

describe("requests that match no route (issue 37 item 2)", () => {
  // Just under the server-wide 1 MiB limit, so only parsing could make it cost anything.
  const deep = nestedArrays(512 * 1024 - 1);

  it("are answered 404 for every method without their body ever being parsed", async () => {
    const parse = vi.spyOn(JSON, "parse");
    try {
      for (const [method, url] of [
        ["POST", "/nonexistent"],
        ["POST", "/api/nonexistent"],
        ["OPTIONS", "/"],
        ["DELETE", "/healthz"],
        ["PUT", "/api/connectors"],
        ["PATCH", "/functions/v1/nothing"],
      ] as const) {
        const res = await t.app.inject({
          method,
          url: `${url}?q=1`,
          headers: { "content-type": "application/json" },
          payload: deep,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.body, `${method} ${url}`).toBe(
          JSON.stringify({ error: { code: "not_found", message: `No route for ${method} ${url}` } }),
        );
      }
      const bigArguments = parse.mock.calls.filter(
        ([text]) => typeof text === "string" && text.length > 1024,
      );
      expect(bigArguments).toHaveLength(0);
    } finally {
      parse.mockRestore();
    }
  });

  it("are answered 404 whatever the body's type or size, where a route would refuse it with 415 or 413", async () => {
    for (const [type, payload] of [
      ["text/xml", "<a/>"],
      ["application/json", `"${"a".repeat(2 * 1024 * 1024)}"`],
    ] as const) {
      const res = await t.app.inject({
        method: "POST",
        url: "/nonexistent",
        headers: { "content-type": type },
        payload,
      });
      expect(res.statusCode, type).toBe(404);
      expect(res.json().error.code).toBe("not_found");
    }
  });

  it("still answer a GET with the same 404 (the page fallback is for GET and HEAD alone)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nonexistent" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: "not_found", message: "No route for GET /api/nonexistent" },
    });
  });
});

describe("JSON bodies are bounded in nesting depth (issue 37 item 2)", () => {
  const post = (payload: string) =>
    t.app.inject({
      method: "POST",
      url: AUTH_ROUTES.token,
      headers: { "content-type": "application/json" },
      payload,
    });

  it("refuse a body nested deeper than the limit with 400 before it is parsed, and parse one at the limit", async () => {
    for (const payload of [
      nestedArrays(MAX_JSON_DEPTH + 1),
      `{"code":${'{"a":'.repeat(MAX_JSON_DEPTH)}1${"}".repeat(MAX_JSON_DEPTH)}}`,
      nestedArrays(2000),
    ]) {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: "json_too_deep",
          message: `The request body nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep.`,
        },
      });
    }
    // At the limit the body is parsed, and the route's own schema refuses it.
    const atLimit = await post(nestedArrays(MAX_JSON_DEPTH));
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().error.code).toBe("validation_failed");
  });

  it("keep Fastify's refusals of malformed JSON and prototype poisoning", async () => {
    for (const [payload, code] of [
      ["{", "bad_request"],
      ['{"__proto__":{"x":1}}', "bad_request"],
    ] as const) {
      const res = await post(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().error.code, payload).toBe(code);
    }
  });

  it("count depth in one pass, skipping brackets inside strings and escaped quotes", () => {
    expect(jsonNestsDeeperThan("[[1]]", 2)).toBe(false);
    expect(jsonNestsDeeperThan("[[[1]]]", 2)).toBe(true);
    expect(jsonNestsDeeperThan('[{"a":[1]},{"b":[2]}]', 3)).toBe(false);
    expect(jsonNestsDeeperThan(`["${"[".repeat(100)}"]`, 1)).toBe(false);
    expect(jsonNestsDeeperThan(String.raw`["\\", "\"[[[", [[1]]]`, 2)).toBe(true);
    expect(jsonNestsDeeperThan(String.raw`["\"[[[", 1]`, 1)).toBe(false);
    expect(jsonNestsDeeperThan("", 0)).toBe(false);
  });
});
