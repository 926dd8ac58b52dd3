import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { AUTH_ROUTES } from "@shared/auth";
import { deriveKey } from "./crypto";
import type { DevProvider } from "./dev-provider/provider";
import type { Timers } from "../platform/timers";
import { googleAccountCheck } from "./google-account-check";
import { GoogleRecheck } from "./google-recheck";
import { GOOGLE_ISSUER, OidcClient } from "./oidc-client";
import { authRoutes } from "./routes";
import { SessionCache } from "./session-cache";
import { SessionService } from "./sessions";
import { SignInFlows } from "./sign-in-flows";

declare module "fastify" {
  interface FastifyInstance {
    /** The development identity provider, when mounted (GOOGLE_CLIENT_ID unset, not production). */
    devIdentityProvider: DevProvider | undefined;
  }
}

/**
 * Sign-in, sessions and the development identity provider (issue #3; ARCHITECTURE §5 Development sign-in,
 * Sessions, Access). Decorates the app with `auth.sessions`, which the guard of ./guard.ts uses on every product
 * route.
 */
export interface AuthPluginOptions {
  /** The clock of the Google re-check (tests pass a manual one). */
  timers: Timers;
}

const plugin: FastifyPluginAsync<AuthPluginOptions> = async (app, options) => {
  const { config } = app;

  const redirectUri = `${config.publicUrl}${AUTH_ROUTES.callback}`;
  let oidc: OidcClient | undefined;
  let dev: DevProvider | undefined;
  if (config.google) {
    oidc = new OidcClient({
      issuer: new URL(GOOGLE_ISSUER),
      clientId: config.google.clientId,
      clientSecret: config.google.clientSecret,
      redirectUri,
    });
  } else if (!config.devStandIns || config.production) {
    // loadConfig refuses this already. Whatever the caller did, a public or production server never stands in
    // for Google: sign-in answers "not configured" instead.
    app.log.error("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set: sign-in is unavailable");
  } else {
    // Loaded only here, so a production process never loads the development provider's code at all.
    const { mountDevProvider } = await import("./dev-provider/provider");
    dev = await mountDevProvider(app, { publicUrl: config.publicUrl, redirectUri, secret: config.jwtSecret });
    oidc = new OidcClient({
      issuer: new URL(dev.issuer),
      clientId: dev.clientId,
      clientSecret: dev.clientSecret,
      redirectUri,
      allowInsecureRequests: dev.issuer.startsWith("http:"),
      fetch: dev.fetch,
    });
    app.log.info({ issuer: dev.issuer }, "Google sign-in: development identity provider");
  }
  app.decorate("devIdentityProvider", dev);

  const tokenKey = deriveKey(config.jwtSecret, "google-refresh-token");
  const accountCheck = oidc ? googleAccountCheck(app.db, oidc, tokenKey, app.log) : undefined;
  const cache = new SessionCache({ observe: (result) => app.metrics.sessionLookup(result) });
  const sessions = new SessionService(app.db, config, accountCheck, cache);
  // Without the change feed a revocation reaches this instance's realtime sockets only at their periodic check.
  app.readiness.checks.set("sessions", {
    code: "session_changes_unavailable",
    message: "This instance is not hearing session changes.",
    ready: () => cache.isListening,
  });
  // Google is asked about every signed-in account each GOOGLE_RECHECK_MINUTES, refreshing or not (issue 20 item 3).
  const googleRecheck = accountCheck
    ? new GoogleRecheck(
        app.db,
        accountCheck,
        (userId, reason) => sessions.endAllForUser(userId, reason),
        app.log,
        {
          intervalMs: config.googleRecheckMs,
          timers: options.timers,
        },
      )
    : undefined;
  if (googleRecheck) {
    app.addHook("onReady", async () => googleRecheck.start());
    app.addHook("onClose", async () => googleRecheck.stop());
  }
  app.decorate("auth", { sessions, googleRecheck });
  try {
    // Rotating JWT_SECRET signs everyone out (issue 37 item 3): sessions of another key could no longer refresh
    // anyway; ending them here makes the database say so, and the Google re-check stops meeting them.
    const ended = await sessions.endSessionsOfOtherKeys();
    if (ended > 0) app.log.warn({ ended }, "sessions: ended every session created under another JWT_SECRET");
  } catch (err) {
    // Refresh and the session check refuse those sessions on their own; only the clean-up waits for a restart.
    app.log.warn({ err }, "sessions: could not end the sessions of another JWT_SECRET at start");
  }
  try {
    const stopListening = await sessions.listenForChanges();
    app.addHook("onClose", stopListening);
  } catch (err) {
    // Without the change feed nothing is cached: every request reads its session, as correct and only slower.
    app.log.warn({ err }, "sessions: could not listen for changes; every request reads its session");
  }

  const flows = new SignInFlows(app.db, deriveKey(config.jwtSecret, "sign-in-flow-secrets"));
  await app.register(authRoutes, {
    oidc,
    sessions,
    flows,
    tokenKey,
  });
};

// fastify-plugin: the decorations (`auth`, `devIdentityProvider`) belong to the whole app, not one scope.
export const authPlugin = fp(plugin, { name: "pulse-auth" });
