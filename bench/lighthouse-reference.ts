// The static reference of `npm run lighthouse` (issue #23): each public page's HTML exactly as the server sends it,
// with every script taken out, served as a file by the same server. What the page paints without any of its code is
// the best a pre-rendered page can do; Pulse's LCP over the reference's is what is left to win.

/** The folder of the web directory's copy that holds the references (a path no page route uses). */
export const REFERENCE_DIR = "lighthouse-reference";

/**
 * The URL path of a page's reference: a file, because the static plugin serves files only (`index: false`), so a
 * page route's fallback never answers it. "/" is `root.html`.
 */
export function referencePath(pagePath: string): string {
  return `/${REFERENCE_DIR}/${pagePath === "/" ? "root" : pagePath.slice(1).replaceAll("/", "-")}.html`;
}

/** A `<link>` whose rel names a script to fetch: preloads of modules or scripts, or the app's code after paint. */
function isScriptLink(tag: string): boolean {
  const rel = /\srel\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
  const tokens = (rel?.[1] ?? rel?.[2] ?? rel?.[3] ?? "").toLowerCase().split(/\s+/);
  if (tokens.includes("modulepreload") || tokens.includes("pulse-after-paint")) return true;
  return tokens.includes("preload") && /\sas\s*=\s*["']?script\b/i.test(tag);
}

/**
 * The page without any script: every `<script>` element (module, classic, inert `pulse-after-paint`, the inert JSON
 * config too) and every link that fetches a script (`modulepreload`, `pulse-after-paint`, `preload as=script`).
 * Stylesheets, icons and the markup stay. A page's HTML holds no `<script` or `<link` inside text (the server's
 * renderer escapes `<` in text and in the JSON), so matching tags is enough here.
 */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "")
    .replace(/<link\b[^>]*>/gi, (tag) => (isScriptLink(tag) ? "" : tag));
}

/**
 * Whether a page without its scripts (withoutScripts) still has something in its body to paint: text, or an image
 * or drawing. A client-rendered page's body is an empty #root: its reference would have no LCP at all. Asked of the
 * body as a whole, the answer does not depend on where the server puts pre-rendered markup (in #root or beside it).
 */
export function paintsWithoutScripts(reference: string): boolean {
  const body = /<body\b[^>]*>([\s\S]*?)(?:<\/body\s*>|$)/i.exec(reference)?.[1] ?? "";
  // What a browser running scripts does not show: comments, <noscript>, <template>.
  const shown = body
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<(noscript|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "");
  if (/<(img|svg|picture|video|canvas)\b/i.test(shown)) return true;
  return shown.replace(/<[^>]*>/g, "").trim().length > 0;
}
