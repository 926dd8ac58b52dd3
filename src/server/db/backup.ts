/**
 * Backups of the embedded database (PGlite in DATA_DIR), for `npm run db:backup` and `npm run db:restore`.
 *
 * A backup is one file sealed with the operator's backup key (backup-archive.ts: a tar, encrypted and
 * authenticated as a whole; decision 0095). The tar holds:
 *
 *   pulse-backup.json   what it is: format, when, the PostgreSQL version, the migrations applied, the secrets
 *   pglite.tar.gz       PGlite's own dump of its data directory (`dumpDataDir`), taken after a CHECKPOINT
 *   jwt-secret          the generated secrets of DATA_DIR, when there: without the same JWT secret the restored
 *   workflow-secret     sessions are void and the stored Google refresh tokens cannot be decrypted
 *
 * PGlite opens in one process at a time: both need the DATA_DIR lock, so neither runs beside a server using it.
 * Both leave DATA_DIR owner-only (data-dir-access.ts): PGlite writes its files open to everyone.
 */
import { PGlite } from "@electric-sql/pglite";
import { randomBytes } from "node:crypto";
import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { ArchiveError, openArchive, sealArchive } from "./backup-archive";
import { createOwnerOnlyDir, makeOwnerOnly, secureDataDir } from "./data-dir-access";
import { acquireDataDirLock } from "./data-dir-lock";

/** Where openDatabase keeps PGlite's files inside DATA_DIR (src/server/db/client.ts). */
const PGLITE_DIR = "pglite";
/** The files src/server/config.ts generates into DATA_DIR when JWT_SECRET or WORKFLOW_SECRET is not set. */
export const DATA_DIR_SECRETS = ["jwt-secret", "workflow-secret"] as const;
type SecretName = (typeof DATA_DIR_SECRETS)[number];

const MANIFEST = "pulse-backup.json";
const DATABASE = "pglite.tar.gz";
const FORMAT = "pulse-embedded-database-backup";
const FORMAT_VERSION = 2;
/** The description and the secrets are a few hundred bytes; anything larger is not Pulse's. */
const SMALL_ENTRY_LIMIT = 64 * 1024;

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
 * Writes a consistent copy of DATA_DIR's embedded database and its generated secrets to `file`, sealed with the
 * operator's backup key: atomically (a temporary file beside it, then a link or rename), readable by its owner
 * only, and never over an existing file unless `force`. Refuses while a server holds DATA_DIR.
 */
