import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { run } from "./sessions-revoke";
import { migratedDataDir } from "../../testing/migrated-data-dir";
import { capture } from "../../testing/operator-io";

let dataDir: string;
let env: Record<string, string>;

async function activeSessions(): Promise<Record<string, number>> {
  const db = await openDatabase({ dataDir });
  try {
    const rows = await db.query<{ email: string; n: number }>(
      `SELECT u.email, count(*)::int AS n FROM auth.sessions s JOIN auth.users u ON u.id = s.user_id
        WHERE s.revoked_at IS NULL GROUP BY u.email ORDER BY u.email`,
    );
    return Object.fromEntries(rows.map((r) => [r.email, r.n]));
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  dataDir = await migratedDataDir("pulse-sessions-revoke-");
  env = { DATA_DIR: dataDir, LOG_LEVEL: "silent" };
  const db = await openDatabase({ dataDir });
  await db.query(`WITH u AS (INSERT INTO auth.users (email) VALUES ('lee@acme.com'), ('kim@acme.com') RETURNING id)
    INSERT INTO auth.sessions (user_id, expires_at) SELECT id, now() + interval '1 day' FROM u, generate_series(1, 2)`);
  await db.close();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("npm run sessions:revoke", () => {
  it("ends every session of that e-mail and no other", async () => {
    const { io, out } = capture();
    expect(await run(["Lee@acme.com"], env, io)).toBe(0);
    expect(out).toEqual(["Ended 2 sessions of Lee@acme.com."]);
    expect(await activeSessions()).toEqual({ "kim@acme.com": 2 });
  });

  it("says so when there is nothing to end", async () => {
    const { io, out } = capture();
    expect(await run(["lee@acme.com"], env, io)).toBe(0);
    expect(out).toEqual(["No active session for lee@acme.com."]);
  });

  it("needs exactly one e-mail address", async () => {
    for (const argv of [[], ["not-an-email"], ["a@acme.com", "b@acme.com"]]) {
      const { io, err } = capture();
      expect(await run(argv, env, io)).toBe(2);
      expect(err.join("\n")).toMatch(/Usage: npm run sessions:revoke -- <email>|is not an e-mail address/);
    }
    expect(await activeSessions()).toEqual({ "kim@acme.com": 2 });
  });
});
