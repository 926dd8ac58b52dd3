import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** How src/web/index.html loads the pre-paint script (the theme, and the pre-rendered page's code after paint). */
const PRE_PAINT_TAG = '<script src="/theme.js"></script>';

/** The pre-paint script's text, and its hash for the CSP's script-src. */
export interface PrePaintScript {
  source: string;
  cspHash: string;
}

/**
 * The built web app's pre-paint script (public/theme.js), or undefined without one. It must run before the first
 * paint, so as a file it is a render-blocking request of its own on every page load: a round trip on a slow
 * connection before anything shows. Written into the page instead, it is allowed by its hash alone, and the CSP
 * still refuses every other inline script (docs/decisions/0083-prerendering-public-pages.md).
 */
export function readPrePaintScript(webDir: string | undefined): PrePaintScript | undefined {
  const file = webDir ? path.join(webDir, "theme.js") : undefined;
  if (!file || !existsSync(file)) return undefined;
  const source = readFileSync(file, "utf8");
  // A `</script` in the text would end the inline element early; none is expected in this file.
  if (/<\/script/i.test(source))
    throw new Error(`${file} contains "</script" and cannot be written into the page`);
  return { source, cspHash: `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'` };
}

/**
 * The page with its pre-paint script written in, in place of the tag that loads the file. `sessionPreloads`: the
 * files the page's signed-in render needs, which the script preloads when the browser holds a session; an attribute
 * of the script element, so the script reads them before the rest of the page is parsed (the hash covers the text
 * only).
 */
export function withInlinePrePaintScript(
  html: string,
  script: PrePaintScript | undefined,
  sessionPreloads: readonly string[] = [],
): string {
  if (!script || !html.includes(PRE_PAINT_TAG)) return html;
  const files = sessionPreloads.map((file) => `/${file}`).join(" ");
  const attributes = files ? ` data-session-preloads="${files.replace(/[&"<>]/g, "")}"` : "";
  // A function, so `$` in the script is never read as a replacement pattern.
  return html.replace(PRE_PAINT_TAG, () => `<script${attributes}>${script.source}</script>`);
}
