import path from "node:path";
import { pathToFileURL } from "node:url";
import type { PublicConfig } from "@shared/public-config";
import { PRERENDERED_PATH_ATTRIBUTE, PRERENDER_BUNDLE } from "@shared/prerender";

/**
 * Renders the page an anonymous visitor sees at a path to the markup inside #root, or undefined when the path is not
 * a public page. The web app's src/web/entry-server.tsx is one.
 */
export type PagePrerenderer = (pathname: string, config: PublicConfig) => Promise<string | undefined>;

interface PrerenderBundle {
  renderPublicPage: PagePrerenderer;
}

/**
 * The pre-renderer of the built web app (dist/web-ssr beside the web directory). The bundle and React's server
 * renderer are imported on the first call (once the server is ready), not before: the start does not wait for them.
 */
export function prerendererFromBuild(webDir: string): PagePrerenderer {
  let bundle: Promise<PrerenderBundle> | undefined;
  return async (pathname, config) => {
    bundle ??= import(pathToFileURL(path.resolve(webDir, PRERENDER_BUNDLE)).href) as Promise<PrerenderBundle>;
    return (await bundle).renderPublicPage(pathname, config);
  };
}

const EMPTY_ROOT = '<div id="root"></div>';

/** A script type the browser does not run; the pre-paint script (src/web/pre-paint/) looks for it. */
const AFTER_PAINT = "pulse-after-paint";

/**
 * A pre-rendered page paints without its JavaScript, which only makes it interactive. Its entry script is left
 * inert and the pre-paint script (src/web/pre-paint/) fetches it after the first paint, so on a slow connection
 * the paint does not share the bandwidth with the app's largest file. So are the preloads of the page's chunks, its own included: each one
 * asked for before the paint delayed it, and even the page's own small chunk alone kept /contact, /about and /auth
 * over their goal (docs/performance.md, "First paint"). The page cannot hydrate before the entry has come anyway,
 * and its chunks come with it.
 */
export function withScriptsAfterPaint(html: string): string {
  return html
    .replaceAll('<script type="module"', `<script type="${AFTER_PAINT}"`)
    .replaceAll('<link rel="modulepreload"', `<link rel="${AFTER_PAINT}"`);
}

/** The app's entry script named by a built page (relative to the web directory), if it names one. */
export function entryScriptOf(html: string): string | undefined {
  return /<script type="module" crossorigin src="\/([^"]+)">/.exec(html)?.[1];
}

/**
 * The page with the pre-rendered markup in a container of its own before the empty #root, marked with the path it
 * was rendered for. src/web/main.tsx hydrates that container, or removes it and renders into #root; #root stays
 * the app's own render, empty until the app's code runs.
 */
export function withPrerenderedRoot(html: string, pathname: string, markup: string): string {
  if (!html.includes(EMPTY_ROOT)) throw new Error(`The page has no empty ${EMPTY_ROOT} to pre-render into`);
  const attribute = `${PRERENDERED_PATH_ATTRIBUTE}="${pathname.replace(/[&"<>]/g, "")}"`;
  // A function, so `$` in the markup is never read as a replacement pattern.
  return html.replace(EMPTY_ROOT, () => `<div ${attribute}>${markup}</div>${EMPTY_ROOT}`);
}
