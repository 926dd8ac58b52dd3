import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";

const RECAPTCHA_SCRIPT_HOSTS = ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"];

/**
 * Security headers on every response (issue #2): no inline script and no third-party script host unless
 * reCAPTCHA is configured; the product may never be framed.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const production = config.env === "production";
  const recaptcha = config.recaptcha ? RECAPTCHA_SCRIPT_HOSTS : [];
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", ...recaptcha],
        // Radix positions popovers and sonner animates toasts with inline style attributes.
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "worker-src": ["'self'", "blob:"],
        "frame-src":
          recaptcha.length > 0
            ? ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/"]
            : ["'none'"],
        "frame-ancestors": ["'none'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        ...(production ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    hsts: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
}
