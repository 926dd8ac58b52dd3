import { isAuthorisedUser } from "@shared/auth-access";
import { candidatesPath } from "@/features/streams/candidates-path";
import { dropPrefetches, prefetchGet } from "@/lib/api-client";
import { startingSession } from "@/lib/auth/auth-client";
import type { AuthSession } from "@/lib/auth/auth-context";
import { publicConfig } from "@/lib/public-config";
import { ROUTE_TABLE } from "../../route-table";

type ProtectedPath = (typeof ROUTE_TABLE.protected)[number]["path"];

/**
 * The GETs each signed-in page makes on its first render, by path: what startRouteData starts alongside the page's
 * code, so they no longer wait for it to load and render. Every protected route is listed (the type says so): a new
 * page is a decision here too. A path here must be the very request the page makes (built by the same function),
 * or the page asks the server a second time.
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

/**
 * The session a signed-in page starts with, from the one the auth client adopts at start: none when there is no
 * session, when the auth client will replace it first (a sign-in being finished from the URL, a token due for a
 * refresh), or when the user would see the access-denied screen instead of the page.
 */
export function signedInSessionAtStart(): AuthSession | undefined {
  const session = startingSession();
  if (!session) return undefined;
  const { companyDomain, requireHostedDomain } = publicConfig();
  return isAuthorisedUser(session.user, companyDomain, requireHostedDomain) ? session : undefined;
}

/**
 * Starts the first GETs of the page at `pathname` for the stored session, if there is one, so they run while the
 * page's code loads instead of after it has rendered; the page's own identical requests take their answers
 * (apiRequest). Called at start-up before the first render (main.tsx) and on each navigation
 * (RouteDataOnNavigate). What an earlier page left untaken is dropped.
 */
export function startRouteData(pathname: string): void {
  dropPrefetches();
  const paths = routeDataFor(pathname);
  if (paths.length === 0) return;
  const session = signedInSessionAtStart();
  if (!session) return;
  for (const path of paths) prefetchGet(path, session.access_token);
}
