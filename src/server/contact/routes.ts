import type { FastifyPluginAsync } from "fastify";

/** POST /api/contact (issue #4). */
export const contactRoutes: FastifyPluginAsync = async () => {};
