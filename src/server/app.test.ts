import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend(app) {
      app.post("/api/test/echo", async (request) => ({ received: request.body }));
      app.get("/api/test/boom", async () => {
        throw new Error("secret internal detail at /srv/pulse/app.ts:42");
      });
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe("health", () => {
  it("answers ok with the database engine in use", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: t.db.kind });
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("JSON errors", () => {
  it("answers unknown API routes with a JSON 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nope", headers: { accept: "text/html" } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: "not_found", message: "No route for GET /api/nope" } });
  });

  it("refuses malformed JSON with a 400", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { "content-type": "application/json" },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: "bad_request", message: "The request body is not valid JSON." },
    });
  });

  it("refuses an unsupported content type with a 415", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { "content-type": "text/x-unknown" },
      payload: "hello",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe("unsupported_media_type");
  });

  it("refuses an oversized body with a 413", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ big: "x".repeat(t.config.bodyLimit + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe("payload_too_large");
  });

  it("hides unexpected failures behind a 500 without any detail", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/test/boom" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: "internal_error", message: "Something went wrong on our side. Please try again." },
    });
    expect(res.body).not.toContain("secret");
    expect(res.body).not.toContain("app.ts");
  });
});

describe("security headers", () => {
  it("sends a strict CSP and the other headers on every response", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    const csp = String(res.headers["content-security-policy"]);
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src"));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("public config", () => {
  it("tells the browser the company domain and the captcha in use", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/config" });
    expect(res.json()).toEqual({
      companyDomain: "acme.com",
      captcha: { provider: "altcha", challengeUrl: "/api/captcha/challenge" },
    });
  });
});

describe("security headers with reCAPTCHA in production", () => {
  it("allow Google's reCAPTCHA hosts only when its keys are configured, and send HSTS in production", async () => {
    const prod = await createTestApp({
      overrides: {
        env: "production",
        recaptcha: { siteKey: "site", secretKey: "secret" },
      },
    });
    try {
      const res = await prod.app.inject({ method: "GET", url: "/healthz" });
      const csp = String(res.headers["content-security-policy"]);
      expect(csp).toContain(
        "script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/",
      );
      expect(csp).not.toContain("'unsafe-inline';script");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      expect((await prod.app.inject({ url: "/api/config" })).json().captcha).toEqual({
        provider: "recaptcha",
        siteKey: "site",
      });
    } finally {
      await prod.close();
    }
  });
});
