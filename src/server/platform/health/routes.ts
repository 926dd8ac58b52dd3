import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { createHash, timingSafeEqual } from "node:crypto";
import { isLoopbackHost } from "../../config";
import { hasForwardingHeader } from "../local-only";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Details /healthz adds beside the database, by name (the realtime socket and channel counts): features add
     * theirs without the platform knowing them.
     */
    healthDetails: Map<string, () => unknown>;
  }
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Whether `Authorization: Bearer <token>` names the operator's token, compared in constant time. */
function hasOperatorToken(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return false;
  const given = /^Bearer +(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1];
  // Digests of equal length: neither the comparison's time nor its failure says how long the token is.
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * Who may read the details (issue 20 finding 11): a caller on this machine that no proxy speaks for — the socket's
 * own peer address, never `request.ip`, which TRUST_PROXY lets X-Forwarded-For decide — or anyone with
 * METRICS_TOKEN. A proxy on this machine forwarding public requests must therefore add X-Forwarded-For. The same
 * rule gives /readyz's details and /metrics.
 */
export function mayReadDetails(request: FastifyRequest, metricsToken: string | undefined): boolean {
  const peer = request.raw.socket?.remoteAddress;
  const local = peer !== undefined && isLoopbackHost(peer) && !hasForwardingHeader(request.headers);
  return local || hasOperatorToken(request, metricsToken);
}

/**
 * GET /healthz, liveness (issue 37 item 10): the process is up and its event loop answers — nothing else. A
 * dependency's outage (the database, LISTEN) must not make an orchestrator restart every replica at once, so
 * dependencies are /readyz's question. The public hears the status only; the database kind and the details
 * features registered go to `mayReadDetails` callers.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get("/healthz", async (request, reply) => {
    // The answer depends on who asks: no cache may keep one caller's for another.
    void reply.header("cache-control", "no-store");
    if (!mayReadDetails(request, app.config.metricsToken)) return { status: "ok" };
    const details = Object.fromEntries([...app.healthDetails].map(([name, read]) => [name, read()]));
    return { status: "ok", database: app.db.kind, ...details };
  });
};
