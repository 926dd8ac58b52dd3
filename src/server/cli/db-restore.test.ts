import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupEmbeddedDatabase } from "../db/backup";
import { openDatabase } from "../db/client";
import { reachableByOthers } from "../db/data-dir-access";
import { migrationFiles } from "../db/migrate";
import { run, POSTGRES_RESTORE_ADVICE } from "./db-restore";
import { migratedDataDir } from "../../testing/migrated-data-dir";
import { capture } from "../../testing/operator-io";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "pulse-db-restore-"));
  dirs.push(dir);
  return dir;
}
const JWT = "a-development-jwt-secret-of-enough-length\n";
const BACKUP_KEY = "a-test-backup-key-of-more-than-32-characters";
let source: string;
let file: string;
beforeAll(async () => {
  source = await migratedDataDir("pulse-db-restore-");
  dirs.push(source);
  writeFileSync(path.join(source, "jwt-secret"), JWT);
  writeFileSync(path.join(source, "workflow-secret"), "whsec_c2VjcmV0\n");
  file = path.join(tempDir(), "pulse.backup");
  await backupEmbeddedDatabase(source, file, { key: BACKUP_KEY });
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("npm run db:restore", { timeout: 60_000 }, () => {
  it("restores into an empty DATA_DIR with the backup's secrets, in one line", async () => {
    const dataDir = path.join(tempDir(), "new");
    const { io, out, err } = capture();
    expect(await run([file], { DATA_DIR: dataDir, BACKUP_KEY }, io)).toBe(0);
    expect(err).toEqual([]);
    expect(out).toEqual([
      `restored the embedded database (${migrationFiles().length} migrations) into ${dataDir} with jwt-secret and workflow-secret`,
    ]);
    expect(readFileSync(path.join(dataDir, "jwt-secret"), "utf8")).toBe(JWT);
    expect(reachableByOthers(dataDir)).toEqual([]);
  });

  it("refuses without a key, or with another one, in one line, and writes nothing", async () => {
    const dataDir = path.join(tempDir(), "new");
    const none = capture();
    expect(await run([file], { DATA_DIR: dataDir }, none.io)).toBe(1);
    expect(none.err).toEqual([
      "db:restore: set BACKUP_KEY (32+ random characters: openssl rand -base64 32) or BACKUP_KEY_FILE " +
        "(a file holding one): backups are encrypted with it; keep it apart from them",
    ]);
    const wrong = capture();
    expect(
      await run(
        [file],
        { DATA_DIR: dataDir, BACKUP_KEY: "another-key-of-more-than-32-characters" },
        wrong.io,
      ),
    ).toBe(1);
    expect(wrong.out).toEqual([]);
    expect(wrong.err).toEqual([
      `db:restore: ${file} does not authenticate: it was changed since it was written, or it was not made with ` +
        "this key (a backup opens only with the backup key of its date)",
    ]);
    expect(existsSync(dataDir)).toBe(false);
  });

  it("refuses a DATA_DIR that already holds a database", async () => {
    const { io, out, err } = capture();
    expect(await run([file], { DATA_DIR: source, BACKUP_KEY }, io)).toBe(1);
    expect(out).toEqual([]);
    expect(err).toEqual([
      `db:restore: ${source} already holds a database; restore into an empty DATA_DIR (or move ${source}/pglite away first)`,
    ]);
  });

  it("refuses in one line while a server holds DATA_DIR", async () => {
    const dataDir = await migratedDataDir("pulse-db-restore-");
    dirs.push(dataDir);
    const server = await openDatabase({ dataDir });
    try {
      const { io, err } = capture();
      expect(await run([file], { DATA_DIR: dataDir, BACKUP_KEY }, io)).toBe(1);
      expect(err).toEqual([
        `db:restore: ${dataDir} is in use by a running Pulse server; stop it, then restore into an empty DATA_DIR ` +
          "(the embedded database opens in one process at a time)",
      ]);
    } finally {
      await server.close();
    }
  });

  it("warns when DATA_DIR keeps a JWT secret other than the backup's", async () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, "jwt-secret"), "another-secret-of-enough-length-000000\n");
    const { io, out, err } = capture();
    expect(await run([file], { DATA_DIR: dataDir, BACKUP_KEY }, io)).toBe(0);
    expect(out).toEqual([
      `restored the embedded database (${migrationFiles().length} migrations) into ${dataDir} with workflow-secret`,
    ]);
    expect(err).toEqual([
      `db:restore: warning: kept ${dataDir}/jwt-secret, which differs from the backup's; with it the restored ` +
        "sessions and Google refresh tokens are void (replace it with the backup's to keep them)",
    ]);
  });

  it("refuses with DATABASE_URL set, pointing to pg_restore and JWT_SECRET", async () => {
    const dataDir = tempDir();
    const { io, err } = capture();
    expect(
      await run([file], { DATABASE_URL: "postgres://pulse@127.0.0.1/pulse", DATA_DIR: dataDir }, io),
    ).toBe(1);
    expect(err).toEqual([`db:restore: ${POSTGRES_RESTORE_ADVICE}`]);
    expect(err[0]).toMatch(/pg_restore .*JWT_SECRET kept beside the dump/);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it("refuses a missing file and needs exactly one", async () => {
    const dataDir = tempDir();
    const missing = capture();
    expect(await run([path.join(dataDir, "nope")], { DATA_DIR: dataDir, BACKUP_KEY }, missing.io)).toBe(1);
    expect(missing.err).toEqual([`db:restore: ${path.join(dataDir, "nope")} does not exist`]);
    for (const argv of [[], [file, file]]) {
      const { io, err } = capture();
      expect(await run(argv, { DATA_DIR: dataDir, BACKUP_KEY }, io)).toBe(2);
      expect(err.join("\n")).toContain("Usage: npm run db:restore -- <file>");
    }
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
