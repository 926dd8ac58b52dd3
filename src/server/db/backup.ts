/**
 * Backups of the embedded database (PGlite in DATA_DIR), for `npm run db:backup` and `npm run db:restore`.
 *
 * A backup is one tar file an operator can inspect with `tar -tvf`:
 *
 *   pulse-backup.json   what it is: format, when, the PostgreSQL version, the migrations applied, a digest of
 *                       the database part
 *   pglite.tar.gz       PGlite's own dump of its data directory (`dumpDataDir`), taken after a CHECKPOINT
 *   jwt-secret          the generated secrets of DATA_DIR, when there: without the same JWT secret the restored
 *   workflow-secret     sessions are void and the stored Google refresh tokens cannot be decrypted
 *
 * PGlite opens in one process at a time: both need the DATA_DIR lock, so neither runs beside a server using it.
 */
import { PGlite } from "@electric-sql/pglite";
import { createHash, randomBytes } from "node:crypto";
import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openAsBlob,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { acquireDataDirLock } from "./data-dir-lock";

/** Where openDatabase keeps PGlite's files inside DATA_DIR (src/server/db/client.ts). */
const PGLITE_DIR = "pglite";
/** The files src/server/config.ts generates into DATA_DIR when JWT_SECRET or WORKFLOW_SECRET is not set. */
export const DATA_DIR_SECRETS = ["jwt-secret", "workflow-secret"] as const;
type SecretName = (typeof DATA_DIR_SECRETS)[number];

const MANIFEST = "pulse-backup.json";
const DATABASE = "pglite.tar.gz";
const FORMAT = "pulse-embedded-database-backup";
const FORMAT_VERSION = 1;

/** A refusal or failure the operator can act on, said in one line. */
export class BackupError extends Error {
  override name = "BackupError";
}

interface Manifest {
  format: typeof FORMAT;
  version: typeof FORMAT_VERSION;
  createdAt: string;
  postgres: string;
  migrations: string[];
  secrets: SecretName[];
  databaseSha256: string;
}

export interface BackupResult {
  file: string;
  bytes: number;
  migrations: string[];
  /** The generated secrets found in DATA_DIR and put in the backup. */
  secrets: SecretName[];
}

/** Whether DATA_DIR holds an embedded database (the files of one, not merely the folder). */
export function holdsEmbeddedDatabase(dataDir: string): boolean {
  const dir = path.join(dataDir, PGLITE_DIR);
  return existsSync(dir) && readdirSync(dir).length > 0;
}

/**
 * Writes a consistent copy of DATA_DIR's embedded database and its generated secrets to `file`: atomically (a
 * temporary file beside it, then a link or rename), readable by its owner only, and never over an existing file
 * unless `force`. Refuses while a server holds DATA_DIR.
 */
export async function backupEmbeddedDatabase(
  dataDir: string,
  file: string,
  { force = false }: { force?: boolean } = {},
): Promise<BackupResult> {
  const target = path.resolve(file);
  if (!force && existsSync(target)) {
    throw new BackupError(`${target} already exists; pass --force to overwrite it`);
  }
  if (!existsSync(path.dirname(target))) {
    throw new BackupError(`the folder ${path.dirname(target)} does not exist`);
  }
  // Opening an empty directory would create a database: a mistyped DATA_DIR must not back up a new, empty one.
  if (!holdsEmbeddedDatabase(dataDir)) {
    throw new BackupError(`there is no embedded database in ${dataDir} (check DATA_DIR)`);
  }
  const lock = acquireDataDirLock(dataDir);
  let dump: Blob;
  let postgres: string;
  let migrations: string[];
  try {
    const pglite = await PGlite.create(path.join(dataDir, PGLITE_DIR));
    try {
      // Everything committed into the data files first: the copy then needs no WAL replay to be whole.
      await pglite.exec("CHECKPOINT");
      postgres = (await pglite.query<{ v: string }>("SELECT version() AS v")).rows[0]!.v;
      migrations = await appliedMigrations(pglite);
      dump = await pglite.dumpDataDir("gzip");
    } finally {
      await pglite.close();
    }
  } finally {
    lock.release();
  }
  const secrets = DATA_DIR_SECRETS.filter((name) => existsSync(path.join(dataDir, name)));
  const manifest: Manifest = {
    format: FORMAT,
    version: FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    postgres,
    migrations,
    secrets,
    databaseSha256: await sha256(dump),
  };
  const archive = tarParts([
    { name: MANIFEST, data: Buffer.from(JSON.stringify(manifest, null, 2) + "\n") },
    { name: DATABASE, data: dump },
    ...secrets.map((name) => ({ name, data: readFileSync(path.join(dataDir, name)) })),
  ]);
  const bytes = await writeFileAtomically(target, archive, force);
  return { file: target, bytes, migrations, secrets };
}

