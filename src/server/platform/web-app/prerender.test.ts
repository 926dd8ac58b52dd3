import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTE_PRELOADS_FILE } from "@shared/route-preloads";
import { prerenderFromSource } from "../../../testing/prerender-from-source";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import type { PagePrerenderer } from "./prerender";

/** A built web directory as far as the server reads it: the page, and the public routes the build listed. */
function webDirectory(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "pulse-prerender-"));
  writeFileSync(
    path.join(dir, "index.html"),
    '<html><head><title>Pulse</title></head><body><div id="root"></div><script type="module" src="/assets/index-1.js"></script></body></html>',
  );
  mkdirSync(path.join(dir, ".vite"));
  const publicRoutes = ["/", "/auth", "/product", "/technology", "/about", "/contact", "/terms", "/privacy"];
  writeFileSync(
    path.join(dir, ROUTE_PRELOADS_FILE),
    JSON.stringify(
      Object.fromEntries(
        publicRoutes.map((route) => [
          route,
          route === "/about" ? ["assets/about-1.js", "assets/icons-2.js"] : [],
        ]),
      ),
    ),
  );
  return dir;
}

// React separates adjacent text nodes with empty comments; a reader sees the text without them.
const textOf = (html: string) => html.replace(/<!-- -->/g, "");
const page = (t: TestApp, url: string) => t.app.inject({ url, headers: { accept: "text/html" } });

