import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { BackupError, backupEmbeddedDatabase, readBackup, restoreEmbeddedDatabase } from "./backup";
import { sealArchive, type ArchiveEntry } from "./backup-archive";
import { openDatabase } from "./client";
import { reachableByOthers } from "./data-dir-access";
import { DataDirLockedError } from "./data-dir-lock";
import { migrationFiles, migrationsAppliedOnOpen } from "./migrate";
import { migratedDataDir } from "../../testing/migrated-data-dir";

const KEY = "a-test-backup-key-of-more-than-32-characters";
const key = { key: KEY };

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
  source = await migratedDataDir("pulse-backup-");
  dirs.push(source);
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
  await backupEmbeddedDatabase(source, backupFile, key);
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("backupEmbeddedDatabase and restoreEmbeddedDatabase", { timeout: 60_000 }, () => {
  it("write one sealed file, readable by its owner only, that restores into an empty DATA_DIR, owner-only", async () => {
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    // Its first line says what it is; the rest is ciphertext, which tar does not read.
    const bytes = readFileSync(backupFile);
    expect(JSON.parse(bytes.subarray(0, bytes.indexOf(0x0a)).toString())).toMatchObject({
      format: "pulse-backup",
      version: 2,
      cipher: "aes-256-gcm",
      kdf: "scrypt",
    });
    expect(() => execFileSync("tar", ["-tf", backupFile], { stdio: "pipe" })).toThrow();
    for (const secret of ["jwt-secret", "workflow-secret"]) {
      expect(bytes.includes(readFileSync(path.join(source, secret)))).toBe(false);
    }
    expect(bytes.includes(Buffer.from("ada@example.com"))).toBe(false);
    const { manifest } = await readBackup(backupFile, KEY);
    expect(manifest.migrations).toEqual(migrationFiles());
    expect(manifest.postgres).toMatch(/^PostgreSQL \d+/);

    const target = path.join(tempDir(), "data");
    expect(await restoreEmbeddedDatabase(target, backupFile, key)).toEqual({
      migrations: migrationFiles(),
      restoredSecrets: ["jwt-secret", "workflow-secret"],
      keptDifferentSecrets: [],
      jwtSecretMissing: false,
    });
    for (const name of ["jwt-secret", "workflow-secret"]) {
      expect(readFileSync(path.join(target, name), "utf8")).toBe(
        readFileSync(path.join(source, name), "utf8"),
      );
    }
    // Issue 37 item 1: PGlite unpacks its dump open to everyone; the restore leaves all of it owner-only.
    expect(statSync(target).mode & 0o777).toBe(0o700);
    expect(readdirSync(path.join(target, "pglite")).length).toBeGreaterThan(10);
    expect(reachableByOthers(target)).toEqual([]);
    // No staging folder or lock left behind.
    expect(readdirSync(target).sort()).toEqual(["jwt-secret", "pglite", "workflow-secret"]);
    const db = await openDatabase({ dataDir: target });
    try {
      expect(migrationsAppliedOnOpen(db)).toEqual([]);
      expect(await db.query(SNAPSHOT)).toEqual(before);
    } finally {
      await db.close();
    }
    // Taking a backup leaves the source owner-only too (PGlite rewrites some files as it opens).
    expect(reachableByOthers(source)).toEqual([]);
  });

  it("refuses to overwrite a file unless forced, and leaves no temporary file", async () => {
    const target = path.join(tempDir(), "existing.backup");
    writeFileSync(target, "keep me");
    await expect(backupEmbeddedDatabase(source, target, key)).rejects.toThrow(
      new BackupError(`${target} already exists; pass --force to overwrite it`),
    );
    expect(readFileSync(target, "utf8")).toBe("keep me");
    await backupEmbeddedDatabase(source, target, { ...key, force: true });
    expect((await readBackup(target, KEY)).manifest.migrations).toEqual(migrationFiles());
    expect(readdirSync(path.dirname(target))).toEqual(["existing.backup"]);
  });

  it("refuse while a server holds DATA_DIR", async () => {
    const server = await openDatabase({ dataDir: source });
    const emptyTarget = tempDir();
    try {
      await expect(backupEmbeddedDatabase(source, path.join(tempDir(), "b"), key)).rejects.toThrow(
        DataDirLockedError,
      );
      const held = await openDatabase({ dataDir: emptyTarget });
      try {
        await expect(restoreEmbeddedDatabase(emptyTarget, backupFile, key)).rejects.toThrow(
          DataDirLockedError,
        );
      } finally {
        await held.close();
      }
    } finally {
      await server.close();
    }
  });

  it("refuses a DATA_DIR with no database, without creating one there", async () => {
    const empty = tempDir();
    await expect(backupEmbeddedDatabase(empty, path.join(tempDir(), "b"), key)).rejects.toThrow(
      new BackupError(`there is no embedded database in ${empty} (check DATA_DIR)`),
    );
    expect(readdirSync(empty)).toEqual([]);
  });

  it("refuses to restore into a DATA_DIR that holds a database, which stays as it was", async () => {
    await expect(restoreEmbeddedDatabase(source, backupFile, key)).rejects.toThrow(
      /already holds a database/,
    );
    const db = await openDatabase({ dataDir: source });
    try {
      expect(await db.query(SNAPSHOT)).toEqual(before);
    } finally {
      await db.close();
    }
  });

  describe("refuses, writing nothing into DATA_DIR,", () => {
    const JWT = "a-secret-the-target-already-has\n";
    let target: string;
    beforeAll(() => {
      target = tempDir();
      writeFileSync(path.join(target, "jwt-secret"), JWT, { mode: 0o600 });
    });
    function untouched() {
      expect(readdirSync(target)).toEqual(["jwt-secret"]);
      expect(readFileSync(path.join(target, "jwt-secret"), "utf8")).toBe(JWT);
    }
    /** A copy of the backup with one byte changed: one bit flipped, or a base64 digit replaced by another. */
    function tampered(name: string, offset: (size: number) => number, base64 = false): string {
      const bytes = readFileSync(backupFile);
      const at = offset(bytes.length);
      bytes[at] = base64 ? (bytes[at] === 0x41 ? 0x42 : 0x41) : bytes[at]! ^ 0x01;
      const file = path.join(tempDir(), name);
      writeFileSync(file, bytes);
      return file;
    }
    /** An archive sealed with the right key, as another tool holding the key could write one. */
    async function writeSealed(file: string, entries: ArchiveEntry[]) {
      const chunks: Uint8Array[] = [];
      for await (const chunk of sealArchive(entries, KEY)) chunks.push(chunk);
      writeFileSync(file, Buffer.concat(chunks));
    }
    const unauthenticated = (file: string) =>
      new BackupError(
        `${file} does not authenticate: it was changed since it was written, or it was not made with this key ` +
          "(a backup opens only with the backup key of its date)",
      );

    it("a backup with one bit changed in its database part", async () => {
      const file = tampered("database.backup", (size) => Math.floor(size / 2));
      await expect(restoreEmbeddedDatabase(target, file, key)).rejects.toThrow(unauthenticated(file));
      untouched();
    });

    it("a backup with one bit changed in its secret", async () => {
      // The tar ends with its last entry's block (workflow-secret: one 512-byte block), two zero blocks, then the
      // 16-byte tag; AES-GCM's ciphertext lies byte for byte over the tar, so this is the secret's first byte.
      const file = tampered("secret.backup", (size) => size - 16 - 1024 - 512);
      await expect(restoreEmbeddedDatabase(target, file, key)).rejects.toThrow(unauthenticated(file));
      untouched();
    });

    it("a backup whose salt, IV or tag was changed", async () => {
      const text = readFileSync(backupFile).subarray(0, 400).toString("latin1");
      for (const [name, offset] of [
        ["salt.backup", () => text.indexOf('"salt":"') + 8],
        ["iv.backup", () => text.indexOf('"iv":"') + 6],
        ["tag.backup", (size: number) => size - 1],
      ] as const) {
        const file = tampered(name, offset, true);
        await expect(restoreEmbeddedDatabase(target, file, key)).rejects.toThrow(unauthenticated(file));
      }
      untouched();
    });

    it("a backup opened with another key", async () => {
      await expect(
        restoreEmbeddedDatabase(target, backupFile, { key: "another-key-of-more-than-32-characters" }),
      ).rejects.toThrow(unauthenticated(backupFile));
      untouched();
    });

    it("a truncated backup", async () => {
      const file = path.join(tempDir(), "truncated.backup");
      writeFileSync(file, readFileSync(backupFile).subarray(0, 2000));
      await expect(restoreEmbeddedDatabase(target, file, key)).rejects.toThrow(unauthenticated(file));
      untouched();
    });

    it("a file that is not a backup, or an unencrypted backup of an earlier Pulse", async () => {
      const notBackup = path.join(tempDir(), "notes.txt");
      writeFileSync(notBackup, "x".repeat(2000));
      await expect(restoreEmbeddedDatabase(target, notBackup, key)).rejects.toThrow(
        new BackupError(`${notBackup} is not a Pulse backup (no Pulse backup header)`),
      );
      // The layout of the backups before this one: a plain tar whose first entry is the description.
      const parts = tempDir();
      writeFileSync(path.join(parts, "pulse-backup.json"), "{}");
      const old = path.join(tempDir(), "old.backup");
      execFileSync("tar", ["-cf", old, "-C", parts, "pulse-backup.json"]);
      await expect(restoreEmbeddedDatabase(target, old, key)).rejects.toThrow(
        new BackupError(
          `${old} is an unencrypted backup of an earlier Pulse: restore it with that Pulse, then take a new backup`,
        ),
      );
      untouched();
    });

    it("an authentic backup holding a file Pulse does not write", async () => {
      const file = path.join(tempDir(), "extra.backup");
      await writeSealed(file, [
        { name: "pulse-backup.json", data: Buffer.from("{}") },
        { name: "../escape", data: Buffer.from("x") },
      ]);
      await expect(restoreEmbeddedDatabase(target, file, key)).rejects.toThrow(
        new BackupError(`${file} is damaged: it holds an unexpected entry (../escape)`),
      );
      untouched();
    });

    it("an authentic backup whose database PGlite cannot load, leaving no half database", async () => {
      const { manifest } = await readBackup(backupFile, KEY);
      const unloadable = path.join(tempDir(), "unloadable.backup");
      await writeSealed(unloadable, [
        { name: "pulse-backup.json", data: Buffer.from(JSON.stringify({ ...manifest, secrets: [] })) },
        { name: "pglite.tar.gz", data: new Blob([gzipSync(Buffer.from("not a data directory"))]) },
      ]);
      const into = path.join(tempDir(), "data");
      await expect(restoreEmbeddedDatabase(into, unloadable, key)).rejects.toThrow(
        /^the database in .* could not be restored: /,
      );
      expect(readdirSync(into)).toEqual([]);
    });
  });

  it("keeps a secret DATA_DIR already has and reports that it differs from the backup's", async () => {
    const target = tempDir();
    writeFileSync(path.join(target, "jwt-secret"), "another-secret\n");
    const result = await restoreEmbeddedDatabase(target, backupFile, key);
    expect(result.restoredSecrets).toEqual(["workflow-secret"]);
    expect(result.keptDifferentSecrets).toEqual(["jwt-secret"]);
    expect(readFileSync(path.join(target, "jwt-secret"), "utf8")).toBe("another-secret\n");
    expect(existsSync(path.join(target, "pglite", "PG_VERSION"))).toBe(true);
  });
});
