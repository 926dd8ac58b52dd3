import { AUTH_CODE_PARAM } from "@shared/auth";
import { SESSION_REFRESH_THRESHOLD_TICKS, SESSION_REFRESH_TICK_MS } from "./session-refresh";
import type { AuthSession, AuthUser } from "./auth-context";

// The rules by which the app adopts a stored session at start. The auth client uses them, and so does the pre-paint
// script (src/web/pre-paint/), which runs before the app's code: this module imports nothing but constants and
// types, so the script stays small.

/** SPEC §7: the session storage key derives from the backend host. */
export function storageKeyFor(apiUrl: string): string {
  return `pulse-auth-${new URL(apiUrl).host}`;
}

/** Where "Continue with Google" keeps its PKCE verifier until the sign-in comes back (beside the session's key). */
export function codeVerifierKeyFor(apiUrl: string): string {
  return `${storageKeyFor(apiUrl)}-code-verifier`;
}

export const REFRESH_MARGIN_MS = SESSION_REFRESH_THRESHOLD_TICKS * SESSION_REFRESH_TICK_MS;

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/**
 * Whether a stored value is a session from before the refresh token moved into its HttpOnly cookie: it carries the
 * token itself. It is never adopted; start removes it, and the person signs in once more (decision 0094).
 */
export function isLegacySession(text: string | null): boolean {
  try {
    const v: unknown = text ? JSON.parse(text) : null;
    return isObject(v) && "refresh_token" in v;
  } catch {
    return false;
  }
}

/** A hand check of a stored session (no zod in the first download). */
export function parseSession(text: string | null): AuthSession | null {
  if (!text) return null;
  try {
    const v: unknown = JSON.parse(text);
    if (
      isObject(v) &&
      !("refresh_token" in v) &&
      typeof v.access_token === "string" &&
      typeof v.expires_at === "number" &&
      isObject(v.user) &&
      typeof v.user.id === "string" &&
      typeof v.user.email === "string"
    ) {
      return {
        access_token: v.access_token,
        expires_at: v.expires_at,
        ...(typeof v.expires_in === "number" ? { expires_in: v.expires_in } : {}),
        token_type: "bearer",
        user: v.user as unknown as AuthUser,
      };
    }
  } catch {
    // fall through
  }
  return null;
}

/** Whether the address carries a sign-in's one-time code, which the auth client exchanges for a new session. */
export function finishingSignIn(win: Window): boolean {
  return win.location.hash.includes(`${AUTH_CODE_PARAM}=`);
}

/** The session stored for this page's origin, as the auth client adopts it at start: null when none is usable. */
function storedSession(win: Window): AuthSession | null {
  try {
    return parseSession(win.localStorage.getItem(storageKeyFor(win.location.origin)));
  } catch {
    // Storage blocked: the auth client cannot adopt a session either.
    return null;
  }
}

/** Whether the auth client refreshes `session` before using it (90 s or less left). */
export function expiresSoon(session: AuthSession): boolean {
  return session.expires_at * 1000 - Date.now() <= REFRESH_MARGIN_MS;
}

/**
 * What the auth client's start adopts without asking the server, given the `stored` session: that session, or null
 * when there is none; undefined when start must ask the server first (a sign-in to finish from the address, a
 * session due for a refresh) and only its answer tells.
 */
export function sessionAtStart(win: Window, stored: AuthSession | null): AuthSession | null | undefined {
  if (finishingSignIn(win)) return undefined;
  if (!stored) return null;
  return expiresSoon(stored) ? undefined : stored;
}

/** `sessionAtStart` for this page: what a signed-in page's first requests may send before the auth client starts. */
export function startingSession(win: Window = window): AuthSession | null | undefined {
  return sessionAtStart(win, storedSession(win));
}
