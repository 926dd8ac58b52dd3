// Relative imports only: the build (scripts/route-preloads.ts, loaded with Vite's config) reads this table too.
import { candidatesPath } from "../../features/streams/candidates-path";
import { ROUTE_TABLE } from "../../route-table";

type ProtectedPath = (typeof ROUTE_TABLE.protected)[number]["path"];

/**
 * The GETs each signed-in page makes on its first render, by path: what startRouteData starts alongside the page's
 * code, so they no longer wait for it to load and render, and what the page's pre-paint script sends before that
 * code is even requested (the build names them to the server). Every protected route is listed (the type says so):
 * a new page is a decision here too. A path here must be the very request the page makes (built by the same
 * function), or the page asks the server a second time.
 */
export const ROUTE_DATA: Readonly<Record<ProtectedPath, readonly string[]>> = {
  // Demo data (features/workspace/demo-data.ts).
  "/dashboard": [],
  // The New Items tab, open first: the first screen of candidates. The Existing PulseMaps load on their tab.
  "/projects": [candidatesPath(null)],
  // Sample projects in local state (features/timeline/sample-projects.ts).
  "/timeline": [],
  // User Preferences, open first, are local (SPEC §3); the connectors load on their tab.
  "/settings": [],
  // Demo data (features/admin/demo-data.ts).
  "/project-manager": [],
};

/** The GETs the page at `pathname` makes first for a signed-in user ("/" shows them the dashboard). */
export function routeDataFor(pathname: string): readonly string[] {
  const path = pathname === ROUTE_TABLE.root.path ? ROUTE_TABLE.root.signedIn : pathname;
  return Object.hasOwn(ROUTE_DATA, path) ? ROUTE_DATA[path as ProtectedPath] : [];
}