export interface RestoreResult {
  migrations: string[];
  /** Secrets written into DATA_DIR from the backup. */
  restoredSecrets: SecretName[];
  /** Secrets DATA_DIR already had, different from the backup's, and kept. */
  keptDifferentSecrets: SecretName[];
  /** The backup holds no JWT secret: the server needs JWT_SECRET as it was when the backup was taken. */
  jwtSecretMissing: boolean;
}

/**
 * Restores a backup into a DATA_DIR that holds no database: the database through PGlite's own `loadDataDir`,
 * into a temporary folder renamed into place once it opens and answers (a failed restore leaves no half
 * database), then each secret of the backup that DATA_DIR does not have. A secret DATA_DIR already has is kept.
 */
export async function restoreEmbeddedDatabase(dataDir: string, file: string): Promise<RestoreResult> {
  const source = path.resolve(file);
  if (!existsSync(source)) throw new BackupError(`${source} does not exist`);
  const { manifest, files, database } = await readBackup(source);
  mkdirSync(dataDir, { recursive: true });
  const lock = acquireDataDirLock(dataDir);
  try {
    if (holdsEmbeddedDatabase(dataDir)) {
      throw new BackupError(
        `${dataDir} already holds a database; restore into an empty DATA_DIR (or move ${path.join(dataDir, PGLITE_DIR)} away first)`,
      );
    }
    // Holding the lock, any folder a restore left behind is from a process that is gone.
    for (const name of readdirSync(dataDir)) {
      if (name.startsWith(`${PGLITE_DIR}.restoring-`))
        rmSync(path.join(dataDir, name), { recursive: true, force: true });
    }
    const staging = path.join(
      dataDir,
      `${PGLITE_DIR}.restoring-${process.pid}-${randomBytes(4).toString("hex")}`,
    );
    mkdirSync(staging);
    try {
      const pglite = await PGlite.create(staging, { loadDataDir: database });
      try {
        const migrations = await appliedMigrations(pglite);
        if (migrations.join() !== manifest.migrations.join()) {
          throw new BackupError(`${source} is damaged: its database does not match its description`);
        }
        await pglite.exec("CHECKPOINT");
      } finally {
        await pglite.close();
      }
      rmSync(path.join(dataDir, PGLITE_DIR), { recursive: true, force: true });
      renameSync(staging, path.join(dataDir, PGLITE_DIR));
    } catch (err) {
      rmSync(staging, { recursive: true, force: true });
      if (err instanceof BackupError) throw err;
      throw new BackupError(
        `the database in ${source} (${manifest.postgres}) could not be restored: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    const restoredSecrets: SecretName[] = [];
    const keptDifferentSecrets: SecretName[] = [];
    for (const name of manifest.secrets) {
      const data = files.get(name)!;
      const existing = path.join(dataDir, name);
      if (!existsSync(existing)) {
        await writeFileAtomically(existing, [data], false);
        restoredSecrets.push(name);
      } else if (!readFileSync(existing).equals(data)) {
        keptDifferentSecrets.push(name);
      }
    }
    return {
      migrations: manifest.migrations,
      restoredSecrets,
      keptDifferentSecrets,
      jwtSecretMissing: !manifest.secrets.includes("jwt-secret"),
    };
  } finally {
    lock.release();
  }
}

async function appliedMigrations(pglite: PGlite): Promise<string[]> {
  const table = await pglite.query<{ t: string | null }>(
    "SELECT to_regclass('public.pulse_migrations') AS t",
  );
  if (!table.rows[0]?.t) return [];
  return (
    await pglite.query<{ name: string }>("SELECT name FROM public.pulse_migrations ORDER BY name")
  ).rows.map((r) => r.name);
}

/**
 * Reads and checks a backup file: its parts, its description and the digest of its database. The database part
 * stays in the file (a Blob over a slice of it): a backup is as large as the database, and PGlite holds a copy of
 * its own while it loads.
 */
export async function readBackup(
  file: string,
): Promise<{ manifest: Manifest; files: Map<string, Buffer>; database: Blob }> {
  let entries: Map<string, { offset: number; size: number }>;
  try {
    entries = readTarIndex(file);
  } catch (err) {
    throw new BackupError(
      `${file} is not a Pulse backup (${err instanceof Error ? err.message : String(err)})`,
    );
  }
  const manifestEntry = entries.get(MANIFEST);
  const databaseEntry = entries.get(DATABASE);
  if (!manifestEntry || !databaseEntry) {
    throw new BackupError(`${file} is not a Pulse backup (${MANIFEST} or ${DATABASE} missing)`);
  }
  const small = new Map<string, Buffer>();
  for (const [name, entry] of entries) {
    if (name === DATABASE) continue;
    // The description and the secrets are a few hundred bytes; anything larger is not Pulse's.
    if (entry.size > 64 * 1024) throw new BackupError(`${file} is not a Pulse backup (${name} is too large)`);
    small.set(name, readRange(file, entry.offset, entry.size));
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(small.get(MANIFEST)!.toString("utf8")) as Manifest;
  } catch {
    throw new BackupError(`${file} is not a Pulse backup (${MANIFEST} is not JSON)`);
  }
  if (manifest.format !== FORMAT || manifest.version !== FORMAT_VERSION) {
    throw new BackupError(
      `${file} is not a Pulse backup of a version this Pulse reads (format ${FORMAT} ${FORMAT_VERSION})`,
    );
  }
  if (
    !Array.isArray(manifest.migrations) ||
    !manifest.migrations.every((m) => typeof m === "string") ||
    !Array.isArray(manifest.secrets) ||
    !manifest.secrets.every((s) => (DATA_DIR_SECRETS as readonly string[]).includes(s) && small.has(s))
  ) {
    throw new BackupError(`${file} is damaged: its description does not match its contents`);
  }
  // Typed as PGlite types its own dumps: that is how loadDataDir knows to unzip it.
  const database = (await openAsBlob(file)).slice(
    databaseEntry.offset,
    databaseEntry.offset + databaseEntry.size,
    "application/x-gzip",
  );
  if ((await sha256(database)) !== manifest.databaseSha256) {
    throw new BackupError(`${file} is damaged: the database part does not match its digest`);
  }
  return { manifest, files: small, database };
}

/** A Blob's bytes a chunk at a time, never all at once. */
async function* chunksOf(blob: Blob): AsyncGenerator<Uint8Array> {
  const reader = blob.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

async function sha256(data: Blob): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of chunksOf(data)) hash.update(chunk);
  return hash.digest("hex");
}

/**
 * Writes `parts` one after another under a temporary name in the same folder, flushed, then moves the file into
 * place: a reader never sees half a file. Without `replace` the move is a hard link, which fails when the name
 * exists meanwhile. A Blob part is streamed, never copied whole. Resolves to the bytes written.
 */
async function writeFileAtomically(
  target: string,
  parts: (Buffer | Blob)[],
  replace: boolean,
): Promise<number> {
  const temporary = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`,
  );
  const fd = openSync(temporary, "wx", 0o600);
  let written = 0;
  const write = (chunk: Uint8Array) => {
    for (let offset = 0; offset < chunk.length;) offset += writeSync(fd, chunk, offset);
    written += chunk.length;
  };
  try {
    for (const part of parts) {
      if (Buffer.isBuffer(part)) write(part);
      else for await (const chunk of chunksOf(part)) write(chunk);
    }
    fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw err;
  }
  closeSync(fd);
  try {
    if (replace) {
      renameSync(temporary, target);
    } else {
      try {
        linkSync(temporary, target);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "EEXIST") {
          throw new BackupError(`${target} already exists; pass --force to overwrite it`);
        }
        throw err;
      }
      unlinkSync(temporary);
    }
  } catch (err) {
    rmSync(temporary, { force: true });
    throw err;
  }
  // The new name itself must survive a crash, not only the file's contents.
  const dir = openSync(path.dirname(target), "r");
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
  return written;
}

/*
 * A minimal ustar writer and reader: regular files with short names, as `tar` writes and reads them. No package
 * for it: Pulse's own files are all it ever holds.
 */
const BLOCK = 512;

interface TarEntry {
  name: string;
  data: Buffer | Blob;
}

/** The archive as the parts to write in order: each header, its data (a Blob stays a Blob), its padding. */
function tarParts(entries: TarEntry[]): (Buffer | Blob)[] {
  const parts: (Buffer | Blob)[] = [];
  const mtime = Math.floor(Date.now() / 1000);
  for (const { name, data } of entries) {
    const size = Buffer.isBuffer(data) ? data.length : data.size;
    const header = Buffer.alloc(BLOCK);
    header.write(name, 0, 100, "utf8");
    header.write("0000600\0", 100, "ascii");
    header.write("0000000\0", 108, "ascii");
    header.write("0000000\0", 116, "ascii");
    header.write(size.toString(8).padStart(11, "0") + "\0", 124, "ascii");
    header.write(mtime.toString(8).padStart(11, "0") + "\0", 136, "ascii");
    header.write("0", 156, "ascii");
    header.write("ustar\0" + "00", 257, "ascii");
    header.write(checksum(header).toString(8).padStart(6, "0") + "\0 ", 148, "ascii");
    parts.push(header, data, Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK));
  }
  parts.push(Buffer.alloc(2 * BLOCK));
  return parts;
}

