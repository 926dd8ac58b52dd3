import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { run } from "./sessions-end-all";
import { migratedDataDir } from "../../testing/migrated-data-dir";
import { capture } from "../../testing/operator-io";

let dataDir: string;
let env: Record<string, string>;

async function sessionsByReason(): Promise<Record<string, number>> {
  const db = await openDatabase({ dataDir });
  try {
    const rows = await db.query<{ reason: string; n: number }>(
      `SELECT coalesce(revoked_reason, 'live') AS reason, count(*)::int AS n FROM auth.sessions
        GROUP BY 1 ORDER BY 1`,
    );
    return Object.fromEntries(rows.map((r) => [r.reason, r.n]));
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  dataDir = await migratedDataDir("pulse-sessions-end-all-");
  env = { DATA_DIR: dataDir, LOG_LEVEL: "silent" };
  const db = await openDatabase({ dataDir });
  await db.query(`WITH u AS (INSERT INTO auth.users (email) VALUES ('lee@acme.com'), ('kim@acme.com') RETURNING id)
    INSERT INTO auth.sessions (user_id, expires_at) SELECT id, now() + interval '1 day' FROM u, generate_series(1, 2)`);
  await db.query(`UPDATE auth.sessions SET revoked_at = now(), revoked_reason = 'signed_out'
    WHERE id = (SELECT min(id::text)::uuid FROM auth.sessions)`);
  await db.close();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("npm run sessions:end-all", () => {
  it("ends every live session of every user, leaving ended ones as they were", async () => {
    const { io, out } = capture();
    expect(await run([], env, io)).toBe(0);
    expect(out).toEqual(["Ended 3 sessions: everyone signs in again."]);
    expect(await sessionsByReason()).toEqual({ operator_ended_all: 3, signed_out: 1 });
  });

  it("says so when there is nothing to end", async () => {
    const { io, out } = capture();
    expect(await run([], env, io)).toBe(0);
    expect(out).toEqual(["No active session."]);
  });

  it("takes no arguments", async () => {
    const { io, err } = capture();
    expect(await run(["lee@acme.com"], env, io)).toBe(2);
    expect(err).toEqual(["Usage: npm run sessions:end-all"]);
  });
});
