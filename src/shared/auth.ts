/**
 * The sign-in and session contract between the web app and the server (SPEC §3 Session and User, §4, §7 hosted
 * auth; ARCHITECTURE §5 Sessions). Types and constants only: the web's first download imports this file, so it
 * carries no zod (the request schemas live in ./auth-schemas.ts).
 */

export const AUTH_ROUTES = {
  /** POST: the browser's PKCE challenge and return target in; the Google authorization URL out. */
  start: "/api/auth/google/start",
  /** GET: where Google (or the development provider) sends the browser back. */
  callback: "/api/auth/google/callback",
  /** POST: one-time code + the browser's PKCE verifier → a session. */
  token: "/api/auth/token",
  /** POST: refresh token → a rotated session. */
  refresh: "/api/auth/refresh",
  /** GET (bearer): the signed-in user. */
  user: "/api/auth/user",
  /** POST (bearer and/or refresh token): revokes the session. */
  signOut: "/api/auth/signout",
} as const;

/** One external account of a user (SPEC §3 User: identities list). Google is the only provider. */
export interface AuthIdentity {
  provider: "google";
  email: string;
  /** Google's `hd` claim: the Workspace domain of the account, absent for consumer accounts. */
  hosted_domain: string | null;
}

/** SPEC §3 User (auth), as the server sends it. */
export interface SessionUser {
  id: string;
  email: string;
  email_verified: boolean;
  name: string | null;
  /** The hosted domain Google reported at the last sign-in (the `hd` claim), if any. */
  hd: string | null;
  identities: AuthIdentity[];
  /** Second-factor entries (SPEC §3); Google sign-in has none of Pulse's own. */
  factors: { id: string; factor_type: "totp" | "phone"; status: "verified" | "unverified" }[];
}

/** SPEC §3 Session: access token, refresh token, expiry time, token type, user. */
export interface SessionResponse {
  access_token: string;
  refresh_token: string;
  token_type: "bearer";
  /** Seconds the access token is valid from now. */
  expires_in: number;
  /** When the access token expires, in seconds since the epoch. */
  expires_at: number;
  user: SessionUser;
}

export interface StartSignInResponse {
  url: string;
}

/** The query parameters the callback puts on /auth when a sign-in fails. */
export const AUTH_ERROR_PARAM = "error";
export const AUTH_ERROR_DESCRIPTION_PARAM = "error_description";
/** The fragment parameter carrying the one-time code to the page that started the sign-in. */
export const AUTH_CODE_PARAM = "code";
