import type { FastifyPluginAsync } from "fastify";
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

/** GET /healthz: the process answers and the database responds, with the details features registered. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get("/healthz", async (request, reply) => {
    try {
      await app.db.ping();
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
