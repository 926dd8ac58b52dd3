import type { FastifyBaseLogger } from "fastify";
import { decodeJwt } from "jose";
import type { WebSocket } from "ws";
import {
  REALTIME_CLOSE,
  type RealtimeChannelName,
  type RealtimeClientMessage,
  type RealtimeOperation,
  type RealtimeServerMessage,
} from "@shared/realtime";
import type { Hub, PreAuthSlot } from "./hub";
import { clientMessageSchema } from "./protocol";

const OPEN = 1;
const MAX_PENDING_FRAMES = 32;
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * One socket: authenticates on its first frame, then joins and leaves channels and receives the changes of its
 * user's rows. Frames are handled one at a time in arrival order (authentication is asynchronous, and a client
 * may send `auth` and its joins without waiting).
 */
export class Connection {
  userId: string | undefined;
  sessionId: string | undefined;
  /** The joined channels and the sequence number of the last change sent on each. */
  readonly joined = new Map<RealtimeChannelName, number>();
  private closed = false;
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  private authTimer: unknown;
  private expiryTimer: unknown;
  private idleTimer: unknown;

  constructor(
    private readonly ws: WebSocket,
    private readonly hub: Hub,
    readonly log: FastifyBaseLogger,
    /** Held until the first valid token, or until the socket ends if none comes (the pre-auth limits). */
    private readonly preAuth: PreAuthSlot,
  ) {
    const { timers, authTimeoutMs } = hub.settings;
    this.authTimer = timers.setTimeout(
      () => this.close(REALTIME_CLOSE.unauthorized, "no valid token in time"),
      authTimeoutMs,
    );
    this.touch();
    ws.on("message", (data, isBinary) => {
      this.touch();
      if (isBinary) return this.close(REALTIME_CLOSE.badMessage, "text frames only");
      // Frames wait while a token is being checked; a client piling them up is not a client of ours.
      if (++this.pending > MAX_PENDING_FRAMES)
        return this.close(REALTIME_CLOSE.rateLimited, "too many frames");
      const text = Buffer.isBuffer(data) ? data.toString("utf8") : Buffer.concat(data as Buffer[]).toString();
      this.queue = this.queue
        .then(() => this.handle(text))
        .catch((err: unknown) => {
          this.log.error({ err }, "realtime: message failed");
          this.close(1011, "internal error");
        })
        .finally(() => this.pending--);
    });
    ws.on("close", () => this.dispose());
    ws.on("error", () => this.dispose());
  }

  isJoined(channel: RealtimeChannelName): boolean {
    return this.joined.has(channel);
  }

  /** A change on a joined channel, numbered per channel from 1 after each join; whether a frame went out. */
  sendChange(
    channel: RealtimeChannelName,
    operation: RealtimeOperation,
    row: Record<string, unknown> | null,
  ): boolean {
    const seq = this.joined.get(channel);
    if (seq === undefined) return false;
    this.joined.set(channel, seq + 1);
    return this.write({ type: "change", channel, operation, row, seq: seq + 1 });
  }

  /** After the LISTEN connection came back: changes may have been missed, so every channel is joined afresh. */
  resync(): void {
    for (const channel of this.joined.keys()) {
      this.joined.set(channel, 0);
      this.send({ type: "joined", channel });
    }
  }

  send(message: RealtimeServerMessage): void {
    this.write(message);
  }

