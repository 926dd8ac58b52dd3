import { REALTIME_HEARTBEAT_MS, REALTIME_TIMEOUT_MS } from "@shared/constants";
import type { Authenticated } from "../platform/current-user";
import { systemTimers, type Timers } from "../platform/timers";

/**
 * How the realtime server checks tokens and sessions. app.ts passes the auth feature's session service in, so this
 * feature never imports the auth feature (features never import each other).
 */
export interface RealtimeAuth {
  /** The session and user of a valid, unexpired, unrevoked access token; throws otherwise. */
  authenticate(accessToken: string): Promise<Authenticated>;
  /** Which of these sessions no longer authenticate (revoked, expired or gone). */
  endedSessions(sessionIds: readonly string[]): Promise<string[]>;
  /** Tells of any change to a user's sessions or account, so that user's sockets are checked at once. */
  onUserChanged?(listener: (userId: string) => void): () => void;
}

export interface RealtimeSettings {
  timers: Timers;
  /** A socket that has not sent a valid token by then is closed. */
  authTimeoutMs: number;
  /** A socket silent this long (two missed heartbeats and the timeout) is closed. */
  idleTimeoutMs: number;
  /** How often the sessions behind open sockets are checked for revocation. */
  sessionCheckMs: number;
  /**
   * Sockets not yet authenticated from one client address (an IPv6 /64 counts as one), handshakes under way
   * included. Such a socket costs memory and a timer before anyone is known, and lives at most `authTimeoutMs`.
   */
  maxPreAuthPerAddress: number;
  /** Sockets not yet authenticated on one instance, all addresses together (a flood from many addresses). */
  maxPreAuth: number;
  /**
   * Node's `server.maxConnections`: open TCP connections of the whole server, HTTP ones included. Beyond it Node
   * closes each new connection as soon as it is accepted, before a byte of HTTP is read.
   */
  maxConnections: number;
  /** Open sockets per user on one instance. */
  maxSocketsPerUser: number;
  /** Sockets a user may authenticate per window on one instance (a reconnect loop is refused, not served). */
  maxConnectsPerWindow: number;
  /** Messages per user per window on one instance, all of its sockets together (the window of both limits). */
  maxMessagesPerWindow: number;
  messageWindowMs: number;
  /** Bytes queued for one socket beyond which it is dropped as too slow. */
  maxBufferedBytes: number;
  /** How often the socket and channel counts are logged (when they changed). */
  statsLogMs: number;
}

export const DEFAULT_REALTIME_SETTINGS: RealtimeSettings = {
  timers: systemTimers,
  authTimeoutMs: 5_000,
  idleTimeoutMs: 2 * REALTIME_HEARTBEAT_MS + REALTIME_TIMEOUT_MS,
  sessionCheckMs: 15_000,
  maxPreAuthPerAddress: 20,
  maxPreAuth: 1_000,
  maxConnections: 10_000,
  maxSocketsPerUser: 10,
  maxConnectsPerWindow: 30,
  maxMessagesPerWindow: 120,
  messageWindowMs: 60_000,
  maxBufferedBytes: 1024 * 1024,
  statsLogMs: 60_000,
};
