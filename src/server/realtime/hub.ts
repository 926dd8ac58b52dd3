import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import { isAuthorisedUser, type AccessSubject } from "@shared/auth-access";
import { REALTIME_CLOSE } from "@shared/realtime";
import type { Database } from "../db/client";
import { channelOf, parseNotice, readRow } from "./channels";
import { Connection } from "./connection";
import type { RealtimeAuth, RealtimeSettings } from "./settings";

/** The Postgres channel the row triggers notify (migration 0001). */
export const CHANGES_CHANNEL = "pulse_changes";

interface Window {
  windowStart: number;
  count: number;
}

export interface RealtimeMetrics {
  /** Open sockets, authenticated or not yet. */
  sockets: number;
  /** Sockets not yet authenticated, handshakes under way included (what the pre-auth limits count). */
  preAuth: number;
  /** Distinct users with an authenticated socket. */
  users: number;
  /** Joined channels summed over all sockets. */
  channels: number;
}

/**
 * A socket's place among the not-yet-authenticated ones, taken before its handshake completes. It is freed by
 * whichever comes first of the socket authenticating and the socket ending; `release` frees it once, however
 * often it is called, so every path may call it without counting anything twice.
 */
export interface PreAuthSlot {
  release(): void;
}

/** Why a handshake gets no place: its address has too many sockets waiting, or the instance has. */
export type PreAuthReservation = { slot: PreAuthSlot } | { refused: "address" | "instance" };

/** What the hub reports as it works (the platform's metrics record it; the hub knows no registry). */
export interface HubObserver {
  /** A change frame handed to a socket, `seconds` after this instance heard its NOTIFY. */
  delivered(seconds: number): void;
}

/**
 * One instance's realtime server: one LISTEN on `pulse_changes` for the whole process, fanned out in process to
 * the sockets of the changed row's user (ARCHITECTURE §5 Realtime). Each change is read once, fresh, under the
 * channel's filter, then sent to every socket of that user that joined the channel. Changes of one user are handled
 * in order; different users' in parallel.
 */
export class Hub {
  private readonly sockets = new Set<Connection>();
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly userQueues = new Map<string, Promise<void>>();
  private readonly messageCounts = new Map<string, Window>();
  private readonly connectCounts = new Map<string, Window>();
  private readonly preAuthByAddress = new Map<string, number>();
  private preAuthTotal = 0;
  private unlisten: (() => Promise<void>) | undefined;
  private sessionTimer: unknown;
  private statsTimer: unknown;
  private lastStats = "";
  private stopped = false;
  private stopUserChanges: (() => void) | undefined;
  private listeningNow = false;

  constructor(
    private readonly db: Database,
    readonly auth: RealtimeAuth,
    private readonly access: { companyDomain: string; requireHostedDomain: boolean },
    private readonly log: FastifyBaseLogger,
    readonly settings: RealtimeSettings,
    private readonly observer?: HubObserver,
  ) {}

