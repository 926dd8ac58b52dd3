import { z } from "zod";
import { text } from "./text";

/** Request bodies of the auth endpoints (src/shared/auth.ts AUTH_ROUTES), validated by the server. */

/** RFC 7636: S256 challenge = base64url(SHA-256(verifier)), 43 characters. */
const s256Challenge = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "must be an S256 code challenge");
/** RFC 7636 §4.1: 43–128 characters of the unreserved set. */
const codeVerifier = z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/, "must be a PKCE code verifier");
const opaque = text().min(16).max(256);

export const startSignInBodySchema = z.object({
  code_challenge: s256Challenge,
  code_challenge_method: z.literal("S256"),
  /** Absolute URL the browser returns to after sign-in (allow-listed by the server). */
  redirect_to: text().min(1).max(2048),
});
export type StartSignInBody = z.infer<typeof startSignInBodySchema>;

export const tokenBodySchema = z.object({
  code: opaque,
  code_verifier: codeVerifier,
});
export type TokenBody = z.infer<typeof tokenBodySchema>;

/** The refresh token as its HttpOnly cookie carries it (refresh and sign-out read nothing else of it). */
export const refreshTokenSchema = opaque;

/**
 * Refresh and sign-out take their refresh token from the cookie; a body, when one is sent, must be a JSON object
 * and carries nothing they read (a refresh token in it is ignored, never trusted: issue 37 item 5).
 */
export const refreshBodySchema = z.object({}).optional();
export const signOutBodySchema = z.object({}).optional();
