import type { FastifyInstance, FastifyRequest } from "fastify";
import { isLoopbackHost } from "../config";
import { notFound } from "./errors";

/** Where the development stand-ins live (the identity provider, the workflow simulator). */
export const LOCAL_ONLY_PREFIX = "/dev";

/** Whether a path, as requested or as routed, is under LOCAL_ONLY_PREFIX (case and %-encoding folded). */
export function isLocalOnlyPath(path: string): boolean {
  let decoded = path.split("?")[0]!;
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // A malformed escape is not a route either; the raw path is judged as it is.
  }
  const normalised = decoded.toLowerCase().replace(/\/{2,}/g, "/");
  return normalised === LOCAL_ONLY_PREFIX || normalised.startsWith(`${LOCAL_ONLY_PREFIX}/`);
}

/** The Host header's name, if it parses: `localhost:3000` → `localhost`, `[::1]:3000` → `[::1]`. */
function hostNameOf(host: string | undefined): string | undefined {
  if (!host) return undefined;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return undefined;
  }
}

/**
 * Whether a request both comes from this machine and is addressed to it. The peer is the socket's own address,
 * never `request.ip` (TRUST_PROXY would let X-Forwarded-For speak for it), and a proxy on this machine forwarding a
 * public Host is refused by the Host half.
 */
export function isFromAndForLoopback(request: FastifyRequest): boolean {
  const peer = request.raw.socket?.remoteAddress;
  const host = hostNameOf(request.headers.host);
  return peer !== undefined && isLoopbackHost(peer) && host !== undefined && isLoopbackHost(host);
}

/**
 * Defence in depth for the development stand-ins (issue 20 item 1): whatever the configuration mounted, a request
 * under /dev that is not from and for loopback gets the same 404 as a path that does not exist. Registered before
 * every route, so it also covers routes a stand-in adds itself.
 */
export function registerLocalOnlyPaths(app: FastifyInstance): void {
  app.addHook("onRequest", (request, _reply, done) => {
    const routed = request.routeOptions.url;
    const local = isLocalOnlyPath(request.url) || (routed !== undefined && isLocalOnlyPath(routed));
    if (local && !isFromAndForLoopback(request)) {
      done(notFound(`No route for ${request.method} ${request.url.split("?")[0]}`));
      return;
    }
    done();
  });
}
