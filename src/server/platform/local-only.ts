import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from "fastify";
import type { IncomingHttpHeaders } from "node:http";
import { isIP } from "node:net";
import { isLoopbackHost } from "../config";
import { noRoute } from "./errors";

/** Where the development stand-ins live (the identity provider, the workflow simulator). */
export const LOCAL_ONLY_PREFIX = "/dev";

const MAY_NAME_LOCAL_ONLY = new RegExp(`${LOCAL_ONLY_PREFIX.slice(1)}|%`, "i");

/** Whether a path, as requested or as routed, is under LOCAL_ONLY_PREFIX (case and %-encoding folded). */
export function isLocalOnlyPath(path: string): boolean {
  // Every request asks, and almost none is one: a path under /dev names "dev" in some case or spells part of it with
  // %-escapes, so a path with neither is answered without decoding it.
  if (!MAY_NAME_LOCAL_ONLY.test(path)) return false;
  let decoded = path.split("?")[0]!;
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // A malformed escape is not a route either; the raw path is judged as it is.
  }
  const normalised = decoded.toLowerCase().replace(/\/{2,}/g, "/");
  return normalised === LOCAL_ONLY_PREFIX || normalised.startsWith(`${LOCAL_ONLY_PREFIX}/`);
}

/**
 * Whether a request names a proxy's headers: it came through one (nginx, a tunnel, a load balancer), whatever the
 * socket's peer is, and the proxy may be speaking for anyone (issue 37 item 7).
 */
export function hasForwardingHeader(headers: IncomingHttpHeaders): boolean {
  return Object.keys(headers).some((name) => name.startsWith("x-forwarded-") || FORWARDING_HEADERS.has(name));
}
const FORWARDING_HEADERS = new Set(["forwarded", "x-real-ip", "via"]);

/**
 * A Host header that is exactly a loopback name or address with an optional port: `localhost:3000`,
 * `127.0.0.1`, `[::1]:3000`. Nothing a URL parser would bend into one (`evil.com@localhost`, `localhost/evil`,
 * `localhost\evil.com`) and no other name under .localhost, which need not be this machine behind a proxy.
 */
const LOOPBACK_HOST_HEADER =
  /^(?:localhost|127(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}|\[(?:::1|0:0:0:0:0:0:0:1)\])(?::\d{1,5})?$/i;

export function isLoopbackHostHeader(host: string | undefined): boolean {
  return host !== undefined && LOOPBACK_HOST_HEADER.test(host);
}

/**
 * Whether a request both comes from this machine and is addressed to it, with no proxy in between. The peer is the
 * socket's own address, never `request.ip` (TRUST_PROXY would let X-Forwarded-For speak for it); a proxy on this
 * machine is known by its forwarding headers or by the public Host it passes on. (One that sends neither cannot be
 * told from a local browser: docs/sign-in-and-sessions.md says not to put a development server behind one.)
 */
export function isFromAndForLoopback(request: FastifyRequest): boolean {
  const peer = request.raw.socket?.remoteAddress;
  return (
    peer !== undefined &&
    isLoopbackHost(peer) &&
    !hasForwardingHeader(request.headers) &&
    isLoopbackHostHeader(request.headers.host)
  );
}

/**
 * The addresses the server listens on that are not loopback. With the development stand-ins mounted there must be
 * none (main.ts refuses to run): HOST was judged by its name, and a name can resolve elsewhere.
 */
export function nonLoopbackAddresses(addresses: readonly (string | { address: string })[]): string[] {
  return addresses
    .map((bound) => (typeof bound === "string" ? bound : bound.address))
    .filter((address) => isIP(address) === 0 || !isLoopbackHost(address));
}

/**
 * Defence in depth for the development stand-ins (issue 20 item 1): whatever the configuration mounted, a request
 * under /dev that is not from and for loopback gets the same 404 as a path that does not exist. Registered before
 * every route, so it also covers routes a stand-in adds itself.
 */
export function registerLocalOnlyPaths(app: FastifyInstance): void {
  // The answer of a path that does not exist, unless the request is from and for this machine.
  const refusal = (request: FastifyRequest) =>
    isFromAndForLoopback(request) ? undefined : noRoute(request.method, request.url);
  const refuseUnlessLocal: onRequestHookHandler = (request, _reply, done) => done(refusal(request));
  // The path as requested, on every request: those no route matched or a catch-all route answers included.
  app.addHook("onRequest", (request, _reply, done) =>
    done(isLocalOnlyPath(request.url) ? refusal(request) : undefined),
  );
  // The path as routed, decided once per route as it is registered (not on every request): a route under /dev checks
  // each request it gets, however that request spelled its path.
  app.addHook("onRoute", (route: RouteOptions) => {
    if (!isLocalOnlyPath(route.url)) return;
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [refuseUnlessLocal, ...existing];
  });
}
