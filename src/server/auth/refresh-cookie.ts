/**
 * The refresh token's home in the browser (issue 37 item 5, decision 0094): an HttpOnly cookie no script can read,
 * sent with SameSite=Strict to the auth endpoints only, and read by refresh and sign-out alone. On https it is
 * Secure and `__Secure-`-prefixed, so no plain-http page of the host can set or overwrite it.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { AUTH_COOKIE_PATH } from "@shared/auth";
import { refreshTokenSchema } from "@shared/auth-schemas";
import type { Config } from "../config";
import { HttpError } from "../platform/errors";
import { allowedOrigins } from "../platform/page-origins";

type CookieConfig = Pick<Config, "publicUrl" | "production" | "port">;

const secure = (config: CookieConfig) => new URL(config.publicUrl).protocol === "https:";

export function refreshCookieName(config: CookieConfig): string {
  return secure(config) ? "__Secure-pulse-refresh" : "pulse-refresh";
}

function attributes(config: CookieConfig) {
  return {
    httpOnly: true,
    sameSite: "strict" as const,
    secure: secure(config),
    path: AUTH_COOKIE_PATH,
  };
}

/** Hands the browser its refresh token, kept until the session's absolute end (seconds since the epoch). */
export function setRefreshCookie(
  reply: FastifyReply,
  config: CookieConfig,
  token: string,
  sessionExpiresAt: number,
): void {
  const maxAge = Math.max(0, sessionExpiresAt - Math.floor(Date.now() / 1000));
  reply.setCookie(refreshCookieName(config), token, { ...attributes(config), maxAge });
}

/** Makes the browser forget the refresh token (sign-out, or a session that can no longer go on). */
export function clearRefreshCookie(reply: FastifyReply, config: CookieConfig): void {
  reply.clearCookie(refreshCookieName(config), attributes(config));
}

/** The refresh token the browser sent, if it sent a well-formed one. */
export function readRefreshCookie(request: FastifyRequest, config: CookieConfig): string | undefined {
  const parsed = refreshTokenSchema.safeParse(request.cookies[refreshCookieName(config)]);
  return parsed.success ? parsed.data : undefined;
}

/**
 * CSRF defence of the two endpoints that act on the cookie, besides its SameSite=Strict: the request must come from
 * a page of Pulse itself. A browser sends Origin on every POST, same-origin fetches included; PUBLIC_URL's origin is
 * accepted, and outside production the localhost origins of `npm start` and `npm run dev`, as for the realtime
 * socket (src/server/platform/page-origins.ts).
 */
export function requirePulseOrigin(request: FastifyRequest, config: CookieConfig): void {
  const origin = request.headers.origin;
  if (typeof origin !== "string" || !allowedOrigins(config).has(origin)) {
    throw new HttpError(
      403,
      "cross_origin_refused",
      "This request must come from a Pulse page. Open Pulse at its usual address and try again.",
    );
  }
}
