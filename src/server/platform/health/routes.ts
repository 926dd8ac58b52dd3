import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { createHash, timingSafeEqual } from "node:crypto";
import { isLoopbackHost } from "../../config";
import { errorBody, isDatabaseUnavailable } from "../errors";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Details /healthz adds beside the database, by name (the realtime socket and channel counts): features add
     * theirs without the platform knowing them.
     */
    healthDetails: Map<string, () => unknown>;
  }
}

/** Headers a proxy adds: a request carrying one came through it, whatever the socket's peer is. */
const PROXY_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];

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
  const local =
    peer !== undefined &&
    isLoopbackHost(peer) &&
    PROXY_HEADERS.every((name) => request.headers[name] === undefined);
  return local || hasOperatorToken(request, metricsToken);
}

/**
 * GET /healthz: the process answers and the database responds. The public hears the status only; the database kind
 * and the details features registered go to `mayReadDetails` callers.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get("/healthz", async (request, reply) => {
    // The answer depends on who asks: no cache may keep one caller's for another.
    void reply.header("cache-control", "no-store");
    try {
      await app.db.ping();
      if (!mayReadDetails(request, app.config.metricsToken)) return { status: "ok" };
      const details = Object.fromEntries([...app.healthDetails].map(([name, read]) => [name, read()]));
      return { status: "ok", database: app.db.kind, ...details };
    } catch (err) {
      request.log.warn({ err }, "health check: database unreachable");
      const message = isDatabaseUnavailable(err)
        ? "The database is unreachable."
        : "The database did not answer.";
      return reply.code(503).send(errorBody("database_unavailable", message));
    }
  });
};
