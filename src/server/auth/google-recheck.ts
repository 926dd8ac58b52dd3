import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { rowsOf, type Database } from "../db/client";
import type { Timers } from "../platform/timers";
import type { AccountCheck } from "./google-account-check";
import { SESSION_END_REASONS } from "./sessions";

export interface GoogleRecheckOptions {
  /** GOOGLE_RECHECK_MINUTES: the longest a person whose Google access ended keeps Pulse. */
  intervalMs: number;
  timers: Timers;
  /** How often due accounts are looked for; the default fits several sweeps into one interval. */
  sweepEveryMs?: number;
  /** Users claimed per statement, and Google calls made at once. */
  batchSize?: number;
  concurrency?: number;
}

export interface SweepResult {
  checked: number;
  /** Users whose sessions the pass ended: Google revoked the grant, or nobody could ask Google. */
  revoked: number;
}

/**
 * Asks Google about every user with a live session at least once per GOOGLE_RECHECK_MINUTES, whether or not anyone
 * refreshes (issue 20 item 3). Before, the question was asked only inside a refresh, and a browser refreshes when
 * 90 s remain of a one-hour token: a person who left kept the API and open sockets for up to an hour. Now an
 * account Google no longer grants is found within the interval and every session of it ends; migration 0007's
 * trigger tells every instance, which drops its cached sessions and closes the user's sockets.
 *
 * Any number of instances sweep the same database: a user is claimed by moving `google_checked_at` forward in one
 * UPDATE whose condition PostgreSQL re-evaluates after waiting on a row another instance claimed first, so each due
 * user is asked about by one instance (per session row; a user's sessions are claimed together). The sweep reads
 * the time from `timers`, so tests drive it with a manual clock.
 */
export class GoogleRecheck {
  private readonly sweepEveryMs: number;
  private readonly batchSize: number;
  private readonly concurrency: number;
  private timer: unknown;
  private running: Promise<SweepResult> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly check: AccountCheck,
    private readonly endSessions: (userId: string, reason: string) => Promise<unknown>,
    private readonly log: FastifyBaseLogger,
    private readonly options: GoogleRecheckOptions,
  ) {
    this.sweepEveryMs =
      options.sweepEveryMs ?? Math.max(1_000, Math.min(60_000, Math.floor(options.intervalMs / 5)));
    this.batchSize = options.batchSize ?? 50;
    this.concurrency = options.concurrency ?? 4;
  }

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.options.timers.clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Resolves when the sweep under way, if any, has finished (tests wait on it instead of sleeping). */
  async settled(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  /**
   * One pass: every user with a live session not asked about for `intervalMs - sweepEveryMs` is asked now, so that
   * with a sweep every `sweepEveryMs` nobody goes longer than `intervalMs` between answers.
   */
  sweep(): Promise<SweepResult> {
    this.running ??= this.sweepAll().finally(() => (this.running = undefined));
    return this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = this.options.timers.setTimeout(() => {
      void this.sweep()
        .catch((err: unknown) => this.log.warn({ err }, "Google re-check sweep failed; trying again"))
        .finally(() => this.schedule());
    }, this.sweepEveryMs);
  }

  private async sweepAll(): Promise<SweepResult> {
    const result: SweepResult = { checked: 0, revoked: 0 };
    // Users this pass has met, claimed here or by another instance: never twice in one pass, so an account Google
    // could not answer for (due again at once) waits for the next sweep, and the loop ends.
    const seen = new Set<string>();
    while (!this.stopped) {
      const due = await this.claimDue([...seen]);
      if (due.length === 0) break;
      for (const { userId } of due) seen.add(userId);
      // Another instance claiming part of a batch is no sign the due list is exhausted: only an empty one is.
      const mine = due.filter((row) => row.claimed).map((row) => row.userId);
      for (let i = 0; i < mine.length; i += this.concurrency) {
        await Promise.all(
          mine.slice(i, i + this.concurrency).map((userId) => this.checkUser(userId, result)),
        );
      }
    }
    return result;
  }

  /** Up to a batch of due users not met yet in this pass, each marked whether this instance claimed it. */
  private async claimDue(exclude: string[]): Promise<{ userId: string; claimed: boolean }[]> {
    const now = new Date(this.options.timers.now()).toISOString();
    const dueBefore = new Date(
      this.options.timers.now() - (this.options.intervalMs - this.sweepEveryMs),
    ).toISOString();
    const rows = await rowsOf<{ user_id: string; claimed: boolean }>(
      this.db.orm,
      sql`WITH due AS (
            SELECT DISTINCT user_id FROM auth.sessions
             WHERE revoked_at IS NULL AND expires_at > ${now}::timestamptz
               AND google_checked_at <= ${dueBefore}::timestamptz
               AND user_id <> ALL(${`{${exclude.join(",")}}`}::uuid[])
             LIMIT ${this.batchSize}::int
          ), claimed AS (
            UPDATE auth.sessions s SET google_checked_at = ${now}::timestamptz
              FROM due
             WHERE s.user_id = due.user_id AND s.revoked_at IS NULL
               AND s.google_checked_at <= ${dueBefore}::timestamptz
            RETURNING s.user_id
          )
          SELECT due.user_id, EXISTS (SELECT 1 FROM claimed c WHERE c.user_id = due.user_id) AS claimed
            FROM due`,
    );
    return rows.map((row) => ({ userId: row.user_id, claimed: row.claimed }));
  }

  private async checkUser(userId: string, result: SweepResult): Promise<void> {
    try {
      const status = await this.check(userId);
      result.checked++;
      if (status === "revoked" || status === "unreadable" || status === "unknown") {
        // Nobody can vouch for the account (issue 37 item 3): its sessions end, so no later sweep meets it again.
        await this.endSessions(userId, SESSION_END_REASONS[status]);
        result.revoked++;
      } else if (status === "unavailable") {
        await this.dueAgain(userId);
      }
    } catch (err) {
      this.log.warn({ err, userId }, "Google re-check failed; trying again at the next sweep");
      await this.dueAgain(userId).catch(() => undefined);
    }
  }

  /** Google (or the database) could not answer: due at the next sweep rather than a whole interval later. */
  private async dueAgain(userId: string): Promise<void> {
    await this.db.orm.execute(
      sql`UPDATE auth.sessions SET google_checked_at = '-infinity'
           WHERE user_id = ${userId} AND revoked_at IS NULL`,
    );
  }
}
