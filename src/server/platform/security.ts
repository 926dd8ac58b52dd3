import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import { isGuardedPath } from "./access";

const RECAPTCHA_SCRIPT_HOSTS = ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"];
const RECAPTCHA_FRAME_HOSTS = ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/"];

/**
 * Browser features Pulse never uses, switched off for the page and anything it might embed. The connector popup
 * (SPEC §4) is a window, not a feature; the profile photo picker is a plain file input.
 */
const PERMISSIONS_POLICY = [
  "accelerometer",
  "ambient-light-sensor",
  "autoplay",
  "bluetooth",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

/**
 * The page map of security headers, computed once (issue #2, #7): a strict CSP with no inline script but the
 * server's own pre-paint script (allowed by its hash), and no third-party script host unless reCAPTCHA is
 * configured; never framed; HSTS in production. Every response but the API's carries it, and so do responses that
 * never reach a route (malformed URLs, socket-level errors); the API's is `apiSecurityHeaders` of it.
 */
export function securityHeaders(
  config: Pick<Config, "production" | "recaptcha">,
  /** Hashes ('sha256-…') of the inline scripts the server itself writes into the page, allowed by name only. */
  inlineScriptHashes: readonly string[] = [],
): Readonly<Record<string, string>> {
  const { production } = config;
  const recaptcha = Boolean(config.recaptcha);
  const csp: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...inlineScriptHashes, ...(recaptcha ? RECAPTCHA_SCRIPT_HOSTS : [])],
    // Radix positions popovers and sonner animates toasts with inline style attributes.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "worker-src": ["'self'", "blob:"],
    "frame-src": recaptcha ? RECAPTCHA_FRAME_HOSTS : ["'none'"],
    "frame-ancestors": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    ...(production ? { "upgrade-insecure-requests": [] } : {}),
  };
  return {
    "content-security-policy": Object.entries(csp)
      .map(([directive, sources]) => [directive, ...sources].join(" "))
      .join("; "),
    "permissions-policy": PERMISSIONS_POLICY,
    // The connector popup (SPEC §4) opens the workflow service's connect link, on another origin in production: the
    // page must keep its handle on that window, which plain `same-origin` would sever.
    "cross-origin-opener-policy": "same-origin-allow-popups",
    "cross-origin-resource-policy": "same-origin",
    "origin-agent-cluster": "?1",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-content-type-options": "nosniff",
    "x-dns-prefetch-control": "off",
    "x-frame-options": "DENY",
    "x-permitted-cross-domain-policies": "none",
    "x-xss-protection": "0",
    ...(production ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/** Headers a browser reads on documents only. */
const DOCUMENT_ONLY_HEADERS = new Set([
  "permissions-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "x-xss-protection",
]);

const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The headers of a response that is never a page (decision 0103): the guarded prefixes' JSON, fetched by scripts.
 * A browser applies the policy, the permissions list, the opener, origin-agent and prefetch headers to documents
 * only, so those stay with the page map. Opened by hand as a document, such a response may load and run nothing
 * (`default-src 'none'`) and is never framed; nosniff, CORP, the referrer policy (it governs redirects too, the
 * sign-in callback's) and HSTS stay as they are.
 */
function apiSecurityHeaders(pageHeaders: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  const kept = Object.entries(pageHeaders).filter(([name]) => !DOCUMENT_ONLY_HEADERS.has(name));
  return { ...Object.fromEntries(kept), "content-security-policy": API_CONTENT_SECURITY_POLICY };
}

/**
 * Sets the headers on every response Fastify sends, 404s and errors included (routes may override one): the API map
 * under the guarded prefixes, the page map everywhere else, and on whatever is answered before a route is known.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  pageHeaders: Readonly<Record<string, string>>,
): void {
  const apiHeaders = apiSecurityHeaders(pageHeaders);
  // A callback hook, not an async one: it runs on every response, and a promise per request buys nothing here.
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(isGuardedPath(request.url) ? apiHeaders : pageHeaders);
    done();
  });
}
