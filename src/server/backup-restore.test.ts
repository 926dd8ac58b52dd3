import type { FastifyInstance, InjectOptions } from "fastify";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CandidatesPage, CreateProjectResponse, ProjectsList } from "@shared/streams";
import { buildApp } from "./app";
import { decrypt, deriveKey } from "./auth/crypto";
import { loadConfig, type Config } from "./config";
import { openDatabase, type Database } from "./db/client";
import { reachableByOthers } from "./db/data-dir-access";
import { migrationFiles } from "./db/migrate";
import { signInThroughDevProvider, withRefreshCookie, type TestSession } from "../testing/auth-test-driver";
import { solvedAltchaToken } from "../testing/captcha";
import { samplePdf } from "../testing/contact-files";
import { migratedDataDir } from "../testing/migrated-data-dir";
import { runOperatorCommand } from "../testing/operator-process";
import { startPulse } from "../testing/pulse-process";
import { postSignedEvent } from "../testing/signed-event";

/**
 * Issue 22 item 6: the embedded database's backup and restore, end to end — data made through the real app on a
 * real DATA_DIR, `npm run db:backup` and `npm run db:restore` run as the processes an operator runs, then the
 * same rows, and the same session, on an app opened on the restored DATA_DIR.
 */
const dirs: string[] = [];
function tempDir(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `pulse-${name}-`));
  dirs.push(dir);
  return dir;
}

let source: string;
const restored = path.join(tempDir("backup-target"), "data");
const backupFile = path.join(tempDir("backup-file"), "pulse.backup");
const env = { NODE_ENV: "test", COMPANY_DOMAIN: "acme.com", LOG_LEVEL: "silent" };
const BACKUP_KEY = "a-test-backup-key-of-more-than-32-characters";

async function openApp(dataDir: string): Promise<{ app: FastifyInstance; db: Database; config: Config }> {
  const config: Config = { ...loadConfig({ ...env, DATA_DIR: dataDir }), webDir: undefined };
  const db = await openDatabase({ dataDir });
  const app = await buildApp(config, { db, logger: false });
  await app.ready();
  return { app, db, config };
}

const SUBMISSIONS = `SELECT id, first_name, last_name, email, company, reason, message, resume_original_name,
  resume_type, resume_size, resume_bytes, client_ip, user_agent, created_at FROM pulse.contact_submissions ORDER BY id`;
const USERS = "SELECT id, email, name FROM auth.users ORDER BY id";
const SESSIONS = "SELECT id, user_id, expires_at, revoked_at FROM auth.sessions ORDER BY id";

let ann: TestSession;
let sourceConfig: Config;
let pulseMapId: string;
let before: { users: unknown[]; sessions: unknown[]; submissions: unknown[]; googleToken: string };

