import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Database } from "./database";

const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations", import.meta.url));
const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.sql$/;
/** Any constant works; it only has to be the same for every Pulse server sharing a database. */
export const MIGRATION_LOCK_KEY = 72_583_001;

export function migrationFiles(directory = MIGRATIONS_DIR): string[] {
  return readdirSync(directory)
    .filter((f) => MIGRATION_FILE.test(f))
    .sort();
}

/**
 * openDatabase applies the migrations as it opens and hands back only the handle; what it applied is kept here
 * so its callers (the server's start log, `npm run db:migrate`) can say so without a second look at the database.
 */
const appliedOnOpen = new WeakMap<Database, readonly string[]>();

/** The migrations the last `applyMigrations` on this handle applied (openDatabase runs it): empty when none. */
export function migrationsAppliedOnOpen(db: Database): readonly string[] {
  return appliedOnOpen.get(db) ?? [];
}

/**
 * Applies the committed SQL migrations not yet applied, each atomically with its bookkeeping row. Several servers
 * starting at once on one PostgreSQL serialise on an advisory lock, so each migration runs once: the first to
 * take the lock applies them, the others find nothing left to apply. (Were the lock ever lost, the bookkeeping
 * row's primary key would still fail the second runner's transaction as a whole: a migration never lands twice.)
 */
export async function applyMigrations(db: Database, directory = MIGRATIONS_DIR): Promise<string[]> {
  const applied: string[] = [];
  const run = async () => {
    await db.query(
      "CREATE TABLE IF NOT EXISTS public.pulse_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const done = new Set(
      (await db.query<{ name: string }>("SELECT name FROM public.pulse_migrations")).map((r) => r.name),
    );
    for (const file of migrationFiles(directory)) {
      if (done.has(file)) continue;
      const body = readFileSync(path.join(directory, file), "utf8");
      try {
        // One simple-protocol string runs as one transaction: the migration and its row land together or not at all.
        await db.exec(`${body}\n;INSERT INTO public.pulse_migrations (name) VALUES ('${file}');`);
      } catch (err) {
        // The operator needs the file, not only the SQL error: name it, and keep the original as the cause.
        throw new Error(`migration ${file} failed: ${err instanceof Error ? err.message : String(err)}`, {
          cause: err,
        });
      }
      applied.push(file);
    }
  };
  if (db.kind === "postgres") {
    await db.withLock(MIGRATION_LOCK_KEY, run);
  } else {
    await run();
  }
  appliedOnOpen.set(db, applied);
  return applied;
}
