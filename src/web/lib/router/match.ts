import type { ReactNode } from "react";

/**
 * A route of the app's table: a page at an absolute, static path ("/product"), the page for any other path ("*"),
 * or a layout (no path) around child routes, which its element shows through <Outlet />. Pulse's routes have no
 * parameters: the route table (src/web/route-table.ts) names every page by its whole path.
 */
export interface RouteObject {
  path?: string;
  element?: ReactNode;
  children?: RouteObject[];
}

/**
 * The routes `pathname` renders, outermost first (the layouts, then the page), or null when none matches. A static
 * path wins over "*" wherever each is in the table; letter case and a trailing slash do not matter, and an encoded
 * letter matches itself ("/pr%6Fduct" is /product), as the browser's own address bar would have it.
 */
export function matchRoutes(routes: readonly RouteObject[], pathname: string): RouteObject[] | null {
  const path = normalise(pathname);
  return (
    firstLeaf(routes, (route) => route.path !== "*" && normalise(staticPath(route.path!)) === path) ??
    firstLeaf(routes, (route) => route.path === "*")
  );
}

function firstLeaf(
  routes: readonly RouteObject[],
  matches: (route: RouteObject) => boolean,
  parents: readonly RouteObject[] = [],
): RouteObject[] | null {
  for (const route of routes) {
    const chain = [...parents, route];
    if (route.children) {
      if (route.path !== undefined)
        throw new Error(`router: "${route.path}" has child routes; only a layout (no path) has them`);
      const found = firstLeaf(route.children, matches, chain);
      if (found) return found;
    } else if (route.path !== undefined && matches(route)) {
      return chain;
    }
  }
  return null;
}

function staticPath(path: string): string {
  if (path.startsWith("/") && !path.includes(":") && !path.includes("*")) return path;
  throw new Error(`router: "${path}" is not an absolute static path or "*"`);
}

function normalise(pathname: string): string {
  const decoded = pathname
    .split("/")
    .map((segment) => {
      try {
        // An encoded slash stays encoded: it is part of a segment, not a separator.
        return decodeURIComponent(segment).replaceAll("/", "%2F");
      } catch {
        return segment;
      }
    })
    .join("/");
  return decoded.toLowerCase().replace(/\/+$/, "") || "/";
}
