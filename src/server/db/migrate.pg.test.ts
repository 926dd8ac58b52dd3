import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import {
  createScratchPostgresDatabase,
  requirePostgresServerUrl,
  type ScratchPostgresDatabase,
} from "../../testing/test-database";
import { migrationLockHeld, waitingForMigrationLock } from "../../testing/migration-lock";
import { runOperatorCommand } from "../../testing/operator-process";
import { openDatabase, type Database } from "./client";
import { MIGRATION_LOCK_KEY, migrationFiles, migrationsAppliedOnOpen } from "./migrate";

const serverUrl = requirePostgresServerUrl();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function scratchDatabase(): Promise<ScratchPostgresDatabase> {
  const scratch = await createScratchPostgresDatabase(serverUrl, "pulse_migrate");
  cleanups.push(() => scratch.drop());
  return scratch;
}

async function open(url: string): Promise<Database> {
  const db = await openDatabase({ databaseUrl: url });
  cleanups.push(() => db.close());
  return db;
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  cleanups.push(() => client.end());
  return client;
}

describe("migrations on one PostgreSQL shared by several instances", { timeout: 120_000 }, () => {
  it("withLock holds the lock across everything the function does: a second holder waits until it ends", async () => {
    const { databaseUrl } = await scratchDatabase();
    const a = await open(databaseUrl);
    const b = await open(databaseUrl);
    const watcher = await connect(databaseUrl);
    const events: string[] = [];
    let finishA!: () => void;
    const gateA = new Promise<void>((resolve) => (finishA = resolve));
    let aEntered!: () => void;
    const aIn = new Promise<void>((resolve) => (aEntered = resolve));
    const first = a.withLock(MIGRATION_LOCK_KEY, async () => {
      events.push("a in");
      aEntered();
      // Statements run while holding the lock go through the pool, on other connections than the lock's.
      await a.query("SELECT 1");
      await gateA;
      await a.query("SELECT 1");
      events.push("a out");
    });
    await aIn;
    const second = b.withLock(MIGRATION_LOCK_KEY, async () => {
      events.push("b in");
    });
    await expect.poll(() => waitingForMigrationLock(watcher), { timeout: 10_000, interval: 20 }).toBe(1);
    expect(events).toEqual(["a in"]);
    finishA();
    await Promise.all([first, second]);
    expect(events).toEqual(["a in", "a out", "b in"]);
    // Released on the connection that took it: nobody holds it any more.
    expect(await migrationLockHeld(watcher)).toBe(false);
  });

  it("three instances opening a fresh database at once: one applies every migration, the others none", async () => {
    const { databaseUrl } = await scratchDatabase();
    const dbs = await Promise.all([0, 1, 2].map(() => open(databaseUrl)));
    const applied = dbs.map((db) => migrationsAppliedOnOpen(db));
    expect(applied.filter((list) => list.length > 0)).toEqual([migrationFiles()]);
    expect(applied.filter((list) => list.length === 0)).toHaveLength(2);
    const rows = await dbs[0]!.query<{ name: string }>(
      "SELECT name FROM public.pulse_migrations ORDER BY name",
    );
    expect(rows.map((r) => r.name)).toEqual(migrationFiles());
  });

  it("npm run db:migrate applies them before the instances start, and says so; again, nothing to apply", async () => {
    const { databaseUrl } = await scratchDatabase();
    const env = { DATABASE_URL: databaseUrl, NODE_ENV: "production", HOST: "0.0.0.0" };
    const first = await runOperatorCommand("db-migrate", [], env);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(
      migrationFiles()
        .map((name) => `applied ${name}\n`)
        .join(""),
    );

    const again = await runOperatorCommand("db-migrate", [], env);
    expect(again).toEqual({
      code: 0,
      stdout: `nothing to apply: DATABASE_URL has all ${migrationFiles().length} migrations\n`,
      stderr: "",
    });
    const db = await open(databaseUrl);
    expect(migrationsAppliedOnOpen(db)).toEqual([]);
  });

  it("npm run db:migrate waits for a server applying them at the same time instead of failing", async () => {
    const { databaseUrl } = await scratchDatabase();
    // A server in the middle of its migrations: it holds the lock.
    const holder = await connect(databaseUrl);
    await holder.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    const migrating = runOperatorCommand("db-migrate", [], { DATABASE_URL: databaseUrl });
    const watcher = await connect(databaseUrl);
    await expect.poll(() => waitingForMigrationLock(watcher), { timeout: 60_000, interval: 50 }).toBe(1);
    const [table] = (
      await watcher.query<{ t: string | null }>("SELECT to_regclass('public.pulse_migrations')::text AS t")
    ).rows;
    expect(table!.t).toBeNull();
    await holder.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    const result = await migrating;
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split("\n")).toHaveLength(migrationFiles().length);
  });
});
