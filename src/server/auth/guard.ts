import type { FastifyReply, FastifyRequest } from "fastify";
import { isAuthorisedUser } from "@shared/auth-access";
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

/**
 * A valid, unexpired, unrevoked Pulse access token — whatever the user's domain: the guard of the routes
 * src/server/platform/access.ts lists as "session" (reading the current user).
 */
export async function requireSession(request: FastifyRequest, _reply?: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  if (!token) {
    throw challenge(new HttpError(401, "unauthorized", "Sign in to continue."));
  }
  try {
    request.authenticated = await request.server.auth.sessions.authenticate(token);
  } catch (err) {
    throw err instanceof HttpError && err.statusCode === 401 ? challenge(err) : err;
  }
}

/**
 * The one guard of every product API route (ARCHITECTURE §5 Access): 401 without a token or with a bad, expired
 * or revoked one; 403 for a user outside COMPANY_DOMAIN. src/server/platform/access.ts puts it in front of every
 * route under /api, /functions and /realtime that its public list does not name; handlers read the user with
 * `currentUser(request)` (src/server/platform/current-user.ts).
 */
export async function requireUser(request: FastifyRequest, reply?: FastifyReply): Promise<void> {
  await requireSession(request, reply);
  const { user } = request.authenticated!;
  const { companyDomain, requireHostedDomain } = request.server.config;
  if (!isAuthorisedUser(user, companyDomain, requireHostedDomain)) {
    throw forbidden(
      `Only @${request.server.config.companyDomain} accounts are authorized to access this platform.`,
      "unauthorized_domain",
    );
  }
}
