/**
 * What the build tells the server about preloading (scripts/route-preloads.ts writes it, the server's web-app
 * routes read it): for each page route an anonymous visitor can open, the JS files of that page which the entry
 * does not already bring, relative to the built web directory, in the order they load.
 */
export type RoutePreloads = Record<string, string[]>;

/** Where the build writes it, relative to the built web directory: beside Vite's manifest, never served. */
export const ROUTE_PRELOADS_FILE = ".vite/route-preloads.json";

/**
 * The same for the pages a signed-in user sees (the signed-in area, and "/"): preloaded by the page itself only when
 * the browser holds a session (src/web/pre-paint/), never pushed to a visitor who will be sent to /auth.
 */
export const SIGNED_IN_PRELOADS_FILE = ".vite/signed-in-preloads.json";

/**
 * The first GETs of each page a signed-in user sees (src/web/app/route-data/route-data-paths.ts), by route: sent by
 * the page's pre-paint script when the browser holds a session the app will use there (src/web/pre-paint/).
 */
export type RouteGets = Record<string, string[]>;

/** Where the build writes them, beside the preloads. */
export const SIGNED_IN_GETS_FILE = ".vite/signed-in-gets.json";

/**
 * The pre-paint script (src/web/pre-paint/), built by scripts/build-plan/pre-paint.ts into the built web directory:
 * the server writes it into every page in place of the tag that loads it.
 */
export const PRE_PAINT_SCRIPT_FILE = "pre-paint.js";
