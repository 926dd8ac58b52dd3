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
  /** POST: the refresh-token cookie → a rotated session (and a new cookie). */
  refresh: "/api/auth/refresh",
  /** GET (bearer): the signed-in user. */
  user: "/api/auth/user",
  /** POST (bearer and/or the refresh-token cookie): revokes the session. */
  signOut: "/api/auth/signout",
} as const;

/**
 * The path of the HttpOnly refresh-token cookie: the auth endpoints only, so no other request carries it (issue 37
 * item 5; only refresh and sign-out read it).
 */
export const AUTH_COOKIE_PATH = "/api/auth";

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

/**
 * SPEC §3 Session as the browser receives it: access token, expiry time, token type, user. The refresh token travels
 * only in an HttpOnly cookie, never in a body a script could read (issue 37 item 5, decision 0094).
 */
export interface SessionResponse {
  access_token: string;
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

/** The query parameter the callback puts on /auth when a sign-in fails: one of SIGN_IN_ERRORS' codes. */
export const AUTH_ERROR_PARAM = "error";

/**
 * The messages a failed sign-in can show in SPEC §8's "Authentication Error" toast, chosen by code. /auth is a
 * public address anyone can link to, so the page shows only these fixed texts, never text from the address.
 */
export const SIGN_IN_ERRORS = {
  access_denied: "Sign-in was cancelled, or Google did not allow Pulse access to your account.",
  invalid_state: "This sign-in link has expired or was already used. Please sign in again.",
  expired_state: "This sign-in took too long and has expired. Please sign in again.",
  unverified_email:
    "Your Google account's e-mail address is not verified. Verify it with Google, then sign in again.",
  missing_email: "Google did not share an e-mail address for this account.",
  account_conflict:
    "This e-mail address already belongs to another Google account in Pulse. Ask your administrator to release it, then sign in again.",
  provider_error: "Google could not complete the sign-in. Please try again.",
  sign_in_failed: "Google sign-in could not be completed. Please try again.",
} as const;
export type SignInErrorCode = keyof typeof SIGN_IN_ERRORS;

export function isSignInErrorCode(code: string | null | undefined): code is SignInErrorCode {
  return typeof code === "string" && Object.hasOwn(SIGN_IN_ERRORS, code);
}
/** The fragment parameter carrying the one-time code to the page that started the sign-in. */
export const AUTH_CODE_PARAM = "code";
