import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./client";
import { applyMigrations, migrationFiles, migrationsAppliedOnOpen } from "./migrate";

let db: Database;
const dirs: string[] = [];
beforeAll(async () => {
  db = await openDatabase({});
});
afterAll(async () => {
  await db.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A migrations folder of its own: the files given, named as the real ones are. */
function migrationsFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "pulse-migrations-"));
  dirs.push(dir);
  for (const [name, body] of Object.entries(files)) writeFileSync(path.join(dir, name), body);
  return dir;
}

describe("applyMigrations", () => {
  it("tells the opener what opening applied: every migration on a new database, none on the next open", async () => {
    expect(migrationsAppliedOnOpen(db)).toEqual(migrationFiles());
    expect(await applyMigrations(db)).toEqual([]);
    expect(migrationsAppliedOnOpen(db)).toEqual([]);
  });

  it("names the migration that failed, and records neither it nor anything after it", async () => {
    const dir = migrationsFolder({
      "9001_fine.sql": "CREATE TABLE public.migrate_test_fine (id int);",
      "9002_broken.sql":
        "CREATE TABLE public.migrate_test_half (id int);\nSELECT * FROM public.no_such_table;",
      "9003_later.sql": "CREATE TABLE public.migrate_test_later (id int);",
    });
    await expect(applyMigrations(db, dir)).rejects.toThrow(
      /^migration 9002_broken\.sql failed: relation "public\.no_such_table" does not exist$/,
    );
    const recorded = await db.query<{ name: string }>(
      "SELECT name FROM public.pulse_migrations WHERE name LIKE '900%' ORDER BY name",
    );
    expect(recorded.map((r) => r.name)).toEqual(["9001_fine.sql"]);
    // The failed file's own statements rolled back with it.
    const tables = await db.query<{ t: string | null }>(
      "SELECT to_regclass('public.migrate_test_half')::text AS t UNION ALL SELECT to_regclass('public.migrate_test_later')::text",
    );
    expect(tables).toEqual([{ t: null }, { t: null }]);
  });
});
