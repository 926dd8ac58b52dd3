import websocket from "@fastify/websocket";
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import { REALTIME_PATH } from "@shared/realtime";
import { forbidden, HttpError } from "../platform/errors";
import { addressKey } from "../platform/rate-limit/limiter";
import { Hub, type PreAuthSlot } from "./hub";
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
 * and the pre-auth limits (issue #20) are checked in onRequest, before the upgrade; the access token comes in the
 * first frame, never in the URL.
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
    { delivered: (seconds) => app.metrics.realtimeDelivered(seconds) },
  );
  const origins = allowedOrigins(config);
  // Every unauthenticated socket is gone (authenticated or closed) within the auth timeout.
  const retryAfter = String(Math.max(1, Math.ceil(settings.authTimeoutMs / 1000)));
  const preAuthSlots = new WeakMap<FastifyRequest, PreAuthSlot>();

  limitConnections(app, settings);

  // Before the websocket plugin's own preClose, which closes every socket with no code at all (1005): the hub's
  // 1012 tells clients to reconnect now, to another instance. The onClose covers an app whose start failed after
  // this plugin loaded: preClose runs only for an app that got ready.
  app.addHook("preClose", async () => hub.stop());
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  await hub.start();
  app.addHook("onClose", async () => hub.stop());
  app.healthDetails.set("realtime", () => hub.metrics());
  app.metrics.realtimeCounts = () => hub.metrics();
  app.readiness.checks.set("realtime", {
    code: "realtime_unavailable",
    message: "This instance is not hearing realtime changes.",
    ready: () => hub.listening,
  });

  app.route({
    method: "GET",
    url: REALTIME_PATH,
    onRequest: async (request) => {
      const origin = request.headers.origin;
      if (!origin || !origins.has(origin)) {
        request.log.warn({ origin }, "realtime: refused a handshake from a foreign origin");
        throw forbidden("This origin may not open the realtime socket.", "origin_not_allowed");
      }
      // A plain request is answered 426 below and holds nothing open. A connection already gone will not be upgraded.
      const tcp = request.raw.socket;
      if (!request.ws || tcp.destroyed) return;
      const reservation = hub.reservePreAuth(addressKey(request.ip));
      if ("refused" in reservation) {
        throw new HttpError(
          429,
          "rate_limited",
          reservation.refused === "address"
            ? `Too many sockets from your address are waiting to authenticate. Try again in ${retryAfter} seconds.`
            : `Too many sockets are waiting to authenticate. Try again in ${retryAfter} seconds.`,
          { "retry-after": retryAfter },
        );
      }
      const { slot } = reservation;
      preAuthSlots.set(request, slot);
      // The TCP connection's end is the one event every outcome shares, including those where no WebSocket is ever
      // made: ws refusing the handshake, a later hook failing, the client leaving mid-handshake, the server closing.
      tcp.once("close", slot.release);
    },
    // A plain request (no upgrade) gets Pulse's error body, not @fastify/websocket's empty 404.
    handler: async () => {
      throw new HttpError(426, "upgrade_required", "Open this address as a WebSocket.", {
        upgrade: "websocket",
      });
    },
    wsHandler: (socket, request) => {
      const slot = preAuthSlots.get(request);
      // Unreachable: an upgrade passes onRequest, which took the slot. Were it not so, nothing would count it.
      if (!slot) return socket.close(1011, "no place reserved");
      hub.accept(socket, request.log, slot);
    },
  });
};

/**
 * Node's hard cap on the server's open TCP connections (sockets and HTTP alike). At the cap Node closes each new
 * connection as it is accepted, before reading anything: the client sees the connection reset, not an HTTP
 * answer, and the connections already open carry on. Set here because long-lived sockets are what hold
 * connections open; a warning says when it bites, at most once per stats period, with the drops since the last.
 */
function limitConnections(app: FastifyInstance, settings: RealtimeSettings): void {
  app.server.maxConnections = settings.maxConnections;
  let dropped = 0;
  let warnedAt = -Infinity;
  app.server.on("drop", () => {
    dropped++;
    const now = settings.timers.now();
    if (now - warnedAt < settings.statsLogMs) return;
    app.log.warn(
      { droppedSinceLastWarning: dropped, maxConnections: settings.maxConnections },
      "realtime: the server is at its connection cap; new connections are being closed",
    );
    warnedAt = now;
    dropped = 0;
  });
}
