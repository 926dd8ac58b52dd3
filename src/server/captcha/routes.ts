import type { FastifyPluginAsync } from "fastify";

/** The captcha challenge endpoint and verification (issue #4). */
export const captchaRoutes: FastifyPluginAsync = async () => {};
