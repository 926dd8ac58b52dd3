import { afterEach, describe, expect, it } from "vitest";
import { archivePglite, openDatabase, type Database } from "./client";
import { migrationsAppliedOnOpen } from "./migrate";

// An in-memory database started from another's archive, as each test file's is (src/testing/database-template.ts).
// PGlite's alone: this file imports nothing of src/testing/test-database.ts, so the PostgreSQL pass leaves it out;
// that each file's database is its own, on both engines, is test-database-per-file.test.ts.

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.close();
});

async function opened(db: Promise<Database>): Promise<Database> {
  const ready = await db;
  open.push(ready);
  return ready;
}

const notes = (db: Database) =>
  db
    .query<{ body: string }>("SELECT body FROM archive_note ORDER BY body")
    .then((rows) => rows.map((r) => r.body));

describe("an in-memory database started from another's archive", { timeout: 60_000 }, () => {
  it("has the other's tables and rows, needs no migration, and changes apart from it", async () => {
    const original = await opened(openDatabase({}));
    await original.exec("CREATE TABLE archive_note (body text); INSERT INTO archive_note VALUES ('before');");

    const copy = await opened(openDatabase({ startFrom: await archivePglite(original) }));
    expect(migrationsAppliedOnOpen(copy)).toEqual([]);
    expect(await notes(copy)).toEqual(["before"]);

    await copy.exec("INSERT INTO archive_note VALUES ('copy only')");
    await original.exec("INSERT INTO archive_note VALUES ('original only')");
    expect(await notes(copy)).toEqual(["before", "copy only"]);
    expect(await notes(original)).toEqual(["before", "original only"]);
  });

  it("runs with the embedded database's memory settings", async () => {
    const copy = await opened(
      openDatabase({ startFrom: await archivePglite(await opened(openDatabase({}))) }),
    );
    expect(
      await copy.query(
        "SELECT current_setting('shared_buffers') AS shared_buffers, current_setting('max_connections') AS max_connections",
      ),
    ).toEqual([{ shared_buffers: "16MB", max_connections: "1" }]);
  });

  it("is refused for a data directory or a server, whose databases are not started this way", async () => {
    const startFrom = new Blob([]);
    await expect(openDatabase({ dataDir: "/nonexistent", startFrom })).rejects.toThrow(
      "startFrom is for an in-memory database only.",
    );
    await expect(openDatabase({ databaseUrl: "postgres://127.0.0.1:1/none", startFrom })).rejects.toThrow(
      "startFrom is for an in-memory database only.",
    );
  });
});
