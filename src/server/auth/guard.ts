import type { FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from "fastify";
import { isAuthorisedUser } from "@shared/auth-access";
import type { Authenticated } from "../platform/current-user";
import { forbidden, HttpError } from "../platform/errors";
import type { GoogleRecheck } from "./google-recheck";
import type { SessionService } from "./sessions";

declare module "fastify" {
  interface FastifyInstance {
    /** Sign-in and session services (src/server/auth/plugin.ts). */
    auth: { sessions: SessionService; googleRecheck: GoogleRecheck | undefined };
  }
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i;
/** How every header BEARER accepts begins: the scheme in any case, then one space. */
const BEARER_SCHEME = /^Bearer /i;

/** The bearer token of a request, if it carries one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header ? BEARER.exec(header)?.[1] : undefined;
}

function challenge(error: HttpError): HttpError {
  const description = error.message.replace(/"/g, "'");
  return new HttpError(error.statusCode, error.code, error.message, {
    "www-authenticate": `Bearer realm="pulse", error="invalid_token", error_description="${description}"`,
  });
}

function noBearerToken(): HttpError {
  return challenge(new HttpError(401, "unauthorized", "Sign in to continue."));
}

/** A guard's refusal of a bad token or an ended session carries the Bearer challenge; anything else goes as it is. */
function refusalOf(err: unknown): Error {
  return err instanceof HttpError && err.statusCode === 401 ? challenge(err) : (err as Error);
}

/**
 * A guard: the request's session, then `check` on it (undefined to let the request through). A callback hook, not
 * an async one: when this instance remembers the token's session (nearly every request) the guard decides at once,
 * with no promise made and no turn of the event loop, and only a session it has to read waits for its query.
 */
function sessionGuard(
  check: (request: FastifyRequest, authenticated: Authenticated) => HttpError | undefined,
): onRequestHookHandler {
  // Made once per guard, not per request: the server bundle keeps names (src/build/server-build.mjs), so a named
  // closure made per request would cost an Object.defineProperty each time (docs/performance.md, a twenty-first
  // machine); the promise branch's callbacks are anonymous.
  const admit = (request: FastifyRequest, authenticated: Authenticated, done: HookHandlerDoneFunction) => {
    request.authenticated = authenticated;
    done(check(request, authenticated));
  };
  return (request, _reply, done) => {
    // BEARER is asked only of a token the session service refuses: one it accepts is base64url segments and dots
    // (access-tokens.ts), all within BEARER, so the answer is BEARER's either way, and a known token's ~330
    // characters are not read once more per request (docs/performance.md, a twenty-first machine).
    const header = request.headers.authorization;
    if (header === undefined || !BEARER_SCHEME.test(header)) {
      done(noBearerToken());
      return;
    }
    let session: Authenticated | Promise<Authenticated>;
    try {
      session = request.server.auth.sessions.sessionOf(header.slice("Bearer ".length));
    } catch (err) {
      done(BEARER.test(header) ? refusalOf(err) : noBearerToken());
      return;
    }
    if (session instanceof Promise) {
      session.then(
        (authenticated) => admit(request, authenticated, done),
        (err: unknown) => done(refusalOf(err)),
      );
    } else admit(request, session, done);
  };
}

/**
 * A valid, unexpired, unrevoked Pulse access token — whatever the user's domain: the guard of the routes
 * src/server/platform/access.ts lists as "session" (reading the current user).
 */
export const requireSession = sessionGuard(() => undefined);

/**
 * The one guard of every product API route (ARCHITECTURE §5 Access): 401 without a token or with a bad, expired
 * or revoked one; 403 for a user outside COMPANY_DOMAIN. src/server/platform/access.ts puts it in front of every
 * route under /api, /functions and /realtime that its public list does not name; handlers read the user with
 * `currentUser(request)` (src/server/platform/current-user.ts).
 */
export const requireUser = sessionGuard((request, { user }) => {
  const { companyDomain, requireHostedDomain } = request.server.config;
  if (isAuthorisedUser(user, companyDomain, requireHostedDomain)) return undefined;
  return forbidden(
    `Only @${companyDomain} accounts are authorized to access this platform.`,
    "unauthorized_domain",
  );
});
