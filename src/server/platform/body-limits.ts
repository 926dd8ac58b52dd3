import type { FastifyInstance, RouteOptions } from "fastify";
import { isGuardedPath } from "./access";
import { HttpError, noRoute } from "./errors";

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

/**
 * How deeply a JSON body may nest arrays and objects (issue 37 item 2). Pulse's deepest schema is a few levels (an
 * event's items, each with its participants), so this is far above anything a route accepts and far below the
 * nesting that made a parse stall the process.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text nests arrays or objects more than `max` deep: one pass over the characters, strings skipped,
 * nothing built. Text that is not JSON at all is left to the parser to refuse.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

export const JSON_TOO_DEEP_MESSAGE = `The request body nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep.`;

/**
 * Fastify's own JSON parser (prototype-poisoning checks and its refusals kept) behind the depth check, for every
 * route registered after this call. A route that reads the raw text itself (the signed workflow events) checks
 * `jsonNestsDeeperThan` before its own parse.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const { onProtoPoisoning = "error", onConstructorPoisoning = "error" } = app.initialConfig;
  const parse = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning);
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (jsonNestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(new HttpError(400, "json_too_deep", JSON_TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}

/**
 * A request that matches no route is answered 404 before its body is read: Fastify would otherwise read and parse
 * it for its 404 handler, which never looks at it. GET and HEAD carry no body Fastify parses, and go on to the web
 * app's page fallback.
 */
export function refuseUnroutedBodies(app: FastifyInstance): void {
  app.addHook("onRequest", (request, _reply, done) => {
    if (request.is404 && request.method !== "GET" && request.method !== "HEAD") {
      done(noRoute(request.method, request.url));
      return;
    }
    done();
  });
}
