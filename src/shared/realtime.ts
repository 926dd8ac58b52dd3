/**
 * The realtime protocol (issue #12, docs/decisions/0060-realtime.md): JSON text frames over one WebSocket at
 * REALTIME_PATH, shared by the server (src/server/realtime) and the web client (src/web/lib/realtime). Types and
 * constants only: the web client's chunk carries no validator (the server's is src/server/realtime/protocol.ts).
 */
export const REALTIME_PATH = "/realtime";

export const REALTIME_CHANNELS = ["connectors", "project_sync_preferences", "user_identities"] as const;
export type RealtimeChannelName = (typeof REALTIME_CHANNELS)[number];

export type RealtimeOperation = "INSERT" | "UPDATE" | "DELETE";

/** Client → server. The first frame must be `auth`; a later `auth` replaces the token (a refreshed one). */
export type RealtimeClientMessage =
  | { type: "auth"; token: string }
  /** `user_id`: the rows asked for, as the seed's `user_id=eq.<id>` filter; only the token's own user is allowed. */
  | { type: "join"; channel: RealtimeChannelName; user_id?: string }
  | { type: "leave"; channel: RealtimeChannelName }
  | { type: "ping"; ref: number };

/** Server → client. */
export type RealtimeServerMessage =
  | { type: "ready"; user_id: string; expires_at: number }
  | { type: "joined"; channel: RealtimeChannelName }
  | { type: "left"; channel: RealtimeChannelName }
  | {
      type: "change";
      channel: RealtimeChannelName;
      operation: RealtimeOperation;
      row: Record<string, unknown> | null;
      seq: number;
    }
  | { type: "pong"; ref: number }
  | { type: "error"; code: string; message: string; channel?: RealtimeChannelName };

/** Close codes (4000–4999 are the application's). A client reconnects after any of them but 4401 and 4403. */
export const REALTIME_CLOSE = {
  /** A frame that is not the protocol. */
  badMessage: 4400,
  /** No valid token in time, or the token or session expired or was revoked. */
  unauthorized: 4401,
  /** A user outside the company domain. */
  forbidden: 4403,
  /** The send buffer filled up: the client reads too slowly. */
  tooSlow: 4408,
  /** Too many sockets or messages for this user. */
  rateLimited: 4429,
  /** An endpoint going away: what a browser sends when its page unloads. Pulse's server sends serviceRestart. */
  goingAway: 1001,
  /**
   * The server is shutting down (a deploy, a rolling restart): reconnect, and another instance answers. After its
   * drain window the instance closes every socket with this code before it stops listening.
   */
  serviceRestart: 1012,
} as const;
