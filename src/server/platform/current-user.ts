import type { FastifyRequest } from "fastify";
import type { SessionUser } from "@shared/auth";
import { HttpError } from "./errors";

/** Who a request's access token belongs to; set by the auth feature's guards (src/server/auth/guard.ts). */
export interface Authenticated {
  sessionId: string;
  user: SessionUser;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by `requireSession` / `requireUser`. */
    authenticated?: Authenticated;
  }
}

/**
 * The signed-in user of a request that passed `requireSession` or `requireUser`. In the platform layer so every
 * feature can read its user without importing the auth feature (features never import each other).
 */
export function currentUser(request: FastifyRequest): Authenticated["user"] {
  if (!request.authenticated) throw new HttpError(401, "unauthorized", "Sign in to continue.");
  return request.authenticated.user;
}