beforeAll(async () => {
  source = await migratedDataDir("pulse-backup-source-");
  dirs.push(source);
  const { app, db, config } = await openApp(source);
  sourceConfig = config;
  try {
    ann = await signInThroughDevProvider(app, "ann@acme.com");
    const bearer = { authorization: `Bearer ${ann.access_token}` };

    // A PulseMap, from a Stream the workflow service reported for Ann.
    const event = await postSignedEvent(app, {
      type: "streams.discovered",
      external_user_id: ann.user.id,
      items: [
        {
          raw_name: "Website relaunch",
          source_app: "jira",
          external_id: "JIRA-1",
          seen_at: "2026-01-05T10:00:00Z",
        },
      ],
    });
    expect(event.statusCode, event.body).toBe(200);
    const candidates = (
      await app.inject({ url: "/api/streams/candidates", headers: bearer })
    ).json<CandidatesPage>();
    const created = await app.inject({
      method: "POST",
      url: "/api/projects",
      headers: bearer,
      payload: { alias_id: candidates.candidates[0]!.alias_id },
    });
    expect(created.statusCode, created.body).toBe(201);
    pulseMapId = created.json<CreateProjectResponse>().project.id;

    // A contact submission with a resume, through the form's endpoint.
    const form = new FormData();
    for (const [k, v] of Object.entries({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      company: "Analytical Engines Ltd",
      dropdown: "Careers",
      message: "I would like to join.",
      "g-recaptcha-response": await solvedAltchaToken(app),
    }))
      form.append(k, v);
    form.append("resume", new Blob([new Uint8Array(samplePdf())], { type: "application/pdf" }), "Ada CV.pdf");
    const request = new Request("http://localhost/api/contact", { method: "POST", body: form });
    const contact: InjectOptions = {
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": request.headers.get("content-type")!, "user-agent": "vitest" },
      payload: Buffer.from(await request.arrayBuffer()),
    };
    const sent = await app.inject(contact);
    expect(sent.statusCode, sent.body).toBe(200);

    const [identity] = await db.query<{ t: string }>(
      "SELECT refresh_token_encrypted AS t FROM auth.identities WHERE refresh_token_encrypted IS NOT NULL",
    );
    before = {
      users: await db.query(USERS),
      sessions: await db.query(SESSIONS),
      submissions: await db.query(SUBMISSIONS),
      googleToken: identity!.t,
    };
    expect(before.submissions).toHaveLength(1);
  } finally {
    await app.close();
    await db.close();
  }
}, 120_000);

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("backing up and restoring the embedded database", { timeout: 180_000 }, () => {
  it("refuses the backup while the server runs, in one line, and writes nothing", async () => {
    const server = await startPulse({ env: { DATA_DIR: source } });
    try {
      const refused = await runOperatorCommand("db-backup", [backupFile], { DATA_DIR: source, BACKUP_KEY });
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe("");
      expect(refused.stderr).toBe(
        `db:backup: ${source} is in use by a running Pulse server; stop it, then run db:backup again ` +
          "(the embedded database opens in one process at a time)\n",
      );
      expect(readdirSync(path.dirname(backupFile))).toEqual([]);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it("round-trips users, sessions, PulseMaps and contact submissions; the session still signs in", async () => {
    const backup = await runOperatorCommand("db-backup", [backupFile], { DATA_DIR: source, BACKUP_KEY });
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(
      new RegExp(
        `^backed up the embedded database in ${source} \\(${migrationFiles().length} migrations\\) with jwt-secret and workflow-secret to ${backupFile} \\(\\d+ bytes, encrypted with BACKUP_KEY\\)\\n$`,
      ),
    );

    // Another key opens nothing and writes nothing.
    const wrongKey = await runOperatorCommand("db-restore", [backupFile], {
      DATA_DIR: restored,
      BACKUP_KEY: "another-key-of-more-than-32-characters",
    });
    expect(wrongKey).toEqual({
      code: 1,
      stdout: "",
      stderr:
        `db:restore: ${backupFile} does not authenticate: it was changed since it was written, or it was not made ` +
        "with this key (a backup opens only with the backup key of its date)\n",
    });
    expect(existsSync(restored)).toBe(false);

    const restore = await runOperatorCommand("db-restore", [backupFile], { DATA_DIR: restored, BACKUP_KEY });
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toBe(
      `restored the embedded database (${migrationFiles().length} migrations) into ${restored} with jwt-secret and workflow-secret\n`,
    );
    // Issue 37 item 1: nothing restored is open to another account.
    expect(reachableByOthers(restored)).toEqual([]);

    const { app, db, config } = await openApp(restored);
    try {
      expect(config.jwtSecret).toBe(sourceConfig.jwtSecret);
      expect(config.workflow.secret).toBe(sourceConfig.workflow.secret);
      expect(await db.query(USERS)).toEqual(before.users);
      expect(await db.query(SESSIONS)).toEqual(before.sessions);
      expect(await db.query(SUBMISSIONS)).toEqual(before.submissions);

      // The session made before the backup: its access token, then its refresh token.
      const bearer = { authorization: `Bearer ${ann.access_token}` };
      const me = await app.inject({ url: "/api/auth/user", headers: bearer });
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json<{ email: string }>().email).toBe("ann@acme.com");
      const maps = await app.inject({ url: "/api/projects", headers: bearer });
      expect(maps.statusCode).toBe(200);
      expect(maps.json<ProjectsList>().projects.map((p) => [p.id, p.name])).toEqual([
        [pulseMapId, "Website relaunch"],
      ]);
      const refreshed = await app.inject(withRefreshCookie(app, ann.refresh_token));
      expect(refreshed.statusCode, refreshed.body).toBe(200);

      // Google's refresh token, sealed with a key from the JWT secret, still opens.
      const [identity] = await db.query<{ t: string }>(
        "SELECT refresh_token_encrypted AS t FROM auth.identities WHERE refresh_token_encrypted IS NOT NULL",
      );
      const key = deriveKey(config.jwtSecret, "google-refresh-token");
      expect(identity!.t).toBe(before.googleToken);
      expect(decrypt(key, identity!.t)).toBe(
        decrypt(deriveKey(sourceConfig.jwtSecret, "google-refresh-token"), before.googleToken),
      );
    } finally {
      await app.close();
      await db.close();
    }
  });

  it("refuses to overwrite the backup, or to restore over a database, in one line each", async () => {
    const again = await runOperatorCommand("db-backup", [backupFile], { DATA_DIR: source, BACKUP_KEY });
    expect(again).toEqual({
      code: 1,
      stdout: "",
      stderr: `db:backup: ${backupFile} already exists; pass --force to overwrite it\n`,
    });
    const over = await runOperatorCommand("db-restore", [backupFile], { DATA_DIR: restored, BACKUP_KEY });
    expect(over).toEqual({
      code: 1,
      stdout: "",
      stderr: `db:restore: ${restored} already holds a database; restore into an empty DATA_DIR (or move ${restored}/pglite away first)\n`,
    });
  });

  it("refuses both with DATABASE_URL set, pointing to pg_dump and pg_restore", async () => {
    const databaseUrl = "postgres://pulse@127.0.0.1:1/pulse";
    const backup = await runOperatorCommand("db-backup", [backupFile + ".pg"], { DATABASE_URL: databaseUrl });
    expect(backup.code).toBe(1);
    expect(backup.stderr).toMatch(
      /^db:backup: DATABASE_URL is set: back up PostgreSQL with pg_dump .* keep JWT_SECRET beside the dump[^\n]*\n$/,
    );
    const restore = await runOperatorCommand("db-restore", [backupFile], { DATABASE_URL: databaseUrl });
    expect(restore.code).toBe(1);
    expect(restore.stderr).toMatch(
      /^db:restore: DATABASE_URL is set: restore PostgreSQL with pg_restore .*JWT_SECRET kept beside the dump\n$/,
    );
  });
});
