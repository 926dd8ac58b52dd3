import { afterEach, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../testing/test-database";
import type { Database } from "./client";

// On PGlite and, in the PostgreSQL pass, on the server: how the tests get a database per file
// (src/testing/database-template.ts); the in-memory start from an archive is start-from-archive.test.ts.

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.close();
});

describe("each test file's database", { timeout: 60_000 }, () => {
  it("is migrated and empty, and apart from every other file's", async () => {
    const first = await openTestDatabase();
    const second = await openTestDatabase();
    open.push({ close: first.drop }, { close: second.drop });
    const users = (db: Database) => db.query<{ n: number }>("SELECT count(*)::int AS n FROM auth.users");

    expect(await users(first.db)).toEqual([{ n: 0 }]);
    await first.db.exec("INSERT INTO auth.users (email, name) VALUES ('ada@example.com', 'Ada')");
    expect(await users(first.db)).toEqual([{ n: 1 }]);
    expect(await users(second.db)).toEqual([{ n: 0 }]);
  });
});
