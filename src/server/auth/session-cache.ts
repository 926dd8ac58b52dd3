import type { Authenticated } from "../platform/current-user";

/** The channel migration 0007's triggers notify with a user's id whenever a session or the user changes. */
export const AUTH_CHANGES_CHANNEL = "pulse_auth_changes";

export interface SessionCacheOptions {
  /** Milliseconds; the clock of the tests. */
  now?: () => number;
  /**
   * The longest a read is trusted even with no change notified: it bounds the harm of a LISTEN connection that
   * was cut without the server noticing (TCP keepalive can take minutes to tell).
   */
  ttlMs?: number;
  maxEntries?: number;
  /** Told of every lookup, whether the cache answered it (the metrics count them; this feature knows no registry). */
  observe?: (result: "hit" | "miss") => void;
}

interface Entry {
  authenticated: Authenticated;
  /** When the session itself ends (auth.sessions.expires_at). */
  sessionEndsAt: number;
  storedAt: number;
}

/**
 * The sessions this instance has just read, so that the guard's per-request check costs no query while nothing
 * changed (docs/decisions/0081-session-check-cache.md). A read is kept only while the instance is listening to
 * AUTH_CHANGES_CHANNEL: a notified change drops the user's entries at once, losing the connection drops them
 * all, and a read that was under way while any change arrived is not kept (it may predate the change).
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  /** Bumped by every change; a read stored under an older generation might be stale. */
  private generation = 0;
  private listening = false;
  private readonly observe: (result: "hit" | "miss") => void;

  constructor(options: SessionCacheOptions = {}) {
    this.now = options.now ?? Date.now;
    this.ttlMs = options.ttlMs ?? 10_000;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.observe = options.observe ?? (() => undefined);
  }

  /** The session as last read, if that read can still be trusted. */
  get(sessionId: string, userId: string): Authenticated | undefined {
    const found = this.find(sessionId, userId);
    this.observe(found ? "hit" : "miss");
    return found;
  }

  private find(sessionId: string, userId: string): Authenticated | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    const now = this.now();
    if (
      !this.listening ||
      entry.authenticated.user.id !== userId ||
      now >= entry.sessionEndsAt ||
      now - entry.storedAt >= this.ttlMs
    ) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry.authenticated;
  }

  /** Taken before reading a session from the database, and handed back to `store` with what was read. */
  beginRead(): number {
    return this.generation;
  }

  store(readStartedAt: number, authenticated: Authenticated, sessionEndsAt: Date): void {
    if (!this.listening || readStartedAt !== this.generation) return;
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the oldest read goes first.
      this.entries.delete(this.entries.keys().next().value!);
    }
    this.entries.set(authenticated.sessionId, {
      authenticated,
      sessionEndsAt: sessionEndsAt.getTime(),
      storedAt: this.now(),
    });
  }

  /** A session or user row of this user changed (a NOTIFY, or this instance's own revocation). */
  userChanged(userId: string): void {
    this.generation++;
    for (const [sessionId, entry] of this.entries) {
      if (entry.authenticated.user.id === userId) this.entries.delete(sessionId);
    }
  }

  /**
   * Whether this instance hears the change feed now (the LISTEN behind `setListening`). While it does not, every
   * request reads its session, and a revocation reaches this instance's realtime sockets only at their periodic
   * check: the instance is not ready (/readyz).
   */
  get isListening(): boolean {
    return this.listening;
  }

  /** Whether changes are being heard; while not, nothing is kept and nothing is served from the cache. */
  setListening(listening: boolean): void {
    this.generation++;
    this.entries.clear();
    this.listening = listening;
  }

  get size(): number {
    return this.entries.size;
  }
}
