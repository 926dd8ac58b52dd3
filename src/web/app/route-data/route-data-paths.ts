// Relative imports only: the build (scripts/route-preloads.ts, loaded with Vite's config) reads this table too.
import { STREAMS_PAGE_FIRST_GETS } from "../../features/streams/candidates-path";
import { ROUTE_TABLE } from "../../route-table";

type ProtectedPath = (typeof ROUTE_TABLE.protected)[number]["path"];

/**
 * The GETs each signed-in page makes on its first render, by path: what startRouteData starts alongside the page's
 * code, so they no longer wait for it to load and render, and what the page's pre-paint script sends before that
 * code is even requested (the build names them to the server). Every protected route is listed (the type says so):
 * a new page is a decision here too. A page's feature declares its GETs, and its query takes their answers
 * (lib/early-answers.ts): a path here must be the very request the page makes, or the page asks a second time.
 */
export const ROUTE_DATA: Readonly<Record<ProtectedPath, readonly string[]>> = {
  // Demo data (features/workspace/demo-data.ts).
  "/dashboard": [],
  // Declared by the Streams feature.
  "/projects": STREAMS_PAGE_FIRST_GETS,
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
