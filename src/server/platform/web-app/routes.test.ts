import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../testing/test-app";

const webDir = mkdtempSync(path.join(tmpdir(), "pulse-web-"));
const script = "console.log('hello');".repeat(100);
const styles = "body { color: black; }\n".repeat(100);
let t: TestApp;

beforeAll(async () => {
  mkdirSync(path.join(webDir, "assets"));
  writeFileSync(
    path.join(webDir, "index.html"),
    "<html><head><title>Pulse</title></head><body></body></html>",
  );
  writeFileSync(path.join(webDir, "assets", "index-abc123.js"), script);
  writeFileSync(path.join(webDir, "assets", "index-abc123.js.gz"), gzipSync(script));
  writeFileSync(path.join(webDir, "assets", "styles-def456.css"), styles);
  writeFileSync(path.join(webDir, "assets", "styles-def456.css.br"), brotliCompressSync(styles));
  writeFileSync(path.join(webDir, "assets", "styles-def456.css.gz"), gzipSync(styles));
  writeFileSync(path.join(webDir, "robots.txt"), "User-agent: *");
  mkdirSync(path.join(webDir, ".vite"));
  // What the build writes from the route table (scripts/route-preloads.ts): only the routes it lists get links.
  writeFileSync(
    path.join(webDir, ".vite", "route-preloads.json"),
    JSON.stringify({ "/contact": ["assets/contact-page-9.js", "assets/field-2.js"], "/about": [] }),
  );
  t = await createTestApp({ overrides: { webDir } });
});
afterAll(async () => {
  await t.close();
});

