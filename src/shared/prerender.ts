/**
 * The server's pre-render of the public pages (docs/decisions/0083-prerendering-public-pages.md), shared by the
 * build, the server and the browser.
 */

/** The attribute of #root naming the path its pre-rendered markup was made for; the browser hydrates only that. */
export const PRERENDERED_PATH_ATTRIBUTE = "data-prerendered";

/** The server-rendering bundle Vite builds from src/web/entry-server.tsx, relative to the built web directory. */
export const PRERENDER_BUNDLE = "../web-ssr/entry-server.js";
