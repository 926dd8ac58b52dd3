import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { noRoute } from "../errors";
import { mayReadDetails } from "../health/routes";
import type { PulseMetrics } from "./metrics";

declare module "fastify" {
  interface FastifyInstance {
    metrics: PulseMetrics;
  }
}

/** Requests that matched no route are one series, whatever their URL: a label per URL would grow without end. */
const UNMATCHED = "unmatched";

/**
 * Times every request by its route's template (`/api/connectors/:type`, never the URL a client sent) and status.
 * Registered at the root before any route, so every plugin's routes and the not-found answers are timed.
 */
export function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook("onResponse", (request, reply, done) => {
    app.metrics.request(
      request.method,
      request.routeOptions.url ?? UNMATCHED,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/**
 * GET /metrics: this instance's metrics in Prometheus's text format, for the same callers as /healthz's details
 * (on this machine with no proxy header, or with METRICS_TOKEN). Anyone else gets the answer of a path that does
 * not exist: the endpoint says nothing of itself to the public.
 */
export const metricsRoutes: FastifyPluginAsync = async (app) => {
  app.get("/metrics", async (request, reply) => {
    if (!mayReadDetails(request, app.config.metricsToken)) {
      throw noRoute(request.method, request.url);
    }
    const { registry } = app.metrics;
    const text = await registry.metrics();
    return reply.header("cache-control", "no-store").type(registry.contentType).send(text);
  });
};
