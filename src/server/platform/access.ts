import type { FastifyInstance, onRequestHookHandler, RouteOptions } from "fastify";

/**
 * Who may call a route (ARCHITECTURE §5 Access):
 * - `user`: a Pulse session of a user of the company domain (401 without a valid token, 403 for another domain).
 *   Every route under a guarded prefix is this unless the table below says otherwise.
 * - `session`: any valid Pulse session, whatever the domain (the access-denied screen needs the e-mail).
 * - `public`: no session; the route protects itself (rate limits, captcha, signatures, one-time codes).
 */
export type RouteAccess = "user" | "session" | "public";

/** The paths whose routes are guarded by default. Whole segments: `/realtime-demo` is a page, not a guarded route. */
export const GUARDED_PREFIXES = ["/api", "/functions", "/realtime"] as const;

/**
 * The one explicit list of guarded-prefix routes that do not need a company user, keyed `METHOD /path`. A route
 * added anywhere else is guarded; `access.test.ts` walks every registered route to prove it.
 */
export const ROUTE_ACCESS: Readonly<Record<string, Exclude<RouteAccess, "user">>> = {
  "GET /api/config": "public",
  "GET /api/captcha/challenge": "public",
  "POST /api/contact": "public",
  "POST /api/auth/google/start": "public",
  "GET /api/auth/google/callback": "public",
  "POST /api/auth/token": "public",
  "POST /api/auth/refresh": "public",
  // Signing out always answers 204 and ends only the sessions whose tokens the request carries.
  "POST /api/auth/signout": "public",
  "GET /api/auth/user": "session",
  // Signed by the workflow service (Standard Webhooks over the raw body, src/server/workflows/signature.ts).
  "POST /api/workflows/events": "public",
  // The realtime WebSocket: browsers cannot set headers on a handshake and tokens stay out of URLs, so it checks
  // the Origin before the upgrade and authenticates in-socket (first frame), src/server/realtime/plugin.ts.
  "GET /realtime": "public",
};

export function isUnderPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

export function isGuardedPath(path: string): boolean {
  return GUARDED_PREFIXES.some((prefix) => isUnderPrefix(path, prefix));
}

/** The access a route gets: `undefined` outside the guarded prefixes (pages, /healthz, /dev). */
export function accessOf(method: string, url: string): RouteAccess | undefined {
  if (!isGuardedPath(url)) return undefined;
  // Fastify adds a HEAD route beside each GET: it shares the GET's access.
  const key = `${method === "HEAD" ? "GET" : method} ${url}`;
  return ROUTE_ACCESS[key] ?? "user";
}

export interface AccessGuards {
  user: onRequestHookHandler;
  session: onRequestHookHandler;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route registered after the guard, with the access it got (for the route walk in the tests). */
    routeAccess: RegisteredRoute[];
  }
}

/**
 * Makes the guard structural: every route registered after this call under `/api`, `/functions` or `/realtime`
 * gets the `user` guard as its first onRequest hook (before its body is read), unless ROUTE_ACCESS lists it. The
 * guards come from the auth feature; this module only decides who needs which.
 */
export function registerAccessGuard(app: FastifyInstance, guards: AccessGuards): void {
  const registered: RegisteredRoute[] = [];
  app.decorate("routeAccess", registered);
  // Declared on every request object from the start, as Fastify advises: the guard's assignment then keeps the
  // objects' shape instead of giving each signed-in request a new one.
  app.decorateRequest("authenticated", undefined);
  app.addHook("onRoute", (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      registered.push({ method, url: route.url, access: accessOf(method, route.url) });
    }
    const accesses = new Set(methods.map((method) => accessOf(method, route.url)));
    if (accesses.size > 1) {
      throw new Error(`${route.url}: register methods with different access as separate routes`);
    }
    const [access] = accesses;
    if (access === undefined || access === "public") return;
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [guards[access], ...existing];
  });
}
