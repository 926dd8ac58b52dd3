import type { FastifyInstance, RouteOptions } from "fastify";
import { isGuardedPath } from "./access";

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * The largest body each route accepts, keyed `METHOD /path` (issue 20 item 5). Parsing JSON costs CPU in
 * proportion to its nesting as well as its size: a 1 MiB `[[[…]]]` posted to the sign-in endpoints stalled the
 * whole process, so a body larger than its route can use is refused with 413 from its Content-Length (or as it
 * streams past the limit), before a byte of it is parsed. Every route with a body under /api and /functions
 * gets DEFAULT_BODY_LIMIT unless this table says otherwise; `body-limits.test.ts` walks them all.
 */
export const ROUTE_BODY_LIMITS: Readonly<Record<string, number>> = {
  // Sign-in and token bodies are a few opaque strings of at most 2 KB (src/shared/auth-schemas.ts).
  "POST /api/auth/google/start": 4 * KiB,
  "POST /api/auth/token": 4 * KiB,
  "POST /api/auth/refresh": 4 * KiB,
  "POST /api/auth/signout": 4 * KiB,
  // Up to 5,000 selected Asana project ids of at most 100 characters each (connectors/routes.ts).
  "POST /functions/v1/syncAsanaPreferences": 1 * MiB,
  // A workflow service's batch of discovered items (workflows/routes.ts).
  "POST /api/workflows/events": 2 * MiB,
  // Multipart: the parts are counted and capped by busboy's limits as they stream (contact/read-form.ts).
  "POST /api/contact": 6 * MiB,
};

/** Every other body under /api and /functions: a small JSON object (`{ is_active }`, `{ alias_id }`). */
export const DEFAULT_BODY_LIMIT = 4 * KiB;

const METHODS_WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The limit a route gets: `undefined` for routes outside /api and /functions or without a body. */
export function bodyLimitOf(method: string, url: string): number | undefined {
  if (!METHODS_WITH_BODY.has(method) || !isGuardedPath(url)) return undefined;
  return ROUTE_BODY_LIMITS[`${method} ${url}`] ?? DEFAULT_BODY_LIMIT;
}

/** Gives every route registered after this call its limit from the table; a route may not pick its own. */
export function registerBodyLimits(app: FastifyInstance): void {
  app.addHook("onRoute", (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const limits = new Set(methods.map((method) => bodyLimitOf(method, route.url)));
    limits.delete(undefined);
    if (limits.size === 0) return;
    if (limits.size > 1)
      throw new Error(`${route.url}: register methods with different body limits separately`);
    const [limit] = limits;
    if (route.bodyLimit !== undefined && route.bodyLimit !== limit) {
      throw new Error(`${route.url}: its body limit belongs in ROUTE_BODY_LIMITS (platform/body-limits.ts)`);
    }
    route.bodyLimit = limit;
  });
}
