import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Database } from "./database";

const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations", import.meta.url));
const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.sql$/;
/** Any constant works; it only has to be the same for every Pulse server sharing a database. */
const MIGRATION_LOCK_KEY = 72_583_001;

export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => MIGRATION_FILE.test(f))
    .sort();
}

/**
 * Applies the committed SQL migrations not yet applied, each atomically with its bookkeeping row. Several servers
 * starting at once on one PostgreSQL serialise on an advisory lock, so each migration runs once.
 */
export async function applyMigrations(db: Database): Promise<string[]> {
  const applied: string[] = [];
  const run = async () => {
    await db.query(
      "CREATE TABLE IF NOT EXISTS public.pulse_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const done = new Set(
      (await db.query<{ name: string }>("SELECT name FROM public.pulse_migrations")).map((r) => r.name),
    );
    for (const file of migrationFiles()) {
      if (done.has(file)) continue;
      const body = readFileSync(`${MIGRATIONS_DIR}/${file}`, "utf8");
      // One simple-protocol string runs as one transaction: the migration and its row land together or not at all.
      await db.exec(`${body}\n;INSERT INTO public.pulse_migrations (name) VALUES ('${file}');`);
      applied.push(file);
    }
  };
  if (db.kind === "postgres") {
    await db.withLock(MIGRATION_LOCK_KEY, run);
  } else {
    await run();
  }
  return applied;
}
