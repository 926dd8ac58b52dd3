import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import fp from "fastify-plugin";
import { rowsOf, type Database } from "../db/client";
import type { Timers } from "../platform/timers";

declare module "fastify" {
  interface FastifyInstance {
    contactRetention: ContactRetention;
  }
}

/**
 * Keeps contact submissions, and the résumés stored inside them, no longer than CONTACT_RETENTION_DAYS (the Privacy
 * Policy's "kept no longer than needed"; docs/decisions/0097-personal-data.md).
 *
 * Every instance runs the purge on its own timer, and one at a time does the work: each pass runs in a transaction
 * that first tries a transaction-level advisory lock; an instance that does not get it skips the pass, since the
 * holder is deleting the same rows. The cut-off is read from `timers`, so tests drive it with a manual clock.
 */
export interface ContactRetentionOptions {
  retentionMs: number;
  timers: Timers;
  /** How often a pass runs; the first one runs `firstAfterMs` after start, off the start-up path. */
  everyMs?: number;
  firstAfterMs?: number;
}

/** The purge's advisory lock: a constant of its own, apart from the rate limiter's hashed keys and the migrations'. */
export const CONTACT_RETENTION_LOCK = 7_258_300_397;

export type PurgeResult = { purged: number; resumes: number } | "skipped";

export class ContactRetention {
  private readonly everyMs: number;
  private readonly firstAfterMs: number;
  private timer: unknown;
  private running: Promise<PurgeResult> | undefined;
  private stopped = true;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: ContactRetentionOptions,
  ) {
    this.everyMs = options.everyMs ?? 60 * 60 * 1000;
    this.firstAfterMs = options.firstAfterMs ?? 60 * 1000;
  }

  start(): void {
    this.stopped = false;
    this.schedule(this.firstAfterMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.options.timers.clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Resolves when the pass under way, if any, has finished (tests wait on it instead of sleeping). */
  async settled(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  /** One pass: deletes every submission older than the retention period, unless another instance is at it. */
  purge(): Promise<PurgeResult> {
    this.running ??= this.purgeOnce().finally(() => (this.running = undefined));
    return this.running;
  }

  private schedule(afterMs: number): void {
    if (this.stopped) return;
    this.timer = this.options.timers.setTimeout(() => {
      void this.purge()
        .then((result) => {
          if (result !== "skipped" && result.purged > 0)
            this.log.info(result, "contact submissions past their retention period deleted");
        })
        .catch((err: unknown) => this.log.warn({ err }, "contact retention purge failed; trying again"))
        .finally(() => this.schedule(this.everyMs));
    }, afterMs);
  }

  private async purgeOnce(): Promise<PurgeResult> {
    const cutoff = new Date(this.options.timers.now() - this.options.retentionMs).toISOString();
    return this.db.orm.transaction(async (tx) => {
      const [lock] = await rowsOf<{ got: boolean }>(
        tx,
        sql`SELECT pg_try_advisory_xact_lock(${CONTACT_RETENTION_LOCK}::bigint) AS got`,
      );
      if (!lock?.got) return "skipped";
      const [row] = await rowsOf<{ purged: number; resumes: number }>(
        tx,
        sql`WITH purged AS (
              DELETE FROM pulse.contact_submissions WHERE created_at < ${cutoff}::timestamptz
              RETURNING resume_stored_name
            ) SELECT count(*)::int AS purged, count(resume_stored_name)::int AS resumes FROM purged`,
      );
      return { purged: row?.purged ?? 0, resumes: row?.resumes ?? 0 };
    });
  }
}

/** Runs the purge on every instance from the moment the server is ready until it closes. */
export const contactRetentionPlugin = fp<{ timers: Timers }>(
  async (app, { timers }) => {
    const retention = new ContactRetention(app.db, app.log, {
      retentionMs: app.config.contactRetentionMs,
      timers,
    });
    app.decorate("contactRetention", retention);
    app.addHook("onReady", async () => retention.start());
    app.addHook("onClose", async () => retention.stop());
  },
  { name: "contact-retention" },
);
