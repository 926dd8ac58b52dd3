import cookie from "@fastify/cookie";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { AUTH_ERROR_PARAM, AUTH_ROUTES, type StartSignInResponse } from "@shared/auth";
import {
  refreshBodySchema,
  signOutBodySchema,
  startSignInBodySchema,
  tokenBodySchema,
} from "@shared/auth-schemas";
import type { SessionResponse } from "@shared/auth";
import { badRequest, HttpError } from "../platform/errors";
import { currentUser } from "../platform/current-user";
import { bearerToken } from "./guard";
import { OidcClient } from "./oidc-client";
import { createRateLimiter, rateLimitHook } from "../platform/rate-limit/limiter";
import { allowedReturnUrl } from "./redirects";
import { sessionEnded, type IssuedSession, type SessionService } from "./sessions";
import {
  clearRefreshCookie,
  readRefreshCookie,
  requirePulseOrigin,
  setRefreshCookie,
} from "./refresh-cookie";
import type { SignInFlows } from "./sign-in-flows";
import { completeSignIn } from "./complete-sign-in";

export interface AuthRoutesOptions {
  /** Undefined only in a production deployment without a Google client (sign-in then answers 503). */
  oidc: OidcClient | undefined;
  sessions: SessionService;
  flows: SignInFlows;
  /** Encrypts Google's refresh token at rest. */
  tokenKey: Buffer;
}

const noStore = (reply: FastifyReply) =>
  reply.header("cache-control", "no-store").header("pragma", "no-cache");

/** Sign-in, token exchange, refresh, current user and sign-out (src/shared/auth.ts AUTH_ROUTES). */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (
  app,
  { oidc, sessions, flows, tokenKey },
) => {
  // The refresh cookie is the only cookie Pulse reads or writes, and only these routes touch it: registered here, the
  // plugin's per-request hooks (parse on arrival, write on send) run for these routes and no other.
  await app.register(cookie);
  const { config } = app;
  /** The refresh token goes into its HttpOnly cookie; the body carries the rest of the session only. */
  const issue = (reply: FastifyReply, issued: IssuedSession): SessionResponse => {
    const { refresh_token, session_expires_at, ...session } = issued;
    setRefreshCookie(reply, config, refresh_token, session_expires_at);
    noStore(reply);
    return session;
  };
  // Counted in PostgreSQL per endpoint and client address, so every instance shares the count.
  const limited = (name: string) => ({
    onRequest: rateLimitHook(
      createRateLimiter(app.db, { name: `auth:${name}`, ...config.authRateLimit }),
      () => "Too many sign-in requests. Please wait a moment and try again.",
    ),
  });

  // 1. "Continue with Google": remember the flow, answer with the provider's authorization URL.
  app.post(AUTH_ROUTES.start, limited("start"), async (request, reply) => {
    const body = startSignInBodySchema.parse(request.body);
    const redirectTo = allowedReturnUrl(body.redirect_to, config);
    if (!redirectTo) {
      throw badRequest(
        "This sign-in cannot return to that address. Open Pulse at its usual address and try again.",
        "redirect_not_allowed",
      );
    }
    if (!oidc) {
      throw new HttpError(503, "sign_in_not_configured", "Google sign-in is not configured on this server.");
    }
    const secrets = OidcClient.randomSecrets();
    let url: URL;
    try {
      url = await oidc.authorizationUrl(secrets, config.companyDomain);
    } catch (err) {
      request.log.error({ err }, "identity provider unavailable");
      throw new HttpError(
        503,
        "provider_unavailable",
        "Google sign-in is not reachable right now. Please try again in a moment.",
        { "retry-after": "5" },
      );
    }
    await flows.start({ secrets, codeChallenge: body.code_challenge, redirectTo });
    noStore(reply);
    return { url: url.toString() } satisfies StartSignInResponse;
  });

  // 2. The provider sends the browser back here.
  app.get(AUTH_ROUTES.callback, async (request: FastifyRequest, reply) => {
    noStore(reply);
    const outcome = await completeSignIn(
      { db: app.db, config, oidc, flows, tokenKey, log: request.log },
      {
        query: request.query as Record<string, unknown>,
        search: new URL(request.url, "http://callback.invalid").search,
      },
    );
    if (outcome.ok) return reply.redirect(outcome.redirectTo.toString(), 303);
    // Without a known flow the page that started it is unknown: stay on the origin the browser is on.
    const params = new URLSearchParams({ [AUTH_ERROR_PARAM]: outcome.error });
    return reply.redirect(`${outcome.origin ?? ""}/auth?${params}`, 303);
  });

  // 3. The browser that started the sign-in trades the one-time code and its PKCE verifier for a session.
  app.post(AUTH_ROUTES.token, limited("token"), async (request, reply) => {
    const body = tokenBodySchema.parse(request.body);
    const result = await flows.exchangeCode(body.code, body.code_verifier);
    if (!result.ok) {
      const message = {
        unknown: "This sign-in code is not valid or was already used. Please sign in again.",
        expired: "This sign-in code has expired. Please sign in again.",
        wrong_verifier: "This sign-in code was issued to another browser. Please sign in again.",
      }[result.reason];
      throw badRequest(message, "invalid_grant");
    }
    const session = await sessions.create(result.userId, {
      userAgent: request.headers["user-agent"],
      ip: request.ip,
    });
    return issue(reply, session);
  });

  // 4. Rotation: the refresh token comes from its cookie, from a Pulse page only (CSRF, besides SameSite=Strict).
  app.post(AUTH_ROUTES.refresh, limited("refresh"), async (request, reply) => {
    refreshBodySchema.parse(request.body);
    noStore(reply);
    const token = readRefreshCookie(request, config);
    if (!token) throw sessionEnded("This browser holds no Pulse session. Please sign in again.");
    requirePulseOrigin(request, config);
    try {
      return issue(reply, await sessions.refresh(token));
    } catch (err) {
      // The session cannot go on: the browser drops a cookie that would only be refused again.
      if (err instanceof HttpError && err.statusCode === 401) clearRefreshCookie(reply, config);
      throw err;
    }
  });

  // 5. The current user (any domain: the access-denied screen shows the e-mail); ROUTE_ACCESS says "session".
  app.get(AUTH_ROUTES.user, async (request, reply) => {
    noStore(reply);
    return currentUser(request);
  });

  // 6. Sign-out revokes the session server-side; always answers 204 so the browser can forget it either way. It
  // sends no Clear-Site-Data "storage": that would also wipe the theme and layout the person chose, and other
  // tabs' storage without telling them (decision 0094); the page removes its own session key instead.
  app.post(AUTH_ROUTES.signOut, limited("signout"), async (request, reply) => {
    signOutBodySchema.parse(request.body);
    const refreshToken = readRefreshCookie(request, config);
    // The cookie is acted on only for a Pulse page; a bearer token alone is no CSRF risk (no browser adds it).
    if (refreshToken) requirePulseOrigin(request, config);
    noStore(reply);
    clearRefreshCookie(reply, config);
    const ended = new Set<string>();
    const token = bearerToken(request);
    if (token) {
      const found = await sessions.authenticate(token).catch(() => undefined);
      if (found) ended.add(found.sessionId);
    }
    if (refreshToken) {
      const sessionId = await sessions.sessionOfRefreshToken(refreshToken);
      if (sessionId) ended.add(sessionId);
    }
    for (const sessionId of ended) await sessions.revoke(sessionId, "signed_out");
    return reply.code(204).send();
  });
};
