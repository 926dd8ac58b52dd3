import type { FastifyPluginAsync } from "fastify";
import { migrationFiles } from "../../db/migrate";
import { errorBody, isDatabaseUnavailable } from "../errors";
import { mayReadDetails } from "./routes";

/** One condition a feature adds to /readyz: state it already holds (a LISTEN's), read without a query. */
export interface ReadinessCheck {
  /** `error.code` of the 503 while this check fails, e.g. `realtime_unavailable`. */
  code: string;
  /** The fixed message of that 503 (the public hears nothing else). */
  message: string;
  ready(): boolean;
}

/**
 * Whether this instance should be sent traffic. The checks are by name, in the order they were added: features
 * add theirs (the realtime LISTEN, the session change feed) without the platform knowing them, as with
 * `healthDetails`. Draining starts at SIGTERM and never ends: the process is on its way out.
 */
export class Readiness {
  readonly checks = new Map<string, ReadinessCheck>();
  private drainingNow = false;

  get draining(): boolean {
    return this.drainingNow;
  }

  startDraining(): void {
    this.drainingNow = true;
  }
}

declare module "fastify" {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

type CheckState = "ok" | "failed" | "skipped";

const DRAINING = errorBody("draining", "This instance is shutting down.");
const DATABASE_DOWN = errorBody("database_unavailable", "The database is unreachable.");
const MIGRATIONS_PENDING = errorBody(
  "migrations_pending",
  "The database has not been migrated to this version of Pulse.",
);

/** PostgreSQL's undefined_table: no bookkeeping table means no migration was ever applied. */
const UNDEFINED_TABLE = "42P01";

/**
 * GET /readyz: 200 while this instance can serve — the database answers, every committed migration is applied,
 * each feature's check holds (its LISTEN is up) and it is not draining — else 503 with the first failing check's
 * code and fixed message. /healthz stays the liveness answer: a draining or LISTEN-less instance is alive, only
 * not to be sent new traffic. Which checks passed, and the pending migrations, go to `mayReadDetails` callers only.
 */
export const readinessRoutes: FastifyPluginAsync = async (app) => {
  const { readiness } = app;
  // Migrations never un-apply: once all were there, they stay there, and the question costs no more queries.
  let migrationsApplied = false;
  let lastAnswer = "ready";

  async function pendingMigrations(): Promise<string[]> {
    if (migrationsApplied) return [];
    let applied: Set<string>;
    try {
      const rows = await app.db.query<{ name: string }>("SELECT name FROM public.pulse_migrations");
      applied = new Set(rows.map((r) => r.name));
    } catch (err) {
      if ((err as { code?: unknown }).code !== UNDEFINED_TABLE) throw err;
      applied = new Set();
    }
    const pending = migrationFiles().filter((file) => !applied.has(file));
    migrationsApplied = pending.length === 0;
    return pending;
  }

  app.get("/readyz", async (request, reply) => {
    // The answer depends on who asks and changes from one second to the next: no cache may keep it.
    void reply.header("cache-control", "no-store");
    const checks: Record<string, CheckState> = {};
    let failure: ReturnType<typeof errorBody> | undefined;
    let pending: string[] | undefined;
    const fail = (name: string, body: ReturnType<typeof errorBody>) => {
      checks[name] = "failed";
      failure ??= body;
    };

    // Draining answers at once: the balancer must stop sending as soon as the signal arrives.
    if (readiness.draining) {
      fail("shutdown", DRAINING);
    } else {
      checks.shutdown = "ok";
      try {
        await app.db.ping();
        checks.database = "ok";
      } catch (err) {
        request.log.debug({ err }, "readiness: the database did not answer");
        fail("database", DATABASE_DOWN);
      }
      if (checks.database === "ok") {
        try {
          pending = await pendingMigrations();
          if (pending.length === 0) checks.migrations = "ok";
          else fail("migrations", MIGRATIONS_PENDING);
        } catch (err) {
          request.log.debug({ err }, "readiness: the migrations could not be read");
          if (isDatabaseUnavailable(err)) fail("database", DATABASE_DOWN);
          else fail("migrations", MIGRATIONS_PENDING);
        }
      } else {
        checks.migrations = "skipped";
      }
      for (const [name, check] of readiness.checks) {
        if (check.ready()) checks[name] = "ok";
        else fail(name, errorBody(check.code, check.message));
      }
    }

    // Balancers ask every few seconds: the log says when the answer changes, not each time.
    const answer = failure?.error.code ?? "ready";
    if (answer !== lastAnswer && answer !== DRAINING.error.code) {
      if (failure) request.log.warn({ checks, pending }, `readiness: not ready (${answer})`);
      else request.log.info("readiness: ready again");
    }
    lastAnswer = answer;

    const details = mayReadDetails(request, app.config.metricsToken)
      ? { checks, ...(pending && pending.length > 0 ? { pendingMigrations: pending } : {}) }
      : {};
    if (failure) return reply.code(503).send({ ...failure, ...details });
    return { status: "ready", ...details };
  });
};