  /** Sends a frame; whether it was handed to the socket (not when the socket is closed or was just dropped). */
  private write(message: RealtimeServerMessage): boolean {
    if (this.closed || this.ws.readyState !== OPEN) return false;
    // A client that does not read fills its buffer: it is dropped, rather than holding memory or anyone up.
    if (this.ws.bufferedAmount > this.hub.settings.maxBufferedBytes) {
      this.log.warn({ userId: this.userId }, "realtime: send buffer full, dropping a slow client");
      this.ws.terminate();
      this.dispose();
      return false;
    }
    this.ws.send(JSON.stringify(message));
    return true;
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.log.info({ userId: this.userId, code, reason }, "realtime: closing socket");
    if (this.ws.readyState === OPEN) this.ws.close(code, reason);
    this.dispose();
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    const { timers } = this.hub.settings;
    timers.clearTimeout(this.authTimer);
    timers.clearTimeout(this.expiryTimer);
    timers.clearTimeout(this.idleTimer);
    this.preAuth.release();
    this.hub.remove(this);
  }

  private touch(): void {
    const { timers, idleTimeoutMs } = this.hub.settings;
    timers.clearTimeout(this.idleTimer);
    this.idleTimer = timers.setTimeout(() => this.close(1000, "idle"), idleTimeoutMs);
  }

  private async handle(text: string): Promise<void> {
    if (this.closed) return;
    let message: RealtimeClientMessage;
    try {
      message = clientMessageSchema.parse(JSON.parse(text));
    } catch {
      return this.close(REALTIME_CLOSE.badMessage, "not a realtime message");
    }
    if (this.userId === undefined) {
      if (message.type !== "auth") return this.close(REALTIME_CLOSE.unauthorized, "authenticate first");
    } else if (!this.hub.countMessage(this.userId)) {
      return this.close(REALTIME_CLOSE.rateLimited, "too many messages");
    }
    switch (message.type) {
      case "auth":
        return this.authenticate(message.token);
      case "join":
        return this.join(message.channel, message.user_id);
      case "leave":
        this.joined.delete(message.channel);
        return this.send({ type: "left", channel: message.channel });
      case "ping":
        return this.send({ type: "pong", ref: message.ref });
    }
  }

  private async authenticate(token: string): Promise<void> {
    let authenticated;
    try {
      authenticated = await this.hub.auth.authenticate(token);
    } catch {
      return this.close(REALTIME_CLOSE.unauthorized, "invalid or expired token");
    }
    if (this.closed) return;
    const { user, sessionId } = authenticated;
    if (this.userId !== undefined && this.userId !== user.id) {
      return this.close(REALTIME_CLOSE.unauthorized, "a token of another user");
    }
    if (!this.hub.isAuthorised(user)) {
      return this.close(REALTIME_CLOSE.forbidden, "unauthorized domain");
    }
    const first = this.userId === undefined;
    if (first && !this.hub.admit(this, user.id)) {
      return this.close(REALTIME_CLOSE.rateLimited, "too many sockets");
    }
    this.userId = user.id;
    this.sessionId = sessionId;
    // From here the per-user limits count this socket; the address's unauthenticated allowance is free again.
    this.preAuth.release();
    const { timers } = this.hub.settings;
    timers.clearTimeout(this.authTimer);
    timers.clearTimeout(this.expiryTimer);
    // Verified above, so its exp can be read as is; without a fresh token by then the socket closes.
    const expiresAt = (decodeJwt(token).exp ?? 0) * 1000;
    this.expiryTimer = timers.setTimeout(
      () => this.close(REALTIME_CLOSE.unauthorized, "token expired"),
      // Clamped to what a Node timer holds (about 24.8 days); access tokens last an hour.
      Math.min(MAX_TIMER_MS, Math.max(0, expiresAt - timers.now())),
    );
    this.send({ type: "ready", user_id: user.id, expires_at: expiresAt / 1000 });
  }

  private join(channel: RealtimeChannelName, askedFor: string | undefined): void {
    if (askedFor !== undefined && askedFor !== this.userId) {
      this.log.warn(
        { userId: this.userId, askedFor, channel },
        "realtime: refused a join for another user's rows",
      );
      return this.send({
        type: "error",
        channel,
        code: "forbidden",
        message: "A client can join only its own rows.",
      });
    }
    this.joined.set(channel, 0);
    this.send({ type: "joined", channel });
  }
}
