import type { FastifyPluginAsync } from "fastify";
import { notFound } from "../errors";
import { createRateLimiter, rateLimitHook } from "../rate-limit/limiter";
import { createCaptchaVerifier } from "./verifier";

/**
 * GET /api/captcha/challenge (issue #4): a fresh signed ALTCHA challenge for the contact form's widget — the URL
 * GET /api/config announces as `captcha.challengeUrl` when no reCAPTCHA keys are configured.
 */
export const captchaRoutes: FastifyPluginAsync = async (app) => {
  const verifier = createCaptchaVerifier(app.config, app.db);
  const limiter = createRateLimiter(app.db, { name: "captcha-challenge", max: 60, windowMs: 60_000 });

  app.get(
    "/api/captcha/challenge",
    {
      // Issuing a challenge is cheap, but not free.
      onRequest: rateLimitHook(
        limiter,
        () => "Too many captcha requests. Please wait a moment and try again.",
      ),
    },
    async (_request, reply) => {
      if (verifier.provider !== "altcha") {
        throw notFound("This deployment uses reCAPTCHA; there is no ALTCHA challenge to fetch.");
      }
      const challenge = await verifier.createChallenge();
      return reply.header("cache-control", "no-store").send(challenge);
    },
  );
};
