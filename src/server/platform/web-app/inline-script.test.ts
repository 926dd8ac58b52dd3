import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTE_PRELOADS_FILE, SIGNED_IN_GETS_FILE, SIGNED_IN_PRELOADS_FILE } from "@shared/route-preloads";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { readPrePaintScript, withInlinePrePaintScript } from "./inline-script";

const THEME_SCRIPT = 'document.documentElement.dataset.painted = "$&";\n';

function webDirectory(script = THEME_SCRIPT): string {
  const dir = mkdtempSync(path.join(tmpdir(), "pulse-inline-script-"));
  writeFileSync(
    path.join(dir, "index.html"),
    '<html><head><script src="/pre-paint.js"></script><script type="module" crossorigin src="/assets/index-9.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, "pre-paint.js"), script);
  return dir;
}

describe("the pre-paint script written into the page", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ overrides: { webDir: webDirectory() } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("replaces the request for /pre-paint.js and is the one inline script the CSP allows, by its hash", async () => {
    const res = await t.app.inject({ url: "/about", headers: { accept: "text/html" } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<head><script>${THEME_SCRIPT}</script>`);
    expect(res.body).not.toContain('src="/pre-paint.js"');
    const hash = createHash("sha256").update(THEME_SCRIPT).digest("base64");
    const scriptSrc = /script-src ([^;]+)/.exec(res.headers["content-security-policy"] as string)?.[1];
    expect(scriptSrc?.split(" ")).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(scriptSrc).not.toContain("unsafe-inline");
  });

  it("still serves the file itself, and puts the same hash on every response of the page map", async () => {
    const file = await t.app.inject({ url: "/pre-paint.js" });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe(THEME_SCRIPT);
    const page = (await t.app.inject({ url: "/", headers: { accept: "text/html" } })).headers[
      "content-security-policy"
    ];
    expect(page).toContain("'sha256-");
    for (const url of ["/healthz", "/assets/missing.js", "/pre-paint.js"]) {
      expect((await t.app.inject({ url })).headers["content-security-policy"], url).toBe(page);
    }
    // The API's JSON runs no script at all (decision 0103): no hash to allow.
    const api = await t.app.inject({ url: "/api/config" });
    expect(api.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

describe("the chunks of a signed-in user's page, named on the pre-paint script", () => {
  let t: TestApp;
  beforeAll(async () => {
    const dir = webDirectory();
    mkdirSync(path.join(dir, ".vite"));
    writeFileSync(
      path.join(dir, ROUTE_PRELOADS_FILE),
      JSON.stringify({ "/": ["assets/landing-page-4.js"], "/about": ["assets/about-3.js"] }),
    );
    writeFileSync(
      path.join(dir, SIGNED_IN_PRELOADS_FILE),
      JSON.stringify({
        "/": ["assets/dashboard-page-5.js"],
        "/timeline": ["assets/timeline-page-1.js", "assets/chart-2.js"],
      }),
    );
    t = await createTestApp({ overrides: { webDir: dir } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("are an attribute of the script on that page, never a preload, and nowhere else", async () => {
    const timeline = await t.app.inject({ url: "/timeline", headers: { accept: "text/html" } });
    expect(timeline.body).toContain(
      `<script data-session-preloads="/assets/timeline-page-1.js /assets/chart-2.js">${THEME_SCRIPT}</script>`,
    );
    expect(timeline.body).not.toContain("modulepreload");
    // The hash covers the script's text: the attribute leaves the CSP as it is.
    const hash = createHash("sha256").update(THEME_SCRIPT).digest("base64");
    expect(timeline.headers["content-security-policy"]).toContain(`'sha256-${hash}'`);

    for (const url of ["/about", "/settings", "/no/such/page"]) {
      const other = await t.app.inject({ url, headers: { accept: "text/html" } });
      expect(other.body, url).not.toContain("data-session-preloads");
    }
  });

  it("name the app's entry first on a public page whose signed-in render is another page", async () => {
    // "/" keeps its entry inert until it paints (when pre-rendered), and with a session it paints nothing.
    const root = await t.app.inject({ url: "/", headers: { accept: "text/html" } });
    expect(root.body).toContain(
      `<script data-session-preloads="/assets/index-9.js /assets/dashboard-page-5.js">${THEME_SCRIPT}</script>`,
    );
  });
});

describe("the first GETs of a signed-in user's page, named on the pre-paint script", () => {
  const withGets = (overrides: Record<string, unknown> = {}) => {
    const dir = webDirectory();
    mkdirSync(path.join(dir, ".vite"));
    writeFileSync(
      path.join(dir, SIGNED_IN_GETS_FILE),
      JSON.stringify({ "/projects": ["/api/streams/candidates?limit=50", "/api/x?a=1&b=2"] }),
    );
    return createTestApp({ overrides: { webDir: dir, ...overrides } });
  };

  it("with the access rule the script applies before sending them, on that page only", async () => {
    const t = await withGets();
    try {
      const projects = await t.app.inject({ url: "/projects", headers: { accept: "text/html" } });
      expect(projects.body).toContain(
        `<script data-session-gets="/api/streams/candidates?limit=50 /api/x?a=1&amp;b=2" data-company-domain="acme.com">${THEME_SCRIPT}</script>`,
      );
      for (const url of ["/", "/dashboard", "/about", "/no/such/page"]) {
        const other = await t.app.inject({ url, headers: { accept: "text/html" } });
        expect(other.body, url).not.toContain("data-session-gets");
      }
    } finally {
      await t.close();
    }
  });

  it("says when a hosted domain is required (the production rule), whatever NODE_ENV says", async () => {
    const t = await withGets({ requireHostedDomain: true });
    try {
      const projects = await t.app.inject({ url: "/projects", headers: { accept: "text/html" } });
      expect(projects.body).toContain('data-company-domain="acme.com" data-require-hosted-domain="">');
    } finally {
      await t.close();
    }
  });
});

describe("withInlinePrePaintScript", () => {
  const script = { source: "x();", cspHash: "'sha256-x'" };
  const html = '<head><script src="/pre-paint.js"></script></head>';

  it("escapes what it writes into an attribute", () => {
    expect(withInlinePrePaintScript(html, script, { gets: ['/a?"b"<c>&d'], companyDomain: 'ac"me' })).toBe(
      '<head><script data-session-gets="/a?&quot;b&quot;&lt;c&gt;&amp;d" data-company-domain="ac&quot;me">x();</script></head>',
    );
  });

  it("replaces the tag as Vite builds it (its vite-ignore attribute taken out, a space left)", () => {
    expect(withInlinePrePaintScript('<head><script src="/pre-paint.js" ></script></head>', script)).toBe(
      "<head><script>x();</script></head>",
    );
  });

  it("names no GETs without a company domain to check the user against", () => {
    expect(withInlinePrePaintScript(html, script, { gets: ["/api/a"] })).toBe(
      "<head><script>x();</script></head>",
    );
  });
});

describe("readPrePaintScript", () => {
  it("refuses a script that would end the inline element early", () => {
    expect(() => readPrePaintScript(webDirectory('console.log("</script>");'))).toThrow(/<\/script/);
  });

  it("finds nothing without a web directory or a script in it", () => {
    expect(readPrePaintScript(undefined)).toBeUndefined();
    expect(readPrePaintScript(mkdtempSync(path.join(tmpdir(), "pulse-no-script-")))).toBeUndefined();
  });
});
