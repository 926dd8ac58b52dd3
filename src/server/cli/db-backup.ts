/**
 * npm run db:backup -- <file> [--force] — a consistent copy of the embedded database (PGlite in DATA_DIR) and of
 * the secrets generated into DATA_DIR, in one file sealed with BACKUP_KEY or BACKUP_KEY_FILE
 * (src/server/db/backup.ts, decision 0095; without a key it refuses). The server must be stopped first:
 * PGlite opens in one process at a time, and a copy through the running server would need an endpoint able to
 * read the whole database — an attack surface Pulse does without.
 *
 * With DATABASE_URL set it refuses and points to pg_dump: PostgreSQL has its own backups.
 */
import { BackupError, backupEmbeddedDatabase } from "../db/backup";
import { BackupKeyError, backupKeyFrom, type BackupKey } from "../db/backup-key";
import { DataDirLockedError } from "../db/data-dir-lock";
import { databaseSettings, oneLine } from "./lib/database-settings";
import { processIo, runIfMain, type Io } from "./lib/operator-command";

const NAME = "db:backup";
const USAGE =
  "Usage: npm run db:backup -- <file> [--force]   (the embedded database in DATA_DIR; stop the server first)";

export const POSTGRES_BACKUP_ADVICE =
  'DATABASE_URL is set: back up PostgreSQL with pg_dump (pg_dump --format=custom --file=pulse.dump "$DATABASE_URL") ' +
  "and keep JWT_SECRET beside the dump: without it the restored sessions and Google refresh tokens are void";

/** Runs the command; resolves to the process exit code. */
export async function run(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  io: Io = processIo,
): Promise<number> {
  const force = argv.includes("--force");
  const rest = argv.filter((a) => a !== "--force");
  if (rest.length === 1 && (rest[0] === "--help" || rest[0] === "-h")) {
    io.err(USAGE);
    return 0;
  }
  if (rest.length !== 1 || rest[0]!.startsWith("-")) {
    io.err(rest.length === 0 ? `${NAME}: which file? ${USAGE}` : USAGE);
    return 2;
  }
  const { databaseUrl, dataDir } = databaseSettings(env);
  if (databaseUrl) {
    io.err(`${NAME}: ${POSTGRES_BACKUP_ADVICE}`);
    return 1;
  }
  let key: BackupKey;
  try {
    key = backupKeyFrom(env);
  } catch (err) {
    if (!(err instanceof BackupKeyError)) throw err;
    io.err(`${NAME}: ${err.message}`);
    return 1;
  }
  try {
    const result = await backupEmbeddedDatabase(dataDir, rest[0]!, { key: key.key, force });
    const secrets =
      result.secrets.length > 0
        ? `with ${result.secrets.join(" and ")}`
        : "without secrets (none in DATA_DIR: keep JWT_SECRET beside the backup)";
    io.out(
      `backed up the embedded database in ${dataDir} (${result.migrations.length} migrations) ${secrets} ` +
        `to ${result.file} (${result.bytes} bytes, encrypted with ${key.source})`,
    );
    return 0;
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      io.err(
        `${NAME}: ${dataDir} is in use by a running Pulse server; stop it, then run db:backup again ` +
          "(the embedded database opens in one process at a time)",
      );
      return 1;
    }
    io.err(`${NAME}: ${err instanceof BackupError ? err.message : `backup failed: ${oneLine(err)}`}`);
    return 1;
  }
}

runIfMain(import.meta.url, NAME, (argv) => run(argv));
