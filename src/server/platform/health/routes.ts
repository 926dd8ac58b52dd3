import type { FastifyPluginAsync } from "fastify";
import { errorBody, isDatabaseUnavailable } from "../errors";

/** GET /healthz: the process answers and the database responds. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get("/healthz", async (request, reply) => {
    try {
      await app.db.ping();
      return { status: "ok", database: app.db.kind };
    } catch (err) {
      request.log.warn({ err }, "health check: database unreachable");
      const message = isDatabaseUnavailable(err)
        ? "The database is unreachable."
        : "The database did not answer.";
      return reply.code(503).send(errorBody("database_unavailable", message));
    }
  });
};