describe("serving the web app", () => {
  it("answers every client route with the page, carrying the public config as inert JSON", async () => {
    for (const url of ["/", "/contact", "/timeline", "/no/such/page"]) {
      const res = await t.app.inject({ url, headers: { accept: "text/html" } });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toContain(
        '<script type="application/json" id="pulse-config">{"companyDomain":"acme.com","captcha":{"provider":"altcha","challengeUrl":"/api/captcha/challenge"},"requireHostedDomain":false,"legal":{"legalEmail":"legal@pulse.ai","privacyEmail":"privacy@pulse.ai"}}</script>',
      );
    }
  });

  it("answers the page to browsers, curl, link checkers and monitors, whatever they accept", async () => {
    const accepts: (string | undefined)[] = [
      "*/*",
      undefined,
      "text/html",
      "text/html,application/json;q=0.9",
    ];
    for (const accept of accepts) {
      for (const method of ["GET", "HEAD"] as const) {
        const res = await t.app.inject({ method, url: "/timeline", headers: accept ? { accept } : {} });
        expect(res.statusCode, `${method} with Accept ${accept}`).toBe(200);
        expect(res.headers["content-type"]).toContain("text/html");
        expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
        expect(res.headers["x-content-type-options"]).toBe("nosniff");
        expect(res.headers["x-frame-options"]).toBe("DENY");
        expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      }
    }
  });

  it("sends the app's page compressed to a browser that accepts it, and plain to one that does not", async () => {
    const plain = await t.app.inject({ url: "/timeline", headers: { accept: "text/html" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toContain("accept-encoding");
    const br = await t.app.inject({
      url: "/timeline",
      headers: { accept: "text/html", "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.app.inject({
      url: "/timeline",
      headers: { accept: "text/html", "accept-encoding": "gzip, br;q=0" },
    });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it("answers a client that asks for JSON only with a JSON 404", async () => {
    const res = await t.app.inject({ url: "/timeline", headers: { accept: "application/json" } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: "not_found", message: "No route for GET /timeline" } });
  });

  it("matches the non-page prefixes by whole path segments", async () => {
    for (const url of ["/healthzfoo", "/realtime-demo", "/apis", "/development"]) {
      const res = await t.app.inject({ url, headers: { accept: "*/*" } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
    }
    for (const url of ["/realtime/x", "/healthz/x", "/api", "/dev/x"]) {
      const res = await t.app.inject({ url, headers: { accept: "*/*" } });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it("preloads the chunks the build listed for a route with that route's page, and nothing elsewhere", async () => {
    const contact = await t.app.inject({ url: "/contact?from=nav", headers: { accept: "text/html" } });
    expect(contact.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/contact-page-9.js"><link rel="modulepreload" crossorigin href="/assets/field-2.js"></head>',
    );
    for (const url of ["/about", "/timeline", "/no/such/page"]) {
      const other = await t.app.inject({ url, headers: { accept: "text/html" } });
      expect(other.statusCode).toBe(200);
      expect(other.body).not.toContain("modulepreload");
    }
  });

  it("never serves the build's own notes (Vite's manifest, the preload list)", async () => {
    const res = await t.app.inject({ url: "/.vite/route-preloads.json", headers: { accept: "*/*" } });
    expect(res.body).not.toContain("contact-page-9");
  });

  it("caches hashed assets for a year and serves them precompressed", async () => {
    const res = await t.app.inject({
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-encoding"]).toBe("gzip");
  });

  it("serves each hashed asset in the smallest form the client accepts, with its type and the security headers", async () => {
    const cases: { acceptEncoding?: string; encoding?: string; decode: (body: Buffer) => Buffer }[] = [
      { acceptEncoding: "gzip, deflate, br", encoding: "br", decode: brotliDecompressSync },
      { acceptEncoding: "gzip, br;q=0", encoding: "gzip", decode: gunzipSync },
      { acceptEncoding: "identity", decode: (body) => body },
      { decode: (body) => body },
    ];
    for (const { acceptEncoding, encoding, decode } of cases) {
      const res = await t.app.inject({
        url: "/assets/styles-def456.css",
        headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
      });
      expect(res.statusCode, acceptEncoding).toBe(200);
      expect(res.headers["content-type"]).toBe("text/css; charset=utf-8");
      expect(res.headers["content-encoding"], acceptEncoding).toBe(encoding);
      expect(res.headers.vary).toContain("accept-encoding");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
      expect(decode(res.rawPayload).toString(), acceptEncoding).toBe(styles);
    }
  });

  it("sends gzip when an asset has no brotli form, and the file itself to a client that accepts neither", async () => {
    const gzip = await t.app.inject({
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    expect(gzip.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    const plain = await t.app.inject({
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "br" },
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("answers HEAD with an asset's headers and no body, and 304 to a client that holds its entity tag", async () => {
    const head = await t.app.inject({ method: "HEAD", url: "/assets/styles-def456.css" });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(head.body).toBe("");
    const etag = head.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    for (const ifNoneMatch of [etag, etag.slice(2), `"other", ${etag}`, "*"]) {
      const res = await t.app.inject({
        url: "/assets/styles-def456.css",
        headers: { "if-none-match": ifNoneMatch },
      });
      expect(res.statusCode, ifNoneMatch).toBe(304);
      expect(res.body).toBe("");
    }
    const stale = await t.app.inject({
      url: "/assets/styles-def456.css",
      headers: { "if-none-match": '"other"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(styles);
  });

  it("serves none of the compressed forms or other folders under /assets by their own names", async () => {
    for (const url of [
      "/assets/styles-def456.css.br",
      "/assets/styles-def456.css.gz",
      "/assets/x/styles-def456.css",
    ]) {
      const res = await t.app.inject({ url, headers: { accept: "*/*" } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe("not_found");
    }
  });

  it("keeps serving the build it started with when the folder is rebuilt under it", async () => {
    // A page in memory names its chunks by hash: those chunks must stay answerable for as long as it is served.
    const ownDir = mkdtempSync(path.join(tmpdir(), "pulse-web-rebuilt-"));
    cpSync(webDir, ownDir, { recursive: true });
    const own = await createTestApp({ overrides: { webDir: ownDir } });
    try {
      rmSync(path.join(ownDir, "assets"), { recursive: true });
      mkdirSync(path.join(ownDir, "assets"));
      writeFileSync(path.join(ownDir, "assets", "index-fff999.js"), "console.log('next build');");
      const res = await own.app.inject({
        url: "/assets/styles-def456.css",
        headers: { "accept-encoding": "br" },
      });
      expect(res.statusCode).toBe(200);
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(styles);
    } finally {
      await own.close();
    }
  });

  it("refuses any other name under /assets as JSON, never with the page or a server error", async () => {
    // Dot segments are left out: a client resolves them before it asks (`/assets/..`, `/assets/%2e%2e` ask for `/`).
    const segment = fc
      .oneof(
        fc.string(),
        fc.constantFrom("%2F", "%00", "styles-def456.css%00", "index.html", "%E2%80%AE", "%"),
      )
      .filter((part) => ![".", ".."].includes(part.toLowerCase().replaceAll("%2e", ".")));
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 3 }), async (segments) => {
        const url = `/assets/${segments.map((part) => part.replace(/[?#]/g, "")).join("/")}`;
        const res = await t.app.inject({ url, headers: { accept: "*/*" } });
        // A name that is not a built file is refused (404, or 400 for a path that does not decode), as JSON.
        if (![script, styles].includes(res.body)) {
          expect([400, 404], url).toContain(res.statusCode);
          expect(res.headers["content-type"], url).toContain("application/json");
        }
      }),
      { numRuns: 200 },
    );
  });

  it("caches other files briefly", async () => {
    const res = await t.app.inject({ url: "/robots.txt" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("never answers API paths with the page", async () => {
    for (const url of ["/api/missing", "/functions/v1/missing", "/dev/missing"]) {
      const res = await t.app.inject({ url, headers: { accept: "text/html" } });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("not_found");
    }
  });

  it("answers a missing asset with 404 rather than the page", async () => {
    const res = await t.app.inject({ url: "/assets/gone.js", headers: { accept: "*/*" } });
    expect(res.statusCode).toBe(404);
  });
});

describe("the public config in the page (issue 37 item 11)", () => {
  it("is written as given when an operator's reCAPTCHA key holds replacement patterns such as $' and $&", async () => {
    const siteKey = "6Lc$'after$&match$`before$$x";
    const withKey = await createTestApp({
      env: { RECAPTCHA_SITE_KEY: siteKey, RECAPTCHA_SECRET_KEY: "secret" },
      overrides: { webDir },
    });
    try {
      for (const url of ["/", "/contact", "/timeline"]) {
        const res = await withKey.app.inject({ url, headers: { accept: "text/html" } });
        expect(res.statusCode, url).toBe(200);
        const json = /<script type="application\/json" id="pulse-config">(.*?)<\/script>/.exec(res.body)?.[1];
        expect(JSON.parse(json!), url).toMatchObject({ captcha: { provider: "recaptcha", siteKey } });
        // The rest of the page is intact: one head, one title, one body.
        expect(res.body.match(/<\/head>/g), url).toHaveLength(1);
        expect(res.body.match(/<title>Pulse<\/title>/g), url).toHaveLength(1);
        expect(res.body.endsWith("</head><body></body></html>"), url).toBe(true);
      }
    } finally {
      await withKey.close();
    }
  });
});
