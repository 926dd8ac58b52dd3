import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readBackup } from "../db/backup";
import { BACKUP_KEY_SETTINGS } from "../db/backup-key";
import { openDatabase } from "../db/client";
import { migrationFiles } from "../db/migrate";
import { run, POSTGRES_BACKUP_ADVICE } from "./db-backup";
import { migratedDataDir } from "../../testing/migrated-data-dir";
import { capture } from "../../testing/operator-io";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "pulse-db-backup-"));
  dirs.push(dir);
  return dir;
}
const BACKUP_KEY = "a-test-backup-key-of-more-than-32-characters";
let dataDir: string;
let env: Record<string, string>;
beforeAll(async () => {
  dataDir = await migratedDataDir("pulse-db-backup-");
  dirs.push(dataDir);
  writeFileSync(path.join(dataDir, "jwt-secret"), "a-development-jwt-secret-of-enough-length\n");
  env = { DATA_DIR: dataDir, BACKUP_KEY };
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("npm run db:backup", { timeout: 60_000 }, () => {
  it("writes the backup and says what it holds in one line", async () => {
    const file = path.join(tempDir(), "pulse.backup");
    const { io, out, err } = capture();
    expect(await run([file], env, io)).toBe(0);
    expect(err).toEqual([]);
    expect(out).toEqual([
      `backed up the embedded database in ${dataDir} (${migrationFiles().length} migrations) with jwt-secret to ${file} (${readFileSync(file).length} bytes, encrypted with BACKUP_KEY)`,
    ]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await readBackup(file, BACKUP_KEY)).manifest.secrets).toEqual(["jwt-secret"]);
  });

  it("takes the key from BACKUP_KEY_FILE instead", async () => {
    const keyFile = path.join(tempDir(), "backup.key");
    writeFileSync(keyFile, `${BACKUP_KEY}\n`, { mode: 0o600 });
    const file = path.join(tempDir(), "pulse.backup");
    const { io, out, err } = capture();
    expect(await run([file], { DATA_DIR: dataDir, BACKUP_KEY_FILE: keyFile }, io)).toBe(0);
    expect(err).toEqual([]);
    expect(out[0]).toMatch(new RegExp(` bytes, encrypted with BACKUP_KEY_FILE \\(${keyFile}\\)\\)$`));
    expect((await readBackup(file, BACKUP_KEY)).manifest.migrations).toEqual(migrationFiles());
  });

  it("refuses without a usable key, in one line naming the setting, and writes nothing", async () => {
    const file = path.join(tempDir(), "pulse.backup");
    const cases: [Record<string, string>, string][] = [
      [
        {},
        "db:backup: set BACKUP_KEY (32+ random characters: openssl rand -base64 32) or BACKUP_KEY_FILE " +
          "(a file holding one): backups are encrypted with it; keep it apart from them",
      ],
      [
        { BACKUP_KEY: "too-short" },
        "db:backup: BACKUP_KEY must be at least 32 characters (openssl rand -base64 32)",
      ],
      [
        { BACKUP_KEY, BACKUP_KEY_FILE: "/etc/hostname" },
        "db:backup: set BACKUP_KEY or BACKUP_KEY_FILE, not both",
      ],
      [
        { BACKUP_KEY_FILE: path.join(dataDir, "nope.key") },
        `db:backup: BACKUP_KEY_FILE ${path.join(dataDir, "nope.key")} cannot be read (ENOENT)`,
      ],
    ];
    for (const [keyEnv, line] of cases) {
      const { io, out, err } = capture();
      expect(await run([file], { DATA_DIR: dataDir, ...keyEnv }, io)).toBe(1);
      expect(out).toEqual([]);
      expect(err).toEqual([line]);
    }
    expect(readdirSync(path.dirname(file))).toEqual([]);
  });

  it("reads settings that .env.example documents", () => {
    const example = readFileSync(".env.example", "utf8");
    for (const name of BACKUP_KEY_SETTINGS) expect(example).toMatch(new RegExp(`^# ${name}=`, "m"));
  });

  it("refuses to overwrite a file unless --force", async () => {
    const file = path.join(tempDir(), "pulse.backup");
    writeFileSync(file, "an older backup");
    const refused = capture();
    expect(await run([file], env, refused.io)).toBe(1);
    expect(refused.err).toEqual([`db:backup: ${file} already exists; pass --force to overwrite it`]);
    expect(readFileSync(file, "utf8")).toBe("an older backup");

    const forced = capture();
    expect(await run([file, "--force"], env, forced.io)).toBe(0);
    expect(readFileSync(file).subarray(0, 23).toString()).toBe('{"format":"pulse-backup');
    expect(readdirSync(path.dirname(file))).toEqual(["pulse.backup"]);
  });

  it("refuses in one line while a server holds DATA_DIR", async () => {
    const server = await openDatabase({ dataDir });
    try {
      const { io, out, err } = capture();
      const file = path.join(tempDir(), "pulse.backup");
      expect(await run([file], env, io)).toBe(1);
      expect(out).toEqual([]);
      expect(err).toEqual([
        `db:backup: ${dataDir} is in use by a running Pulse server; stop it, then run db:backup again ` +
          "(the embedded database opens in one process at a time)",
      ]);
      expect(readdirSync(path.dirname(file))).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it("refuses with DATABASE_URL set, pointing to pg_dump and JWT_SECRET", async () => {
    const { io, err } = capture();
    const file = path.join(tempDir(), "pulse.backup");
    expect(
      await run([file], { DATABASE_URL: "postgres://pulse@127.0.0.1/pulse", DATA_DIR: dataDir }, io),
    ).toBe(1);
    expect(err).toEqual([`db:backup: ${POSTGRES_BACKUP_ADVICE}`]);
    expect(err[0]).toMatch(/pg_dump .*keep JWT_SECRET beside the dump/);
    expect(readdirSync(path.dirname(file))).toEqual([]);
  });

  it("refuses a DATA_DIR without a database", async () => {
    const empty = tempDir();
    const { io, err } = capture();
    expect(await run([path.join(tempDir(), "b")], { DATA_DIR: empty, BACKUP_KEY }, io)).toBe(1);
    expect(err).toEqual([`db:backup: there is no embedded database in ${empty} (check DATA_DIR)`]);
  });

  it("needs exactly one file", async () => {
    for (const argv of [[], ["a", "b"], ["--all"]]) {
      const { io, err } = capture();
      expect(await run(argv, env, io)).toBe(2);
      expect(err.join("\n")).toContain("Usage: npm run db:backup -- <file> [--force]");
    }
  });
});
