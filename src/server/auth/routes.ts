import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import {
  AUTH_CODE_PARAM,
  AUTH_ERROR_DESCRIPTION_PARAM,
  AUTH_ERROR_PARAM,
  AUTH_ROUTES,
  type StartSignInResponse,
} from "@shared/auth";
import { isAuthorisedUser } from "@shared/auth-access";
import {
  refreshBodySchema,
  signOutBodySchema,
  startSignInBodySchema,
  tokenBodySchema,
} from "@shared/auth-schemas";
import { badRequest, HttpError } from "../platform/errors";
import { encrypt } from "./crypto";
import { bearerToken, currentUser } from "./guard";
import { OidcClient, SignInError, type IdTokenClaims } from "./oidc-client";
import { createRateLimiter, rateLimitHook } from "../platform/rate-limit/limiter";
import { allowedReturnUrl } from "./redirects";
import type { SessionService } from "./sessions";
import type { SignInFlows } from "./sign-in-flows";
import { upsertGoogleUser, type VerifiedIdentity } from "./users";

export interface AuthRoutesOptions {
  /** Undefined only in a production deployment without a Google client (sign-in then answers 503). */
  oidc: OidcClient | undefined;
  sessions: SessionService;
  flows: SignInFlows;
  /** Encrypts Google's refresh token at rest. */
  tokenKey: Buffer;
}

/** Clear messages for the callback's failures, shown on /auth as SPEC §8's "Authentication Error" toast. */
export const CALLBACK_ERRORS = {
  invalid_state: "This sign-in link has expired or was already used. Please sign in again.",
  expired_state: "This sign-in took too long and has expired. Please sign in again.",
  unverified_email:
    "Your Google account's e-mail address is not verified. Verify it with Google, then sign in again.",
  missing_email: "Google did not share an e-mail address for this account.",
  sign_in_failed: "Google sign-in could not be completed. Please try again.",
} as const;

const noStore = (reply: FastifyReply) =>
  reply.header("cache-control", "no-store").header("pragma", "no-cache");

const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

function identityFrom(claims: IdTokenClaims): VerifiedIdentity | undefined {
  const email = str(claims.email);
  if (!email) return undefined;
  return {
    subject: claims.sub,
    email: email.toLowerCase(),
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    name: str(claims.name) ?? null,
    givenName: str(claims.given_name) ?? null,
    familyName: str(claims.family_name) ?? null,
    hostedDomain: str(claims.hd) ?? null,
  };
}

/** Sign-in, token exchange, refresh, current user and sign-out (src/shared/auth.ts AUTH_ROUTES). */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (
  app,
  { oidc, sessions, flows, tokenKey },
) => {
  const { config } = app;
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
    const query = request.query as Record<string, unknown>;
    const toSignIn = (origin: string | undefined, error: string, description: string) => {
      const params = new URLSearchParams({
        [AUTH_ERROR_PARAM]: error,
        [AUTH_ERROR_DESCRIPTION_PARAM]: description,
      });
      // Without a known flow the page that started it is unknown: stay on the origin the browser is on.
      return reply.redirect(`${origin ?? ""}/auth?${params}`, 303);
    };

    const state = str(query.state);
    const flow = state ? await flows.consume(state) : undefined;
    if (!flow) {
      request.log.warn({ hasState: Boolean(state) }, "sign-in callback without a started sign-in");
      return toSignIn(undefined, "invalid_state", CALLBACK_ERRORS.invalid_state);
    }
    const origin = flow.redirectTo.origin;
    if (flow.expired) return toSignIn(origin, "expired_state", CALLBACK_ERRORS.expired_state);

    const providerError = str(query.error);
    if (providerError) {
      const description = str(query.error_description) ?? providerError;
      request.log.info({ error: providerError, description }, "identity provider returned an error");
      return toSignIn(origin, providerError.slice(0, 100), description.slice(0, 500));
    }

    if (!oidc) return toSignIn(origin, "sign_in_failed", CALLBACK_ERRORS.sign_in_failed);
    const callbackUrl = new URL(oidc.redirectUri);
    callbackUrl.search = new URL(request.url, "http://callback.invalid").search;
    let exchanged;
    try {
      exchanged = await oidc.exchange(callbackUrl, flow.secrets);
    } catch (err) {
      request.log.warn(
        { err: err instanceof SignInError ? (err.cause ?? err) : err },
        "sign-in verification failed",
      );
      return toSignIn(origin, "sign_in_failed", CALLBACK_ERRORS.sign_in_failed);
    }

    const identity = identityFrom(exchanged.claims);
    if (!identity) return toSignIn(origin, "missing_email", CALLBACK_ERRORS.missing_email);
    if (!identity.emailVerified) {
      request.log.info({ sub: identity.subject }, "sign-in refused: e-mail not verified");
      return toSignIn(origin, "unverified_email", CALLBACK_ERRORS.unverified_email);
    }

    const authorised = isAuthorisedUser(
      { email: identity.email, hd: identity.hostedDomain },
      config.companyDomain,
    );
    if (!authorised) {
      // SPEC §5: logged, not blocked here; the gate, the protected wrapper and the API guard deny access.
      request.log.info({ email: identity.email, hd: identity.hostedDomain }, "unauthorized domain");
    }
    const userId = await upsertGoogleUser(app.db, identity, {
      authorised,
      refreshTokenEncrypted: exchanged.refreshToken ? encrypt(tokenKey, exchanged.refreshToken) : null,
    });
    const code = await flows.issueCode(userId, flow.codeChallenge);
    const target = new URL(flow.redirectTo);
    target.hash = new URLSearchParams({ [AUTH_CODE_PARAM]: code }).toString();
    return reply.redirect(target.toString(), 303);
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
    noStore(reply);
    return session;
  });

  // 4. Rotation.
  app.post(AUTH_ROUTES.refresh, limited("refresh"), async (request, reply) => {
    const body = refreshBodySchema.parse(request.body);
    const session = await sessions.refresh(body.refresh_token);
    noStore(reply);
    return session;
  });

  // 5. The current user (any domain: the access-denied screen shows the e-mail); ROUTE_ACCESS says "session".
  app.get(AUTH_ROUTES.user, async (request, reply) => {
    noStore(reply);
    return currentUser(request);
  });

  // 6. Sign-out revokes the session server-side; always answers 204 so the browser can forget it either way.
  app.post(AUTH_ROUTES.signOut, limited("signout"), async (request, reply) => {
    const body = signOutBodySchema.parse(request.body ?? {});
    const ended = new Set<string>();
    const token = bearerToken(request);
    if (token) {
      const found = await sessions.authenticate(token).catch(() => undefined);
      if (found) ended.add(found.sessionId);
    }
    if (body.refresh_token) {
      const sessionId = await sessions.sessionOfRefreshToken(body.refresh_token);
      if (sessionId) ended.add(sessionId);
    }
    for (const sessionId of ended) await sessions.revoke(sessionId, "signed_out");
    return reply.code(204).send();
  });
};
