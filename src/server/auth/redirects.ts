import type { Config } from "../config";

/** The port of `npm run dev`'s web server (vite.config.ts), a page origin of local development. */
export const DEV_WEB_SERVER_PORT = 5173;

/** The names this machine goes by in a development URL: literal ones only, no other name under .localhost. */
const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

/**
 * The origins a sign-in may return to: PUBLIC_URL's, and outside production the pages of local development —
 * this server under each loopback name on PUBLIC_URL's port, its own listening port and `npm run dev`'s web server
 * port (SPEC §2: "the local origin's /dashboard in local development"). Never any other loopback origin
 * (`http://evil.localhost:8080`, another local service's port): a sign-in's code must reach Pulse's page only.
 */
export function allowedReturnOrigins(config: Pick<Config, "publicUrl" | "production" | "port">): Set<string> {
  const publicUrl = new URL(config.publicUrl);
  const origins = new Set([publicUrl.origin]);
  if (config.production) return origins;
  const ports = new Set([String(config.port), String(DEV_WEB_SERVER_PORT)]);
  if (publicUrl.protocol === "http:") ports.add(publicUrl.port || "80");
  ports.delete("0");
  for (const name of LOOPBACK_NAMES) {
    for (const port of ports) origins.add(new URL(`http://${name}:${port}`).origin);
  }
  return origins;
}

/**
 * The sign-in return target, if it is allowed (no open redirect): an http(s) URL on one of
 * `allowedReturnOrigins`. Anything else, including look-alikes such as `localhost.evil.io` or `user@host` tricks,
 * is refused.
 */
export function allowedReturnUrl(
  target: string,
  config: Pick<Config, "publicUrl" | "production" | "port">,
): URL | undefined {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (url.username || url.password) return undefined;
  if (!allowedReturnOrigins(config).has(url.origin)) return undefined;
  url.hash = "";
  return url;
}
