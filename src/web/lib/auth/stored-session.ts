import { AUTH_CODE_PARAM } from "@shared/auth";
import { SESSION_REFRESH_THRESHOLD_TICKS, SESSION_REFRESH_TICK_MS } from "@shared/constants";
import type { AuthSession } from "./auth-context";

/**
 * The session as this browser stores it, read without the auth client: the first download reads it (main.tsx,
 * the route data, the auth provider deciding whether the client's code is needed yet), and the client itself, which
 * a visitor without a session never downloads (auth-provider.tsx).
 */

/** SPEC §7: the session storage key derives from the backend host. */
export function storageKeyFor(apiUrl: string): string {
  return `pulse-auth-${new URL(apiUrl).host}`;
}

const REFRESH_MARGIN_MS = SESSION_REFRESH_THRESHOLD_TICKS * SESSION_REFRESH_TICK_MS;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/** A hand check of a stored session (no zod in the first download). */
export function parseSession(text: string | null): AuthSession | null {
  if (!text) return null;
  try {
    const v: unknown = JSON.parse(text);
    if (
      isObject(v) &&
      typeof v.access_token === "string" &&
      typeof v.refresh_token === "string" &&
      typeof v.expires_at === "number" &&
      isObject(v.user) &&
      typeof v.user.id === "string" &&
      typeof v.user.email === "string"
    ) {
      return { ...(v as unknown as AuthSession), token_type: "bearer" };
    }
  } catch {
    // fall through
  }
  return null;
}

/** Whether the address carries a sign-in's one-time code, which the auth client exchanges for a new session. */
export function finishingSignIn(win: Window = window): boolean {
  return win.location.hash.includes(`${AUTH_CODE_PARAM}=`);
}

/** The session stored for this page's origin, as the auth client adopts it at start: null when none is usable. */
export function storedSession(win: Window = window): AuthSession | null {
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
 * Whether this page load starts signed out for certain: no stored session to adopt and no sign-in to finish. Only
 * then does the pre-rendered (anonymous) page match what the app shows first, so main.tsx may hydrate it, and only
 * then can the auth client's code wait until something needs it.
 */
export function startsSignedOut(win: Window = window): boolean {
  return !finishingSignIn(win) && storedSession(win) === null;
}