/** Where each regular file of a tar file starts, and its size, read from the headers alone. */
function readTarIndex(file: string): Map<string, { offset: number; size: number }> {
  const entries = new Map<string, { offset: number; size: number }>();
  const fd = openSync(file, "r");
  try {
    const header = Buffer.alloc(BLOCK);
    for (let offset = 0; ;) {
      if (readSync(fd, header, 0, BLOCK, offset) < BLOCK) throw new Error("truncated");
      if (header.every((b) => b === 0)) return entries;
      const field = (start: number, end: number) =>
        header.subarray(start, end).toString("ascii").replace(/\0.*$/s, "").trim();
      if (parseInt(field(148, 156), 8) !== checksum(header)) throw new Error("bad tar header checksum");
      const name = header.subarray(0, 100).toString("utf8").replace(/\0.*$/s, "");
      const size = parseInt(field(124, 136), 8);
      if (!Number.isSafeInteger(size) || size < 0) throw new Error("bad tar entry size");
      const type = String.fromCharCode(header[156]!);
      if (type === "0" || type === "\0") entries.set(name, { offset: offset + BLOCK, size });
      offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    }
  } finally {
    closeSync(fd);
  }
}

function readRange(file: string, offset: number, size: number): Buffer {
  const data = Buffer.alloc(size);
  const fd = openSync(file, "r");
  try {
    if (readSync(fd, data, 0, size, offset) < size) throw new BackupError(`${file} is truncated`);
  } finally {
    closeSync(fd);
  }
  return data;
}

/** The header's checksum: the sum of its bytes with the checksum field read as spaces. */
function checksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  return sum;
}