describe("pre-rendered public pages", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { COMPANY_DOMAIN: "globex.io", LEGAL_EMAIL: "counsel@globex.io" },
      overrides: { webDir: webDirectory() },
      prerender: prerenderFromSource,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers each public page already rendered, with its heading and this deployment's settings", async () => {
    const auth = await page(t, "/auth");
    expect(auth.statusCode).toBe(200);
    // In a container of its own: #root stays empty until the app's code renders or adopts the page.
    expect(auth.body).toContain('<div data-prerendered="/auth">');
    expect(auth.body).toContain('</div><div id="root"></div>');
    expect(textOf(auth.body)).toContain("Sign in with your @globex.io Google account to continue");
    expect(textOf(auth.body)).toContain("Only @globex.io accounts are authorized to access this platform.");

    expect(textOf((await page(t, "/terms")).body)).toContain("counsel@globex.io");

    const headings: Record<string, string> = {
      "/": "AI-Driven Project Intelligence Platform",
      "/product": "One Intelligent Layer Over Every Project Tool",
      "/technology": "The Intelligence Behind Pulse",
      "/about": "Built by Project Managers, for Project Managers",
      "/contact": "Contact Us",
      "/privacy": "Privacy Policy",
    };
    for (const [url, heading] of Object.entries(headings)) {
      const res = await page(t, url);
      expect(res.body, url).toContain(`data-prerendered="${url}"`);
      // Complete, in place: no boundary left for an inline script (which the CSP blocks) or the browser to finish.
      expect(res.body, url).not.toMatch(/<script>|<template|<!--\$[!?]-->/);
      expect(textOf(res.body), url).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    }
  });

  it("sends the page compressed, its scripts left for after the first paint", async () => {
    const res = await t.app.inject({
      url: "/about",
      headers: { accept: "text/html", "accept-encoding": "gzip, br" },
    });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toContain("accept-encoding");
    const html = brotliDecompressSync(res.rawPayload).toString("utf8");
    expect(html).toContain('data-prerendered="/about"');
    // Inert until the pre-paint script (src/web/pre-paint/) fetches it after the first paint.
    expect(html).toContain('<script type="pulse-after-paint" src="/assets/index-1.js">');
    expect(html).not.toContain('type="module"');
    // The page's chunks too, its own included: preloaded after the paint, with the entry.
    expect(html).toContain('<link rel="pulse-after-paint" crossorigin href="/assets/about-1.js">');
    expect(html).toContain('<link rel="pulse-after-paint" crossorigin href="/assets/icons-2.js">');
    expect(html).not.toContain('rel="modulepreload"');

    const gzip = await t.app.inject({ url: "/about", headers: { "accept-encoding": "gzip, br;q=0" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString("utf8")).toBe(html);
  });

  it("renders the page as an anonymous visitor sees it, not the loading state of the root gate", async () => {
    const landing = textOf((await page(t, "/")).body);
    expect(landing).toContain(">Login</a>");
    expect(landing).not.toContain("Loading...");
  });

  it("keeps the configuration inert and the page's own script, so the CSP needs no inline script", async () => {
    const res = await page(t, "/contact");
    expect(res.headers["content-security-policy"]).toContain("script-src 'self';");
    expect(res.body).toContain('<script type="application/json" id="pulse-config">');
    expect(res.body.match(/<script(?![^>]*(type="application\/json"|src=))/g)).toBeNull();
  });

  it("leaves the signed-in pages, unknown paths and other paths than the route's own client-rendered", async () => {
    for (const url of ["/dashboard", "/projects", "/settings", "/no/such/page", "/auth/"]) {
      const res = await page(t, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });
});

describe("pre-rendering when the server is ready", () => {
  it("renders every page before any request for it, each once", async () => {
    const rendered: string[] = [];
    let allRendered: () => void = () => undefined;
    const eight = new Promise<void>((resolve) => (allRendered = resolve));
    const counting: PagePrerenderer = async (pathname, config) => {
      rendered.push(pathname);
      if (rendered.length === 8) allRendered();
      return `<main>${pathname} for ${config.companyDomain}</main>`;
    };
    const t = await createTestApp({ overrides: { webDir: webDirectory() }, prerender: counting });
    try {
      await eight;
      expect(rendered.sort()).toEqual(
        ["/", "/about", "/auth", "/contact", "/privacy", "/product", "/technology", "/terms"].sort(),
      );
      expect((await page(t, "/terms")).body).toContain("<main>/terms for acme.com</main>");
      expect(rendered).toHaveLength(8);
    } finally {
      await t.close();
    }
  });
});

describe("readiness while the pages render (issue 37 item 10)", () => {
  it("answers /readyz 503 pages_rendering until every page has rendered, while /healthz says the process is alive", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started: string[] = [];
    const held: PagePrerenderer = async (pathname) => {
      started.push(pathname);
      await gate;
      return `<main>${pathname}</main>`;
    };
    const t = await createTestApp({ overrides: { webDir: webDirectory() }, prerender: held });
    try {
      await expect.poll(() => started.length).toBe(8);
      const waiting = await t.app.inject({ url: "/readyz" });
      expect(waiting.statusCode).toBe(503);
      expect(waiting.json()).toMatchObject({
        error: { code: "pages_rendering", message: "The public pages are still being rendered." },
      });
      expect((await t.app.inject({ url: "/healthz" })).statusCode).toBe(200);
      release();
      await expect.poll(async () => (await t.app.inject({ url: "/readyz" })).statusCode).toBe(200);
    } finally {
      release();
      await t.close();
    }
  });
});

describe("a pre-render that fails", () => {
  let t: TestApp;
  let logged = "";
  const calls: string[] = [];
  const failing: PagePrerenderer = async (pathname) => {
    calls.push(pathname);
    throw new Error("window is not defined");
  };
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    t = await createTestApp({
      overrides: { webDir: webDirectory() },
      prerender: failing,
      logger: { level: "error", stream },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it("serves the client-rendered page, logs why once, and does not try again on every request", async () => {
    for (let i = 0; i < 3; i++) {
      const res = await page(t, "/about");
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('id="pulse-config"');
    }
    expect(calls.filter((p) => p === "/about")).toHaveLength(1);
    expect(logged).toContain("Pre-rendering a public page failed");
    expect(logged).toContain("window is not defined");
  });
});

describe("without a server-rendering bundle beside the web directory", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ overrides: { webDir: webDirectory() } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("serves the client-rendered page", async () => {
    const res = await page(t, "/privacy");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
  });
});
