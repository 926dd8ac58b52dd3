import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { samplePdf } from "../../testing/contact-files";
import { ManualTimers } from "../../testing/manual-timers";
import { createTestApp, type TestApp } from "../../testing/test-app";

/**
 * CONTACT_RETENTION_DAYS (issue 37 item 12): the server deletes contact submissions, résumés included, once they are
 * older than the retention period, on its own clock (a manual one here), on PGlite and on PostgreSQL.
 */
const DAY = 24 * 60 * 60 * 1000;
const timers = new ManualTimers();
let t: TestApp;

async function submission(name: string, ageMs: number, withResume = false): Promise<void> {
  await t.db.query(
    `INSERT INTO pulse.contact_submissions (first_name, last_name, email, reason, resume_original_name,
       resume_stored_name, resume_type, resume_size, resume_bytes, created_at)
     VALUES ($1, 'Test', $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      name,
      `${name.toLowerCase()}@example.com`,
      withResume ? "Careers" : "Something else",
      withResume ? "cv.pdf" : null,
      withResume ? `${name}.pdf` : null,
      withResume ? "application/pdf" : null,
      withResume ? samplePdf().length : null,
      withResume ? samplePdf() : null,
      new Date(timers.now() - ageMs).toISOString(),
    ],
  );
}

const kept = async () =>
  (
    await t.db.query<{ first_name: string }>(
      "SELECT first_name FROM pulse.contact_submissions ORDER BY created_at",
    )
  ).map((row) => row.first_name);

/** Moves the clock on and waits for the purge that fell due, if any. */
async function pass(ms: number): Promise<void> {
  timers.advance(ms);
  await t.app.contactRetention.settled();
}

beforeAll(async () => {
  t = await createTestApp({ env: { CONTACT_RETENTION_DAYS: "30" }, timers });
});
afterAll(async () => {
  await t.close();
});

describe("contact submissions past CONTACT_RETENTION_DAYS", () => {
  it("are deleted, résumés with them, soon after the server starts and every hour after", async () => {
    await submission("Old", 40 * DAY, true);
    await submission("Older", 400 * DAY);
    await submission("Recent", 29 * DAY, true);
    await submission("New", 0);
    expect(await kept()).toEqual(["Older", "Old", "Recent", "New"]);

    // Not on the start-up path: the first pass comes a minute after the server is ready.
    await pass(59_000);
    expect(await kept()).toHaveLength(4);
    await pass(1_000);
    expect(await kept()).toEqual(["Recent", "New"]);
    expect(
      await t.db.query(
        "SELECT count(*)::int AS n FROM pulse.contact_submissions WHERE resume_bytes IS NOT NULL",
      ),
    ).toEqual([{ n: 1 }]);

    // A day and an hour later "Recent" is 30 days and an hour old: the next hourly pass deletes it.
    await pass(DAY);
    expect(await kept()).toEqual(["Recent", "New"]);
    await pass(60 * 60 * 1000);
    expect(await kept()).toEqual(["New"]);
  });

  it("says what one pass deleted", async () => {
    await submission("Stale", 31 * DAY, true);
    expect(await t.app.contactRetention.purge()).toEqual({ purged: 1, resumes: 1 });
    expect(await t.app.contactRetention.purge()).toEqual({ purged: 0, resumes: 0 });
    expect(await kept()).toEqual(["New"]);
  });
});
