import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { openDatabase, type Database } from "../db/client";
import { createDirectSession } from "../../testing/direct-session";
import { migratedDataDir } from "../../testing/migrated-data-dir";
import { capture } from "../../testing/operator-io";
import { runOperatorCommand } from "../../testing/operator-process";
import {
  createScratchPostgresDatabase,
  postgresServerUrl,
  type ScratchPostgresDatabase,
} from "../../testing/test-database";
import { run } from "./user-delete";

// The database the command opens: a scratch one on TEST_DATABASE_URL's server, else the embedded one in DATA_DIR.
let dataDir: string;
let scratch: ScratchPostgresDatabase | undefined;
let env: Record<string, string>;

async function withDatabase<T>(use: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
  try {
    return await use(db);
  } finally {
    await db.close();
  }
}

const accounts = () =>
  withDatabase(async (db) =>
    (await db.query<{ email: string }>("SELECT email FROM auth.users ORDER BY email")).map((r) => r.email),
  );

beforeAll(async () => {
  const serverUrl = postgresServerUrl();
  // On PostgreSQL, DATA_DIR holds only the secrets; otherwise the embedded database the command opens.
  dataDir = serverUrl
    ? mkdtempSync(path.join(tmpdir(), "pulse-user-delete-"))
    : await migratedDataDir("pulse-user-delete-");
  if (serverUrl) scratch = await createScratchPostgresDatabase(serverUrl, "pulse_user_delete");
  env = { DATA_DIR: dataDir, LOG_LEVEL: "silent", ...(scratch ? { DATABASE_URL: scratch.databaseUrl } : {}) };
  const config = loadConfig({ ...env, COMPANY_DOMAIN: "acme.com" });
  await withDatabase(async (db) => {
    const lee = await createDirectSession(db, config, "lee@acme.com");
    await createDirectSession(db, config, "lee@acme.com");
    await createDirectSession(db, config, "kim@acme.com");
    await createDirectSession(db, config, "mo@acme.com");
    await db.query("INSERT INTO pulse.connectors (user_id, type, is_active) VALUES ($1, 'asana', true)", [
      lee.user.id,
    ]);
    await db.query("INSERT INTO pulse.projects (name, created_by) VALUES ('Q3 launch', $1)", [lee.user.id]);
    await db.query(
      `INSERT INTO pulse.contact_submissions (first_name, last_name, email, reason, resume_original_name,
         resume_stored_name, resume_type, resume_size, resume_bytes)
       VALUES ('Lee', 'Park', 'lee@acme.com', 'Careers', 'cv.pdf', 'x.pdf', 'application/pdf', 3, '\\x255044')`,
    );
  });
});
afterAll(async () => {
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`npm run user:delete (${postgresServerUrl() ? "PostgreSQL" : "embedded database"})`, () => {
  it("erases one address's account and submissions, keeps its PulseMap for the company, says what it did", async () => {
    const { io, out, err } = capture();
    expect(await run(["Lee@acme.com"], env, io)).toBe(0);
    expect(err).toEqual([]);
    expect(out.join("\n")).toBe(
      [
        "Deleted what Pulse held about Lee@acme.com:",
        "  1 account (2 live sessions ended, 1 connector)",
        "  discoveries: 0 links to what their accounts reported removed, 0 that nobody else reported deleted, the address taken out of 0 items' participants",
        "  1 PulseMap kept as the company's, without its creator",
        "  1 contact submission (1 résumé) deleted",
      ].join("\n"),
    );
    expect(await accounts()).toEqual(["kim@acme.com", "mo@acme.com"]);
    expect(
      await withDatabase((db) =>
        db.query(
          "SELECT name, created_by FROM pulse.projects UNION ALL SELECT email, NULL FROM pulse.contact_submissions",
        ),
      ),
    ).toEqual([{ name: "Q3 launch", created_by: null }]);
  });

  it("says so when it finds nothing", async () => {
    const { io, out } = capture();
    expect(await run(["lee@acme.com"], env, io)).toBe(0);
    expect(out).toEqual(["Pulse holds nothing about lee@acme.com."]);
  });

  it("needs exactly one e-mail address, and touches nothing otherwise", async () => {
    for (const argv of [[], ["not-an-email"], ["kim@acme.com", "mo@acme.com"]]) {
      const { io, err } = capture();
      expect(await run(argv, env, io)).toBe(2);
      expect(err.join("\n")).toMatch(/Usage: npm run user:delete -- <email>|is not an e-mail address/);
    }
    expect(await accounts()).toEqual(["kim@acme.com", "mo@acme.com"]);
  });

  it("runs as npm run user:delete does, from the server bundle", async () => {
    const ran = await runOperatorCommand("user-delete", ["kim@acme.com"], env);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toContain("Deleted what Pulse held about kim@acme.com:");
    expect(await accounts()).toEqual(["mo@acme.com"]);
  });
});
