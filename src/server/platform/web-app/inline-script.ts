import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { PRE_PAINT_SCRIPT_FILE } from "@shared/route-preloads";

/**
 * How src/web/index.html loads the pre-paint script (the theme, and the pre-rendered page's code after paint). Vite
 * leaves it alone for its `vite-ignore` attribute, which it removes with the space before it.
 */
const PRE_PAINT_TAG = new RegExp(`<script src="/${PRE_PAINT_SCRIPT_FILE.replace(".", "\\.")}"\\s*></script>`);

/** The pre-paint script's text, and its hash for the CSP's script-src. */
export interface PrePaintScript {
  source: string;
  cspHash: string;
}

/**
 * The built web app's pre-paint script (src/web/pre-paint/, built to pre-paint.js), or undefined without one. It
 * must run before the first paint, so as a file it is a render-blocking request of its own on every page load: a
 * round trip on a slow connection before anything shows. Written into the page instead, it is allowed by its hash
 * alone, and the CSP still refuses every other inline script (docs/decisions/0083-prerendering-public-pages.md).
 */
export function readPrePaintScript(webDir: string | undefined): PrePaintScript | undefined {
  const file = webDir ? path.join(webDir, PRE_PAINT_SCRIPT_FILE) : undefined;
  if (!file || !existsSync(file)) return undefined;
  const source = readFileSync(file, "utf8");
  // A `</script` in the text would end the inline element early; the build refuses to make one.
  if (/<\/script/i.test(source))
    throw new Error(`${file} contains "</script" and cannot be written into the page`);
  return { source, cspHash: `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'` };
}

/**
 * What the pre-paint script needs to start a signed-in user's page before the app's code has loaded, when the
 * browser holds a session (src/web/pre-paint/): attributes of the script element, read before the rest of the page
 * is parsed (the CSP's hash covers the text only).
 */
export interface SessionHints {
  /** The files the page's signed-in render needs, which the script preloads. */
  preloads?: readonly string[];
  /**
   * The page's first GETs, which the script sends, and the access rule it applies first (the company domain, and
   * whether a hosted domain is required), so it never sends one for a user the app would turn away.
   */
  gets?: readonly string[];
  companyDomain?: string;
  requireHostedDomain?: boolean;
}

/** `name="value"`, the value escaped for an HTML attribute. */
const attribute = (name: string, value: string) =>
  ` ${name}="${value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}"`;

/** The page with its pre-paint script written in, in place of the tag that loads the file. */
export function withInlinePrePaintScript(
  html: string,
  script: PrePaintScript | undefined,
  { preloads = [], gets = [], companyDomain, requireHostedDomain }: SessionHints = {},
): string {
  if (!script || !PRE_PAINT_TAG.test(html)) return html;
  let attributes = "";
  if (preloads.length > 0)
    attributes += attribute("data-session-preloads", preloads.map((file) => `/${file}`).join(" "));
  if (gets.length > 0 && companyDomain) {
    attributes += attribute("data-session-gets", gets.join(" "));
    attributes += attribute("data-company-domain", companyDomain);
    if (requireHostedDomain) attributes += attribute("data-require-hosted-domain", "");
  }
  // A function, so `$` in the script is never read as a replacement pattern.
  return html.replace(PRE_PAINT_TAG, () => `<script${attributes}>${script.source}</script>`);
}
