import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client";
import { ManualTimers } from "../../testing/manual-timers";
import { openTestDatabase } from "../../testing/test-database";
import { CONTACT_RETENTION_LOCK, ContactRetention } from "./retention";

/** The contact purge across instances on one PostgreSQL database: one instance at a time does the work. */
const DAY = 24 * 60 * 60 * 1000;
const timers = new ManualTimers();
let opened: Awaited<ReturnType<typeof openTestDatabase>>;
let other: Database;

const retentionOn = (db: Database) =>
  new ContactRetention(db, pino({ level: "silent" }), { retentionMs: 30 * DAY, timers });

beforeAll(async () => {
  opened = await openTestDatabase();
  other = await openDatabase({ databaseUrl: opened.databaseUrl });
});
afterAll(async () => {
  await other?.close();
  await opened?.drop();
});

describe("the contact retention purge on PostgreSQL", () => {
  it("skips a pass while another instance holds the purge, and does it once that one is done", async () => {
    await opened.db.query(
      `INSERT INTO pulse.contact_submissions (first_name, last_name, email, reason, created_at)
       VALUES ('Old', 'Test', 'old@example.com', 'Careers', $1)`,
      [new Date(timers.now() - 40 * DAY).toISOString()],
    );
    // Another instance in the middle of its pass: it holds the transaction-level lock.
    const busy = new pg.Client({ connectionString: opened.databaseUrl });
    await busy.connect();
    try {
      await busy.query("BEGIN");
      await busy.query("SELECT pg_advisory_xact_lock($1::bigint)", [CONTACT_RETENTION_LOCK]);
      expect(await retentionOn(opened.db).purge()).toBe("skipped");
      expect(await retentionOn(other).purge()).toBe("skipped");
      await busy.query("COMMIT");
    } finally {
      await busy.end();
    }
    expect(await retentionOn(opened.db).purge()).toEqual({ purged: 1, resumes: 0 });
    expect(await retentionOn(other).purge()).toEqual({ purged: 0, resumes: 0 });
  });
});