  /**
   * Whether this instance hears `pulse_changes` now. While it does not, its clients miss changes until the LISTEN
   * is back and they resynchronise: the instance is not ready (/readyz).
   */
  get listening(): boolean {
    return this.listeningNow && !this.stopped;
  }

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(CHANGES_CHANNEL, (payload) => this.onNotify(payload), {
      onDisconnect: () => {
        this.listeningNow = false;
      },
      onReconnect: () => {
        this.listeningNow = true;
        this.log.warn("realtime: LISTEN re-established; every joined channel resynchronises");
        for (const connection of this.sockets) connection.resync();
      },
    });
    this.listeningNow = true;
    // A sign-out or revocation anywhere closes the user's sockets now; the periodic check remains the backstop.
    this.stopUserChanges = this.auth.onUserChanged?.((userId) => {
      this.checkSessions(userId).catch((err: unknown) =>
        this.log.warn({ err }, "realtime: session check failed"),
      );
    });
    this.scheduleSessionCheck();
    this.scheduleStats();
  }

  /**
   * Closes every socket with 1012 (service restart), so clients reconnect at once to another instance, and stops
   * listening. Runs before the HTTP server stops (the plugin's preClose): afterwards nothing could send the code.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.stopUserChanges?.();
    const { timers } = this.settings;
    timers.clearTimeout(this.sessionTimer);
    timers.clearTimeout(this.statsTimer);
    for (const connection of [...this.sockets])
      connection.close(REALTIME_CLOSE.serviceRestart, "server restarting");
    await this.unlisten?.();
  }

  /**
   * Takes a place for a socket of `address` (already grouped: addressKey) that has yet to authenticate, or says
   * which limit refuses it. Counted at the handshake rather than on the open socket, so a refusal is an HTTP answer
   * and costs no WebSocket, no Connection and no timer.
   */
  reservePreAuth(address: string): PreAuthReservation {
    const mine = this.preAuthByAddress.get(address) ?? 0;
    if (mine >= this.settings.maxPreAuthPerAddress) return { refused: "address" };
    if (this.preAuthTotal >= this.settings.maxPreAuth) return { refused: "instance" };
    this.preAuthByAddress.set(address, mine + 1);
    this.preAuthTotal++;
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      this.preAuthTotal--;
      const left = (this.preAuthByAddress.get(address) ?? 1) - 1;
      // Addresses are forgotten at zero: a flood of one-off addresses leaves no entries behind.
      if (left > 0) this.preAuthByAddress.set(address, left);
      else this.preAuthByAddress.delete(address);
    };
    return { slot: { release } };
  }

  accept(ws: WebSocket, log: FastifyBaseLogger, slot: PreAuthSlot): void {
    if (this.stopped) {
      slot.release();
      return ws.close(REALTIME_CLOSE.serviceRestart, "server restarting");
    }
    this.sockets.add(new Connection(ws, this, log, slot));
  }

  /** Counts an authenticated socket against its user's limits; false when the user has too many, or too often. */
  admit(connection: Connection, userId: string): boolean {
    if (!this.count(this.connectCounts, userId, this.settings.maxConnectsPerWindow)) return false;
    const mine = this.byUser.get(userId) ?? new Set<Connection>();
    if (mine.size >= this.settings.maxSocketsPerUser) return false;
    mine.add(connection);
    this.byUser.set(userId, mine);
    return true;
  }

  remove(connection: Connection): void {
    this.sockets.delete(connection);
    if (connection.userId === undefined) return;
    const mine = this.byUser.get(connection.userId);
    mine?.delete(connection);
    if (mine?.size === 0) this.byUser.delete(connection.userId);
  }

  isAuthorised(user: AccessSubject): boolean {
    return isAuthorisedUser(user, this.access.companyDomain, this.access.requireHostedDomain);
  }

  /** One message of a user against the per-user window; false once the window's allowance is spent. */
  countMessage(userId: string): boolean {
    return this.count(this.messageCounts, userId, this.settings.maxMessagesPerWindow);
  }

  private count(windows: Map<string, Window>, userId: string, max: number): boolean {
    const now = this.settings.timers.now();
    let window = windows.get(userId);
    if (!window || now - window.windowStart >= this.settings.messageWindowMs) {
      window = { windowStart: now, count: 0 };
      windows.set(userId, window);
    }
    window.count++;
    return window.count <= max;
  }

  /** Forgets the windows that are over (the connect counts outlive their sockets, so they need pruning). */
  private pruneWindows(): void {
    const now = this.settings.timers.now();
    for (const windows of [this.connectCounts, this.messageCounts]) {
      for (const [userId, window] of windows) {
        if (now - window.windowStart >= this.settings.messageWindowMs) windows.delete(userId);
      }
    }
  }

  metrics(): RealtimeMetrics {
    let channels = 0;
    for (const connection of this.sockets) channels += connection.joined.size;
    return { sockets: this.sockets.size, preAuth: this.preAuthTotal, users: this.byUser.size, channels };
  }

  private onNotify(payload: string): void {
    const notice = parseNotice(payload);
    const channel = notice && channelOf(notice);
    if (!notice || !channel) return;
    const userId = notice.user_id!;
    const listeners = this.byUser.get(userId);
    if (!listeners || ![...listeners].some((c) => c.isJoined(channel.name))) return;
    // Real time, whatever clock the timers run on: this is a measurement, not a deadline.
    const heardAt = performance.now();
    const previous = this.userQueues.get(userId) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        const row = notice.op === "DELETE" ? null : await readRow(this.db, channel, userId, notice.key!);
        for (const connection of this.byUser.get(userId) ?? []) {
          if (connection.sendChange(channel.name, notice.op, row)) {
            this.observer?.delivered((performance.now() - heardAt) / 1000);
          }
        }
      })
      .catch((err: unknown) =>
        this.log.error({ err, table: notice.table }, "realtime: reading a change failed"),
      )
      .finally(() => {
        if (this.userQueues.get(userId) === next) this.userQueues.delete(userId);
      });
    this.userQueues.set(userId, next);
  }

  /** Closes the sockets of sessions revoked (sign-out, refresh-token reuse, operator, Google) or expired. */
  /** Closes the sockets whose sessions ended: every socket's, or only one user's. */
  async checkSessions(userId?: string): Promise<void> {
    const sessionIds = new Set<string>();
    for (const connection of this.sockets) {
      if (connection.sessionId && (userId === undefined || connection.userId === userId)) {
        sessionIds.add(connection.sessionId);
      }
    }
    if (sessionIds.size === 0) return;
    const ended = new Set(await this.auth.endedSessions([...sessionIds]));
    for (const connection of [...this.sockets]) {
      if (connection.sessionId && ended.has(connection.sessionId)) {
        connection.close(REALTIME_CLOSE.unauthorized, "session ended");
      }
    }
  }

  private scheduleSessionCheck(): void {
    if (this.stopped) return;
    this.sessionTimer = this.settings.timers.setTimeout(() => {
      this.checkSessions()
        .catch((err: unknown) => this.log.warn({ err }, "realtime: session check failed"))
        .finally(() => this.scheduleSessionCheck());
    }, this.settings.sessionCheckMs);
  }

  private scheduleStats(): void {
    if (this.stopped) return;
    this.statsTimer = this.settings.timers.setTimeout(() => {
      const metrics = this.metrics();
      const line = JSON.stringify(metrics);
      if (line !== this.lastStats) this.log.info(metrics, "realtime: sockets and channels");
      this.lastStats = line;
      this.pruneWindows();
      this.scheduleStats();
    }, this.settings.statsLogMs);
  }
}
