import type { FastifyPluginAsync } from "fastify";

/** Sign-in, sessions and the development identity provider (issue #3). */
export const authPlugin: FastifyPluginAsync = async () => {};
