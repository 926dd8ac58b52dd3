// Databases for the benchmark and the load test: a PGlite directory or a scratch PostgreSQL database, filled with a
// fixed data set and signed-in company users whose sessions are created straight in the database (never through the
// per-address sign-in limit).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { SessionResponse } from "@shared/auth";
import type { Database } from "../src/server/db/client";
import { createSessionsBeforeStart } from "../src/testing/direct-session";
import { freePort } from "../src/testing/free-port";
import { createScratchPostgresDatabase } from "../src/testing/test-database";

export const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/test";

export type DatabaseKind = "pglite" | "postgres";

export interface BenchDatabase {
  kind: DatabaseKind;
  /** The environment a Pulse server on this database gets (PORT, DATA_DIR, DATABASE_URL). */
  env: Record<string, string>;
  port: number;
  /** PGlite: the data directory's database folder; PostgreSQL: the scratch database's URL. */
  location: string;
  sessions: SessionResponse[];
  drop(): Promise<void>;
}

export interface DataSet {
  /** Distinct candidate names; each gets `aliasesPerName` aliases from different source apps. */
  names: number;
  aliasesPerName: number;
  /** PulseMaps already there (the project list's rows). */
  projects: number;
}

export const BENCH_DATA: DataSet = { names: 2_000, aliasesPerName: 3, projects: 200 };

/** Whether a PostgreSQL server answers at `url` (the benchmark skips PostgreSQL otherwise). */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function fill(db: Database, data: DataSet): Promise<void> {
  const apps = ["jira", "slack", "asana", "gmail", "zoom", "google-meet"];
  await db.exec(`
    INSERT INTO pulse.project_aliases (raw_name, source_app, external_id, discovered_at)
    SELECT 'Project ' || lpad(n::text, 5, '0'), (ARRAY['${apps.join("','")}'])[1 + (n + k) % ${apps.length}],
           'EXT-' || n || '-' || k, timestamptz '2026-01-01' + make_interval(mins => n * 7 + k)
      FROM generate_series(1, ${data.names}) n, generate_series(1, ${data.aliasesPerName}) k;
    INSERT INTO pulse.projects (name, description, created_at)
    SELECT 'PulseMap ' || n, 'Seeded for the benchmark', timestamptz '2026-01-01' + make_interval(hours => n)
      FROM generate_series(1, ${data.projects}) n;
    INSERT INTO pulse.connectors (user_id, type, is_active)
    SELECT u.id, t.type, t.n % 2 = 0
      FROM auth.users u, unnest(ARRAY['slack', 'jira', 'gmail', 'notion']) WITH ORDINALITY AS t(type, n);
    -- Fresh statistics, as autovacuum would give a PostgreSQL server: without them the planner reads a Stream's
    -- candidates by scanning every item (PGlite has no autovacuum at all; issue 40 keeps that open).
    ANALYZE;
  `);
}

/**
 * A database of `kind` holding `data` and `users` signed-in company users (`user1@acme.com` …). The returned env
 * starts a Pulse server that accepts the sessions' tokens (same DATA_DIR, hence the same generated JWT secret).
 */
export async function prepareDatabase(
  kind: DatabaseKind,
  options: { data?: DataSet; users?: number; postgresUrl?: string } = {},
): Promise<BenchDatabase> {
  const { data = BENCH_DATA, users = 1, postgresUrl = DEFAULT_POSTGRES_URL } = options;
  const dataDir = mkdtempSync(path.join(tmpdir(), "pulse-bench-"));
  const port = await freePort();
  const scratch =
    kind === "postgres" ? await createScratchPostgresDatabase(postgresUrl, "pulse_bench") : undefined;
  const env: Record<string, string> = {
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    // Every load-test client comes from 127.0.0.1; the limits themselves are tested in the suite.
    AUTH_RATE_LIMIT: "1000000",
    CONTACT_RATE_LIMIT: "1000000",
    // The sessions below are written straight into the database, with no Google refresh token: the re-check would
    // end them when it falls due (decision 0094), so the runs, however long, never reach it.
    GOOGLE_RECHECK_MINUTES: "1440",
    ...(scratch ? { DATABASE_URL: scratch.databaseUrl } : {}),
  };
  const emails = Array.from({ length: users }, (_, i) => `user${i + 1}@acme.com`);
  const sessions = await createSessionsBeforeStart(env, emails, (db) => fill(db, data));
  return {
    kind,
    env,
    port,
    location: scratch ? scratch.databaseUrl : path.join(dataDir, "pglite"),
    sessions,
    async drop() {
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
