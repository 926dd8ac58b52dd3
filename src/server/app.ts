import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from "fastify";
import { randomUUID } from "node:crypto";
import type { PublicConfig } from "@shared/public-config";
import { requireSession, requireUser } from "./auth/guard";
import { authPlugin } from "./auth/plugin";
import { captchaRoutes } from "./platform/captcha/routes";
import type { Config } from "./config";
import { connectorsRoutes } from "./connectors/routes";
import { contactRoutes } from "./contact/routes";
import { contactRetentionPlugin } from "./contact/retention";
import type { Database } from "./db/client";
import { registerAccessGuard } from "./platform/access";
import { frameworkErrorHandler, registerErrorHandling, socketErrorHandler } from "./platform/errors";
import { refuseUnroutedBodies, registerBodyLimits, registerJsonParser } from "./platform/body-limits";
import { Readiness, readinessRoutes } from "./platform/health/readiness";
import { healthRoutes } from "./platform/health/routes";
import { registerLocalOnlyPaths } from "./platform/local-only";
import { requestLogSerializers } from "./platform/logging";
import { createMetrics } from "./platform/metrics/metrics";
import { metricsRoutes, registerRequestMetrics } from "./platform/metrics/routes";
import { registerSecurityHeaders, securityHeaders } from "./platform/security";
import { realtimeRoutes } from "./realtime/plugin";
import type { RealtimeSettings } from "./realtime/settings";
import { systemTimers, type Timers } from "./platform/timers";
import { streamsRoutes } from "./streams/routes";
import { readPrePaintScript } from "./platform/web-app/inline-script";
import type { PagePrerenderer } from "./platform/web-app/prerender";
import { webRoutes } from "./platform/web-app/routes";
import { setUpWorkflowWebhooks, type WorkflowClientOverrides } from "./workflows/outbound";
import { workflowRoutes } from "./workflows/routes";
import { streamPlacement } from "./streams/resolution";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Database;
  }
}

export interface AppDependencies {
  db: Database;
  /** Logger options (tests pass `false`, or a stream to read what was logged). */
  logger?: FastifyServerOptions["logger"];
  /** The outbound workflow client's fetch, timeout and sleep (tests stand in for the workflow service). */
  workflow?: WorkflowClientOverrides;
  /** Realtime timers and limits (tests pass a manual clock and short limits). */
  realtime?: Partial<RealtimeSettings>;
  /** The clock of timed work outside realtime: the Google re-check, the contact retention purge (tests pass a manual one). */
  timers?: Timers;
  /** Renders the public pages (tests render from the web app's sources); by default the build's bundle. */
  prerender?: PagePrerenderer;
}

export function publicConfigOf(config: Config): PublicConfig {
  return {
    companyDomain: config.companyDomain,
    captcha: config.recaptcha
      ? { provider: "recaptcha", siteKey: config.recaptcha.siteKey }
      : { provider: "altcha", challengeUrl: "/api/captcha/challenge" },
    requireHostedDomain: config.requireHostedDomain,
    legal: config.legal,
  };
}

function loggerOptions(config: Config, logger: AppDependencies["logger"]): FastifyServerOptions["logger"] {
  if (logger === false) return false;
  const base = typeof logger === "object" && logger !== null ? logger : { level: config.logLevel };
  // Request lines name the path only: query strings carry sign-in codes, states and whatever else clients send.
  return { ...base, serializers: { ...requestLogSerializers, ...(base.serializers ?? {}) } };
}

/**
 * Fastify's trustProxy for TRUST_PROXY. Fastify refuses a bare hop count (it cannot tell the proxy from a direct
 * client), so a count becomes "trust the first N addresses of the chain, the socket's first": right only when
 * nothing but the proxies can reach the server, as docs/deploying.md says.
 */
function trustProxyOption(
  trust: Config["trustProxy"],
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === "number" ? (_address, hop) => hop < trust : trust;
}

/** Builds the whole Pulse server without listening (main.ts listens; tests inject). */
export async function buildApp(config: Config, deps: AppDependencies): Promise<FastifyInstance> {
  const prePaintScript = readPrePaintScript(config.webDir);
  const headers = securityHeaders(config, prePaintScript ? [prePaintScript.cspHash] : []);
  const { timeouts } = config;
  const app = Fastify({
    logger: loggerOptions(config, deps.logger),
    genReqId: () => randomUUID(),
    logController: new LogController({ requestIdLogLabel: "requestId" }),
    bodyLimit: config.bodyLimit,
    trustProxy: trustProxyOption(config.trustProxy),
    forceCloseConnections: "idle",
    return503OnClosing: true,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // Node checks request and header deadlines on this interval (30 s by default): check often enough to hold them.
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkEveryMs },
    frameworkErrors: frameworkErrorHandler(headers),
    clientErrorHandler: socketErrorHandler(headers),
  });
  app.decorate("config", config);
  app.decorate("db", deps.db);
  app.decorate("healthDetails", new Map<string, () => unknown>());
  app.decorate("readiness", new Readiness());
  // Before the features: they record through it (features never import each other, nor know the registry).
  app.decorate("metrics", createMetrics(deps.db));
  // On arrival, not on send: a reply keeps its headers whatever it ends as (errors.ts sets it on the framework's own
  // refusals), and with no onSend hook at the root Fastify sends each payload without running a hook chain for it.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    done();
  });

  registerErrorHandling(app);
  registerJsonParser(app);
  registerRequestMetrics(app);
  registerSecurityHeaders(app, headers);
  registerLocalOnlyPaths(app);
  registerAccessGuard(app, { user: requireUser, session: requireSession });
  registerBodyLimits(app);
  refuseUnroutedBodies(app);

  await app.register(healthRoutes);
  await app.register(readinessRoutes);
  await app.register(metricsRoutes);
  app.get("/api/config", async () => publicConfigOf(config));
  await app.register(authPlugin, { timers: deps.timers ?? systemTimers });
  await app.register(captchaRoutes);
  await app.register(contactRoutes);
  await app.register(contactRetentionPlugin, { timers: deps.timers ?? systemTimers });
  // The composition root hands the Streams feature's placement of discovered items to the workflow events.
  await app.register(workflowRoutes, { streams: streamPlacement });
  app.decorate(
    "workflowWebhooks",
    await setUpWorkflowWebhooks(app, {
      ...deps.workflow,
      observe: (hook, outcome) => app.metrics.workflowWebhook(hook, outcome),
    }),
  );
  await app.register(streamsRoutes);
  await app.register(connectorsRoutes);
  // The composition root hands the auth feature's session checks to realtime (features never import each other).
  await app.register(realtimeRoutes, {
    auth: {
      authenticate: (token) => app.auth.sessions.authenticate(token),
      endedSessions: (ids) => app.auth.sessions.endedAmong(ids),
      onUserChanged: (listener) => app.auth.sessions.onUserChanged(listener),
    },
    settings: deps.realtime,
  });

  await app.register(webRoutes, {
    webDir: config.webDir,
    publicConfig: publicConfigOf(config),
    prePaintScript,
    ...(deps.prerender ? { prerender: deps.prerender } : {}),
  });
  return app;
}
