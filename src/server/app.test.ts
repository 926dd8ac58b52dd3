import { connect, type AddressInfo, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend(app) {
      app.post("/test/echo", async (request) => ({ received: request.body }));
      app.get("/test/boom", async () => {
        throw new Error("secret internal detail at /srv/pulse/app.ts:42");
      });
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe("health", () => {
  it("answers ok with the database engine in use and the realtime counts", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: "ok",
      database: t.db.kind,
      realtime: { sockets: 0, preAuth: 0, users: 0, channels: 0 },
    });
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
      url: "/test/echo",
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
      url: "/test/echo",
      headers: { "content-type": "text/x-unknown" },
      payload: "hello",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe("unsupported_media_type");
  });

  it("refuses an oversized body with a 413", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/test/echo",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ big: "x".repeat(t.config.bodyLimit + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe("payload_too_large");
  });

  it("hides unexpected failures behind a 500 without any detail", async () => {
    const res = await t.app.inject({ method: "GET", url: "/test/boom" });
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
    // The connector popup is cross-origin in production; the page keeps its handle on it (issue #13).
    expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    expect(csp).toContain("base-uri 'none'");
    expect(res.headers["permissions-policy"]).toContain("camera=()");
    expect(res.headers["permissions-policy"]).toContain("geolocation=()");
    expect(res.headers["permissions-policy"]).toContain("microphone=()");
  });

  it("answers the API's JSON with the API policy: nothing loads or runs, never framed, no page-only headers", async () => {
    for (const url of ["/api/config", "/api/nope", "/api/connectors"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.headers["content-security-policy"], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
      expect(res.headers["x-frame-options"], url).toBe("DENY");
      expect(res.headers["cross-origin-resource-policy"], url).toBe("same-origin");
      expect(res.headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      for (const pageOnly of ["permissions-policy", "cross-origin-opener-policy", "origin-agent-cluster"]) {
        expect(res.headers[pageOnly], `${url} ${pageOnly}`).toBeUndefined();
      }
    }
  });

  it("answers pages and paths outside the API with the page map", async () => {
    for (const url of ["/", "/apiary", "/assets/missing.js"]) {
      const res = await t.app.inject({ method: "GET", url });
      const csp = String(res.headers["content-security-policy"]);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(res.headers["permissions-policy"], url).toContain("camera=()");
      expect(res.headers["cross-origin-opener-policy"], url).toBe("same-origin-allow-popups");
    }
  });
});

/** The headers every response must carry, whoever answers it. */
function expectPlatformHeaders(headers: Record<string, unknown>): void {
  expect(String(headers["content-security-policy"])).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
}

describe("errors Fastify answers itself", () => {
  it("a malformed URL gets the error shape and every header, and is not echoed", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/%zz" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: "bad_request", message: "The request URL is not valid." } });
    expect(res.body).not.toContain("%zz");
    expectPlatformHeaders(res.headers);
  });

  it("a body the route cannot take gets the error shape and every header, its type not echoed", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/signout",
      headers: { "content-type": "text/x-evil" },
      payload: "hello",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error: { code: "unsupported_media_type", message: "This content type is not supported here." },
    });
    expect(res.body).not.toContain("x-evil");
    expectPlatformHeaders(res.headers);
  });
});

describe("on a real socket", () => {
  let server: TestApp;
  let port: number;
  beforeAll(async () => {
    server = await createTestApp({
      env: { REQUEST_TIMEOUT_SECONDS: "0.6", HEADERS_TIMEOUT_SECONDS: "0.4" },
      extend(app) {
        app.post("/test/upload", async (request) => ({ received: String(request.body).length }));
        app.addContentTypeParser("text/plain", { parseAs: "string" }, (_r, body, done) => done(null, body));
      },
    });
    await server.app.listen({ port: 0, host: "127.0.0.1" });
    port = (server.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await server.close();
  });

  it("a malformed header is refused in the error shape with every header", async () => {
    const raw = await rawExchange(port, "GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n");
    const { status, headers, body } = parseResponse(raw);
    expect(status).toBe(400);
    expect(JSON.parse(body)).toEqual({
      error: { code: "bad_request", message: "The request could not be understood." },
    });
    expectPlatformHeaders(headers);
  });

  it("a trickled upload is cut off with 408 once the request deadline passes", async () => {
    const socket = connect(port, "127.0.0.1");
    socket.write(
      "POST /test/upload HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n",
    );
    // One byte every 100 ms: each one resets any idle timer, only a deadline on the whole request ends it.
    const trickle = setInterval(() => socket.writable && socket.write("x"), 100);
    const raw = await readAll(socket).finally(() => clearInterval(trickle));
    const { status, headers, body } = parseResponse(raw);
    expect(status).toBe(408);
    expect(JSON.parse(body).error.code).toBe("request_timeout");
    expectPlatformHeaders(headers);
  });

  it("headers that never finish are cut off too", async () => {
    const socket = connect(port, "127.0.0.1");
    socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\n");
    const trickle = setInterval(() => socket.writable && socket.write("X-A: b\r\n"), 100);
    const raw = await readAll(socket).finally(() => clearInterval(trickle));
    expect(parseResponse(raw).status).toBe(408);
  });
});

function readAll(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    socket.on("data", (chunk: Buffer) => (data += chunk.toString()));
    socket.on("error", (err) => (data ? resolve(data) : reject(err)));
    socket.on("close", () => resolve(data));
  });
}

function rawExchange(port: number, request: string): Promise<string> {
  const socket = connect(port, "127.0.0.1");
  socket.write(request);
  return readAll(socket);
}

function parseResponse(raw: string): { status: number; headers: Record<string, string>; body: string } {
  const [head = "", body = ""] = raw.split("\r\n\r\n");
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers = Object.fromEntries(
    lines.map((line) => {
      const at = line.indexOf(":");
      return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(" ")[1]), headers, body };
}

describe("public config", () => {
  it("tells the browser the company domain and the captcha in use", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/config" });
    expect(res.json()).toEqual({
      companyDomain: "acme.com",
      captcha: { provider: "altcha", challengeUrl: "/api/captcha/challenge" },
      requireHostedDomain: false,
      legal: { legalEmail: "legal@pulse.ai", privacyEmail: "privacy@pulse.ai" },
    });
  });
});

describe("security headers with reCAPTCHA in production", () => {
  it("allow Google's reCAPTCHA hosts only when its keys are configured, and send HSTS in production", async () => {
    const prod = await createTestApp({
      overrides: {
        env: "production",
        production: true,
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
