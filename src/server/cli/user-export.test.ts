import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import type { PersonalDataExport } from "../privacy/personal-data";
import { createDirectSession } from "../../testing/direct-session";
import { migratedDataDir } from "../../testing/migrated-data-dir";
import { capture } from "../../testing/operator-io";
import { runOperatorCommand } from "../../testing/operator-process";
import {
  createScratchPostgresDatabase,
  postgresServerUrl,
  type ScratchPostgresDatabase,
} from "../../testing/test-database";
import { run } from "./user-export";

// The database the command opens: a scratch one on TEST_DATABASE_URL's server, else the embedded one in DATA_DIR.
let dataDir: string;
let scratch: ScratchPostgresDatabase | undefined;
let env: Record<string, string>;

beforeAll(async () => {
  const serverUrl = postgresServerUrl();
  // On PostgreSQL, DATA_DIR holds only the secrets; otherwise the embedded database the command opens.
  dataDir = serverUrl
    ? mkdtempSync(path.join(tmpdir(), "pulse-user-export-"))
    : await migratedDataDir("pulse-user-export-");
  if (serverUrl) scratch = await createScratchPostgresDatabase(serverUrl, "pulse_user_export");
  env = { DATA_DIR: dataDir, LOG_LEVEL: "silent", ...(scratch ? { DATABASE_URL: scratch.databaseUrl } : {}) };
  const config = loadConfig({ ...env, COMPANY_DOMAIN: "acme.com" });
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir });
  try {
    await createDirectSession(db, config, "lee@acme.com");
    await createDirectSession(db, config, "kim@acme.com");
    await db.query(
      `INSERT INTO pulse.contact_submissions (first_name, last_name, email, reason)
       VALUES ('Lee', 'Park', 'lee@acme.com', 'Something else'), ('Ann', 'Lu', 'ann@elsewhere.com', 'Careers')`,
    );
  } finally {
    await db.close();
  }
});
afterAll(async () => {
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`npm run user:export (${postgresServerUrl() ? "PostgreSQL" : "embedded database"})`, () => {
  it("writes everything held about one address as JSON on stdout, and nothing else there", async () => {
    const { io, out, err } = capture();
    expect(await run(["LEE@acme.com"], env, io)).toBe(0);
    expect(err).toEqual([]);
    const data = JSON.parse(out.join("\n")) as PersonalDataExport;
    expect(data.accounts.map((a) => a.profile.email)).toEqual(["lee@acme.com"]);
    expect(data.accounts[0]!.sessions).toHaveLength(1);
    expect(data.contactSubmissions.map((s) => s.email)).toEqual(["lee@acme.com"]);
    expect(out.join("\n")).not.toContain("kim@acme.com");
  });

  it("covers someone who only wrote through the contact form, and says on stderr when it finds nothing", async () => {
    const ann = capture();
    expect(await run(["ann@elsewhere.com"], env, ann.io)).toBe(0);
    expect(JSON.parse(ann.out.join("\n"))).toMatchObject({
      accounts: [],
      contactSubmissions: [{ firstName: "Ann", reason: "Careers" }],
    });

    const nobody = capture();
    expect(await run(["nobody@acme.com"], env, nobody.io)).toBe(0);
    expect(JSON.parse(nobody.out.join("\n"))).toMatchObject({ accounts: [], contactSubmissions: [] });
    expect(nobody.err).toEqual(["user:export: Pulse holds nothing about nobody@acme.com."]);
  });

  it("needs exactly one e-mail address", async () => {
    for (const argv of [[], ["not-an-email"], ["a@acme.com", "b@acme.com"]]) {
      const { io, out, err } = capture();
      expect(await run(argv, env, io)).toBe(2);
      expect(out).toEqual([]);
      expect(err.join("\n")).toMatch(/Usage: npm run user:export -- <email>|is not an e-mail address/);
    }
  });

  it("runs as npm run user:export does, from the server bundle", async () => {
    const ran = await runOperatorCommand("user-export", ["kim@acme.com"], env);
    expect(ran.code, ran.stderr).toBe(0);
    const data = JSON.parse(ran.stdout) as PersonalDataExport;
    expect(data.accounts.map((a) => a.profile.email)).toEqual(["kim@acme.com"]);
  });
});
