import { describe, expect, it } from "vitest";
import { paintsWithoutScripts, referencePath, withoutScripts } from "./lighthouse-reference";

/** A page as the server sends it: dist/web/index.html with the config, the route's preloads and the root. */
function page(root: string, { afterPaint = false } = {}): string {
  const moduleType = afterPaint ? "pulse-after-paint" : "module";
  const preloadRel = afterPaint ? "pulse-after-paint" : "modulepreload";
  return [
    '<!doctype html><html lang="en" class="dark"><head><meta charset="UTF-8" />',
    "<title>Pulse</title>",
    '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
    '<script src="/pre-paint.js"></script>',
    `<script type="${moduleType}" crossorigin src="/assets/index-1.js"></script>`,
    '<link rel="stylesheet" crossorigin href="/assets/index-2.css">',
    '<script type="application/json" id="pulse-config">{"companyDomain":"acme.com"}</script>',
    `<link rel="${preloadRel}" crossorigin href="/assets/about-page-3.js">`,
    "<link rel='preload' as='script' href='/assets/x-4.js'>",
    '<link rel="preload" as="font" href="/assets/font-5.woff2" crossorigin>',
    "</head><body>",
    root,
    "</body></html>",
  ].join("\n");
}

describe("the static reference of a page", () => {
  it("is the page's HTML with every script and script preload taken out, the markup and styles kept", () => {
    const markup = '<div id="root" data-prerendered="/about"><main><h1>About Pulse</h1></main></div>';
    for (const afterPaint of [false, true]) {
      const reference = withoutScripts(page(markup, { afterPaint }));
      expect(reference).not.toMatch(/<script/i);
      expect(reference).not.toMatch(/\.js['"]/);
      expect(reference).toContain('<link rel="stylesheet" crossorigin href="/assets/index-2.css">');
      expect(reference).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg" />');
      expect(reference).toContain('<link rel="preload" as="font" href="/assets/font-5.woff2" crossorigin>');
      expect(reference).toContain("<title>Pulse</title>");
      expect(reference).toContain(markup);
    }
  });

  it("tells a pre-rendered page from one that shows nothing until its app runs", () => {
    const shows = (root: string) => paintsWithoutScripts(withoutScripts(page(root)));
    // The markup in #root, or beside an empty #root the app renders into.
    expect(shows('<div id="root" data-prerendered="/"><main><h1>Pulse</h1></main></div>')).toBe(true);
    expect(shows('<div data-prerendered="/"><main><h1>Pulse</h1></main></div><div id="root"></div>')).toBe(
      true,
    );
    expect(shows('<div id="root"><svg viewBox="0 0 1 1"><path d="M0 0h1"/></svg></div>')).toBe(true);
    // Client-rendered: an empty #root; what only shows without JavaScript, or never, does not count.
    expect(shows('<div id="root"></div>')).toBe(false);
    expect(shows('<div id="root">\n  </div><!-- Pulse --><noscript>Pulse needs JavaScript</noscript>')).toBe(
      false,
    );
    expect(shows('<div id="root"></div><template><p>Later</p></template>')).toBe(false);
  });

  it("is a file under one folder, one per page, named after the page's path", () => {
    expect(referencePath("/")).toBe("/lighthouse-reference/root.html");
    expect(referencePath("/about")).toBe("/lighthouse-reference/about.html");
    expect(referencePath("/a/b")).toBe("/lighthouse-reference/a-b.html");
  });
});
