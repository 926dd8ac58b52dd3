import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { BackupError, backupEmbeddedDatabase, readBackup, restoreEmbeddedDatabase } from "./backup";
import { openDatabase } from "./client";
import { DataDirLockedError } from "./data-dir-lock";
import { migrationFiles, migrationsAppliedOnOpen } from "./migrate";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "pulse-backup-"));
  dirs.push(dir);
  return dir;
}

let source: string;
let work: string;
let backupFile: string;
const SNAPSHOT = `SELECT u.email, c.first_name, c.resume_bytes
  FROM auth.users u CROSS JOIN pulse.contact_submissions c ORDER BY u.email, c.first_name`;
let before: unknown[];

beforeAll(async () => {
  source = tempDir();
  work = tempDir();
  // The secrets a development server generates into DATA_DIR.
  loadConfig({ NODE_ENV: "test", DATA_DIR: source });
  const db = await openDatabase({ dataDir: source });
  await db.query("INSERT INTO auth.users (email) VALUES ('ann@acme.com'), ('bob@acme.com')");
  await db.query(
    `INSERT INTO pulse.contact_submissions (first_name, last_name, email, reason, message, resume_bytes, client_ip)
     VALUES ('Ada', 'Lovelace', 'ada@example.com', 'Careers', 'Hello', $1, '203.0.113.7')`,
    [Buffer.from("%PDF-1.4 résumé")],
  );
  before = await db.query(SNAPSHOT);
  await db.close();
  backupFile = path.join(work, "pulse.backup");
  await backupEmbeddedDatabase(source, backupFile);
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("backupEmbeddedDatabase and restoreEmbeddedDatabase", { timeout: 60_000 }, () => {
  it("write one file, readable by its owner only, that tar lists and that restores into an empty DATA_DIR", async () => {
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    expect(execFileSync("tar", ["-tf", backupFile], { encoding: "utf8" }).trim().split("\n")).toEqual([
      "pulse-backup.json",
      "pglite.tar.gz",
      "jwt-secret",
      "workflow-secret",
    ]);
    const { manifest } = await readBackup(backupFile);
    expect(manifest.migrations).toEqual(migrationFiles());
    expect(manifest.postgres).toMatch(/^PostgreSQL \d+/);

    const target = path.join(tempDir(), "data");
    expect(await restoreEmbeddedDatabase(target, backupFile)).toEqual({
      migrations: migrationFiles(),
      restoredSecrets: ["jwt-secret", "workflow-secret"],
      keptDifferentSecrets: [],
      jwtSecretMissing: false,
    });
    for (const name of ["jwt-secret", "workflow-secret"]) {
      expect(readFileSync(path.join(target, name), "utf8")).toBe(
        readFileSync(path.join(source, name), "utf8"),
      );
      expect(statSync(path.join(target, name)).mode & 0o777).toBe(0o600);
    }
    // No staging folder or lock left behind.
    expect(readdirSync(target).sort()).toEqual(["jwt-secret", "pglite", "workflow-secret"]);
    const db = await openDatabase({ dataDir: target });
    try {
      expect(migrationsAppliedOnOpen(db)).toEqual([]);
      expect(await db.query(SNAPSHOT)).toEqual(before);
    } finally {
      await db.close();
    }
  });

  it("refuses to overwrite a file unless forced, and leaves no temporary file", async () => {
    const target = path.join(tempDir(), "existing.backup");
    writeFileSync(target, "keep me");
    await expect(backupEmbeddedDatabase(source, target)).rejects.toThrow(
      new BackupError(`${target} already exists; pass --force to overwrite it`),
    );
    expect(readFileSync(target, "utf8")).toBe("keep me");
    await backupEmbeddedDatabase(source, target, { force: true });
    expect((await readBackup(target)).manifest.migrations).toEqual(migrationFiles());
    expect(readdirSync(path.dirname(target))).toEqual(["existing.backup"]);
  });

  it("refuse while a server holds DATA_DIR", async () => {
    const server = await openDatabase({ dataDir: source });
    const emptyTarget = tempDir();
    try {
      await expect(backupEmbeddedDatabase(source, path.join(tempDir(), "b"))).rejects.toThrow(
        DataDirLockedError,
      );
      const held = await openDatabase({ dataDir: emptyTarget });
      try {
        await expect(restoreEmbeddedDatabase(emptyTarget, backupFile)).rejects.toThrow(DataDirLockedError);
      } finally {
        await held.close();
      }
    } finally {
      await server.close();
    }
  });

  it("refuses a DATA_DIR with no database, without creating one there", async () => {
    const empty = tempDir();
    await expect(backupEmbeddedDatabase(empty, path.join(tempDir(), "b"))).rejects.toThrow(
      new BackupError(`there is no embedded database in ${empty} (check DATA_DIR)`),
    );
    expect(readdirSync(empty)).toEqual([]);
  });

  it("refuses to restore into a DATA_DIR that holds a database, which stays as it was", async () => {
    await expect(restoreEmbeddedDatabase(source, backupFile)).rejects.toThrow(/already holds a database/);
    const db = await openDatabase({ dataDir: source });
    try {
      expect(await db.query(SNAPSHOT)).toEqual(before);
    } finally {
      await db.close();
    }
  });

  it("refuses a file that is not a backup, or a damaged one, and leaves no half database", async () => {
    const target = tempDir();
    const notBackup = path.join(tempDir(), "notes.txt");
    writeFileSync(notBackup, "x".repeat(2000));
    await expect(restoreEmbeddedDatabase(target, notBackup)).rejects.toThrow(/is not a Pulse backup/);

    const damaged = path.join(tempDir(), "damaged.backup");
    const bytes = readFileSync(backupFile);
    // A byte in the middle of the database part (the manifest comes first and is small).
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = bytes[middle]! ^ 0xff;
    writeFileSync(damaged, bytes);
    await expect(restoreEmbeddedDatabase(target, damaged)).rejects.toThrow(
      /is damaged: the database part does not match its digest/,
    );

    // Whole by its digest, but not a database PGlite can load: another tool (tar itself) wrote this one.
    const parts = tempDir();
    execFileSync("tar", ["-xf", backupFile, "-C", parts]);
    const garbage = gzipSync(Buffer.from("not a data directory"));
    writeFileSync(path.join(parts, "pglite.tar.gz"), garbage);
    const manifest = JSON.parse(readFileSync(path.join(parts, "pulse-backup.json"), "utf8")) as Record<
      string,
      unknown
    >;
    manifest.databaseSha256 = createHash("sha256").update(garbage).digest("hex");
    writeFileSync(path.join(parts, "pulse-backup.json"), JSON.stringify(manifest));
    const unloadable = path.join(tempDir(), "unloadable.backup");
    execFileSync("tar", [
      "-cf",
      unloadable,
      "-C",
      parts,
      "pulse-backup.json",
      "pglite.tar.gz",
      "jwt-secret",
      "workflow-secret",
    ]);
    await expect(restoreEmbeddedDatabase(target, unloadable)).rejects.toThrow(
      /^the database in .* could not be restored: /,
    );

    expect(readdirSync(target)).toEqual([]);
  });

  it("keeps a secret DATA_DIR already has and reports that it differs from the backup's", async () => {
    const target = tempDir();
    writeFileSync(path.join(target, "jwt-secret"), "another-secret\n");
    const result = await restoreEmbeddedDatabase(target, backupFile);
    expect(result.restoredSecrets).toEqual(["workflow-secret"]);
    expect(result.keptDifferentSecrets).toEqual(["jwt-secret"]);
    expect(readFileSync(path.join(target, "jwt-secret"), "utf8")).toBe("another-secret\n");
    expect(existsSync(path.join(target, "pglite", "PG_VERSION"))).toBe(true);
  });
});
