import { isLoopbackHost, type Config } from "../config";

/**
 * The sign-in return target, if it is allowed (no open redirect): an http(s) URL on PUBLIC_URL's origin, or —
 * outside production — on a loopback origin (SPEC §2: "the local origin's /dashboard in local development").
 * Anything else, including look-alikes such as `localhost.evil.io` or `user@host` tricks, is refused.
 */
export function allowedReturnUrl(
  target: string,
  config: Pick<Config, "publicUrl" | "production">,
): URL | undefined {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (url.username || url.password) return undefined;
  const publicOrigin = new URL(config.publicUrl).origin;
  const allowed = url.origin === publicOrigin || (!config.production && isLoopbackHost(url.hostname));
  if (!allowed) return undefined;
  url.hash = "";
  return url;
}
