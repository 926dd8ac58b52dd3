import websocket from "@fastify/websocket";
import type { FastifyPluginAsync } from "fastify";
import { REALTIME_PATH } from "@shared/realtime";
import { forbidden, HttpError } from "../platform/errors";
import { Hub } from "./hub";
import { allowedOrigins } from "./origins";
import { DEFAULT_REALTIME_SETTINGS, type RealtimeAuth, type RealtimeSettings } from "./settings";

export interface RealtimeOptions {
  auth: RealtimeAuth;
  settings?: Partial<RealtimeSettings> | undefined;
}

/** Frames are small JSON (a token is the largest); anything bigger is not the protocol. */
const MAX_FRAME_BYTES = 16 * 1024;

/**
 * GET /realtime (issue #12, docs/decisions/0060-realtime.md): the WebSocket of the realtime channels. The Origin
 * is checked in onRequest, before the upgrade; the access token comes in the first frame, never in the URL.
 */
export const realtimeRoutes: FastifyPluginAsync<RealtimeOptions> = async (app, options) => {
  const settings: RealtimeSettings = { ...DEFAULT_REALTIME_SETTINGS, ...options.settings };
  const { config } = app;
  const hub = new Hub(
    app.db,
    options.auth,
    { companyDomain: config.companyDomain, requireHostedDomain: config.requireHostedDomain },
    app.log,
    settings,
  );
  const origins = allowedOrigins(config);

  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  await hub.start();
  app.addHook("onClose", async () => hub.stop());
  app.healthDetails.set("realtime", () => hub.metrics());

  app.route({
    method: "GET",
    url: REALTIME_PATH,
    onRequest: async (request) => {
      const origin = request.headers.origin;
      if (!origin || !origins.has(origin)) {
        request.log.warn({ origin }, "realtime: refused a handshake from a foreign origin");
        throw forbidden("This origin may not open the realtime socket.", "origin_not_allowed");
      }
    },
    // A plain request (no upgrade) gets Pulse's error body, not @fastify/websocket's empty 404.
    handler: async () => {
      throw new HttpError(426, "upgrade_required", "Open this address as a WebSocket.", {
        upgrade: "websocket",
      });
    },
    wsHandler: (socket, request) => hub.accept(socket, request.log),
  });
};