export async function backupEmbeddedDatabase(
  dataDir: string,
  file: string,
  { key, force = false }: { key: string; force?: boolean },
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
    secureDataDir(dataDir);
    const pglite = await PGlite.create(path.join(dataDir, PGLITE_DIR));
    try {
      // Everything committed into the data files first: the copy then needs no WAL replay to be whole.
      await pglite.exec("CHECKPOINT");
      postgres = (await pglite.query<{ v: string }>("SELECT version() AS v")).rows[0]!.v;
      migrations = await appliedMigrations(pglite);
      dump = await pglite.dumpDataDir("gzip");
    } finally {
      await pglite.close();
      makeOwnerOnly(dataDir);
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
  };
  const archive = sealArchive(
    [
      { name: MANIFEST, data: Buffer.from(JSON.stringify(manifest, null, 2) + "\n") },
      { name: DATABASE, data: dump },
      ...secrets.map((name) => ({ name, data: readFileSync(path.join(dataDir, name)) })),
    ],
    key,
  );
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
 * Restores a backup into a DATA_DIR that holds no database. The backup is opened and authenticated with the
 * operator's key before anything is written. Then the database goes in through PGlite's own `loadDataDir`, into a
 * temporary folder renamed into place once it opens and answers (a failed restore leaves no half database), then
 * each secret of the backup that DATA_DIR does not have. A secret DATA_DIR already has is kept. All of it
 * owner-only.
 */
export async function restoreEmbeddedDatabase(
  dataDir: string,
  file: string,
  { key }: { key: string },
): Promise<RestoreResult> {
  const source = path.resolve(file);
  if (!existsSync(source)) throw new BackupError(`${source} does not exist`);
  const { manifest, files, database } = await readBackup(source, key);
  createOwnerOnlyDir(dataDir);
  const lock = acquireDataDirLock(dataDir);
  try {
    if (holdsEmbeddedDatabase(dataDir)) {
      throw new BackupError(
        `${dataDir} already holds a database; restore into an empty DATA_DIR (or move ${path.join(dataDir, PGLITE_DIR)} away first)`,
      );
    }
    secureDataDir(dataDir);
    // Holding the lock, any folder a restore left behind is from a process that is gone.
    for (const name of readdirSync(dataDir)) {
      if (name.startsWith(`${PGLITE_DIR}.restoring-`))
        rmSync(path.join(dataDir, name), { recursive: true, force: true });
    }
    const staging = path.join(
      dataDir,
      `${PGLITE_DIR}.restoring-${process.pid}-${randomBytes(4).toString("hex")}`,
    );
    mkdirSync(staging, { mode: 0o700 });
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
      // PGlite unpacks a dump with the modes of its own tar, open to everyone.
      makeOwnerOnly(staging);
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
 * Opens a backup with the operator's key and checks it: its authentication first (backup-archive.ts), then its
 * parts and its description. The database part comes back as a Blob, typed as PGlite types its own dumps: that is
 * how loadDataDir knows to unzip it.
 */
export async function readBackup(
  file: string,
  key: string,
): Promise<{ manifest: Manifest; files: Map<string, Buffer>; database: Blob }> {
  let entries: Map<string, Buffer | Blob>;
  try {
    entries = await openArchive(file, key, {
      limits: {
        [MANIFEST]: SMALL_ENTRY_LIMIT,
        [DATABASE]: Number.MAX_SAFE_INTEGER,
        ...Object.fromEntries(DATA_DIR_SECRETS.map((name) => [name, SMALL_ENTRY_LIMIT])),
      },
      large: DATABASE,
      type: "application/x-gzip",
    });
  } catch (err) {
    if (!(err instanceof ArchiveError)) throw err;
    const said = {
      unauthenticated: `${file} ${err.message} (a backup opens only with the backup key of its date)`,
      unencrypted: `${file} ${err.message}: restore it with that Pulse, then take a new backup`,
      "unknown-version": `${file} ${err.message}`,
      "not-an-archive": `${file} is not a Pulse backup (${err.message})`,
      malformed: `${file} is damaged: it ${err.message}`,
    };
    throw new BackupError(said[err.reason]);
  }
  const manifestData = entries.get(MANIFEST);
  const database = entries.get(DATABASE);
  if (!Buffer.isBuffer(manifestData) || !(database instanceof Blob)) {
    throw new BackupError(`${file} is damaged: ${MANIFEST} or ${DATABASE} is missing`);
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestData.toString("utf8")) as Manifest;
  } catch {
    throw new BackupError(`${file} is damaged: ${MANIFEST} is not JSON`);
  }
  if (manifest.format !== FORMAT || manifest.version !== FORMAT_VERSION) {
    throw new BackupError(
      `${file} is not a Pulse backup of a version this Pulse reads (format ${FORMAT} ${FORMAT_VERSION})`,
    );
  }
  const files = new Map<string, Buffer>();
  for (const [name, data] of entries) if (Buffer.isBuffer(data) && name !== MANIFEST) files.set(name, data);
  if (
    !Array.isArray(manifest.migrations) ||
    !manifest.migrations.every((m) => typeof m === "string") ||
    !Array.isArray(manifest.secrets) ||
    !manifest.secrets.every((s) => (DATA_DIR_SECRETS as readonly string[]).includes(s) && files.has(s))
  ) {
    throw new BackupError(`${file} is damaged: its description does not match its contents`);
  }
  return { manifest, files, database };
}

/**
 * Writes `parts` one after another under a temporary name in the same folder, owner-only and flushed, then moves
 * the file into place: a reader never sees half a file. Without `replace` the move is a hard link, which fails when
 * the name exists meanwhile. Resolves to the bytes written.
 */
async function writeFileAtomically(
  target: string,
  parts: Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
  replace: boolean,
): Promise<number> {
  const temporary = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`,
  );
  const fd = openSync(temporary, "wx", 0o600);
  let written = 0;
  try {
    for await (const chunk of parts) {
      for (let offset = 0; offset < chunk.length;) offset += writeSync(fd, chunk, offset);
      written += chunk.length;
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
