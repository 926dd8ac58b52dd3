import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { randomUUID } from "node:crypto";
import type { PublicConfig } from "@shared/public-config";
import { authPlugin } from "./auth/plugin";
import { captchaRoutes } from "./captcha/routes";
import type { Config } from "./config";
import { contactRoutes } from "./contact/routes";
import type { Database } from "./db/client";
import { registerErrorHandling } from "./platform/errors";
import { healthRoutes } from "./platform/health/routes";
import { registerSecurityHeaders } from "./platform/security";
import { webRoutes } from "./platform/web-app/routes";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Database;
  }
}

export interface AppDependencies {
  db: Database;
  logger?: FastifyServerOptions["logger"];
}

export function publicConfigOf(config: Config): PublicConfig {
  return {
    companyDomain: config.companyDomain,
    captcha: config.recaptcha
      ? { provider: "recaptcha", siteKey: config.recaptcha.siteKey }
      : { provider: "altcha", challengeUrl: "/api/captcha/challenge" },
  };
}

/** Builds the whole Pulse server without listening (main.ts listens; tests inject). */
export async function buildApp(config: Config, deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    genReqId: () => randomUUID(),
    requestIdLogLabel: "requestId",
    bodyLimit: config.bodyLimit,
    trustProxy: config.env === "production",
    forceCloseConnections: "idle",
    return503OnClosing: true,
  });
  app.decorate("config", config);
  app.decorate("db", deps.db);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  registerErrorHandling(app);
  await registerSecurityHeaders(app, config);
  await app.register(cookie);

  await app.register(healthRoutes);
  app.get("/api/config", async () => publicConfigOf(config));
  await app.register(authPlugin);
  await app.register(captchaRoutes);
  await app.register(contactRoutes);

  await app.register(webRoutes, { webDir: config.webDir, publicConfig: publicConfigOf(config) });
  return app;
}
