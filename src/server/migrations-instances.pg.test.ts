import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATION_LOCK_KEY, migrationFiles } from "./db/migrate";
import { openDatabase } from "./db/client";
import { freePort } from "../testing/free-port";
import { migrationLockHeld, waitingForMigrationLock } from "../testing/migration-lock";
import { startPulse, type PulseProcess } from "../testing/pulse-process";
import { serverCommand } from "../testing/server-command";
import {
  createScratchPostgresDatabase,
  requirePostgresServerUrl,
  type ScratchPostgresDatabase,
} from "../testing/test-database";

/**
 * Issue 22 item 3: three real server processes started at the same moment on a fresh PostgreSQL database apply each
 * migration once — one of them, while the others wait on the advisory lock — and all three become ready.
 */
const serverUrl = requirePostgresServerUrl();
const JWT_SECRET = "three-instances-share-this-jwt-secret-0123456789";
let scratch: ScratchPostgresDatabase;
let reference: ScratchPostgresDatabase;
let holder: pg.Client;
const dirs: string[] = [];
const servers: PulseProcess[] = [];

beforeAll(async () => {
  // Built once here, so the three spawn together rather than each finding the bundle stale.
  await serverCommand();
  scratch = await createScratchPostgresDatabase(serverUrl, "pulse_three");
  reference = await createScratchPostgresDatabase(serverUrl, "pulse_three_ref");
  holder = new pg.Client({ connectionString: scratch.databaseUrl });
  await holder.connect();
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await holder?.end();
  await scratch?.drop();
  await reference?.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Waits until the instance says it is ready: /readyz where the server has it, else /healthz. */
async function untilReady(baseURL: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const ready = await fetch(`${baseURL}/readyz`);
        if (ready.status !== 404) return ready.status === 200 ? "ready" : `readyz ${ready.status}`;
        return (await fetch(`${baseURL}/healthz`)).status === 200 ? "ready" : "not yet";
      },
      { timeout: 30_000, interval: 50 },
    )
    .toBe("ready");
}

/** /readyz's status, or "closed" when nothing listens on the port yet. */
async function readyzStatus(port: number): Promise<number | "closed"> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/readyz`)).status;
  } catch {
    return "closed";
  }
}

/** What the migrations made: tables and views, columns, indexes, triggers and functions, one line each. */
async function schemaOf(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ line: string }>(`
      SELECT 'column ' || table_schema || '.' || table_name || '.' || column_name AS line
        FROM information_schema.columns WHERE table_schema IN ('auth', 'pulse')
      UNION ALL SELECT 'index ' || schemaname || '.' || indexname FROM pg_indexes WHERE schemaname IN ('auth', 'pulse')
      UNION ALL SELECT 'trigger ' || event_object_schema || '.' || event_object_table || '.' || trigger_name || ' ' || event_manipulation
        FROM information_schema.triggers
      UNION ALL SELECT 'function ' || n.nspname || '.' || p.proname FROM pg_proc p
        JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname IN ('auth', 'pulse', 'public')
      ORDER BY 1`);
    return rows.map((r) => r.line);
  } finally {
    await client.end();
  }
}

describe("three instances starting at once on one fresh PostgreSQL", { timeout: 180_000 }, () => {
  it("wait on the migration lock, apply each migration exactly once, and all become ready", async () => {
    // The lock is taken first, as by an instance that is migrating: the three must queue behind it.
    await holder.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    const ports = [await freePort(), await freePort(), await freePort()];
    const starting = ports.map((port) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "pulse-three-"));
      dirs.push(dataDir);
      const started = startPulse({
        env: { PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: scratch.databaseUrl, JWT_SECRET },
      });
      void started.then((server) => servers.push(server)).catch(() => undefined);
      return started;
    });

    await expect.poll(() => waitingForMigrationLock(holder), { timeout: 60_000, interval: 50 }).toBe(3);
    // While they wait nothing is applied, and none is ready (today none even listens: it migrates first).
    const [table] = (
      await holder.query<{ t: string | null }>("SELECT to_regclass('public.pulse_migrations')::text AS t")
    ).rows;
    expect(table!.t).toBeNull();
    for (const port of ports) expect(await readyzStatus(port)).not.toBe(200);

    await holder.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    const started = await Promise.all(starting);
    for (const server of started) await untilReady(server.baseURL);

    const { rows } = await holder.query<{ name: string; n: number }>(
      "SELECT name, count(*)::int AS n FROM public.pulse_migrations GROUP BY name ORDER BY name",
    );
    expect(rows).toEqual(migrationFiles().map((name) => ({ name, n: 1 })));
    // Every migration's effects exist once: the schema is exactly the one a single instance makes.
    await (await openDatabase({ databaseUrl: reference.databaseUrl })).close();
    expect(await schemaOf(scratch.databaseUrl)).toEqual(await schemaOf(reference.databaseUrl));
    // Released, so the next instance to start (a restart, a fourth) does not wait forever.
    expect(await migrationLockHeld(holder)).toBe(false);
    // No instance reported a failure.
    for (const server of started) expect(server.stderr()).toBe("");

    for (const server of started) expect(await server.stop()).toBe(0);
  });
});
