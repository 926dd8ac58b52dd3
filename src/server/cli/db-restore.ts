/**
 * npm run db:restore -- <file> — restores a db:backup file into a DATA_DIR that holds no database, with the
 * backup's generated secrets where DATA_DIR has none (src/server/db/backup.ts). It needs the BACKUP_KEY (or
 * BACKUP_KEY_FILE) the backup was made with, and writes nothing unless the backup authenticates with it. The server
 * must be stopped.
 *
 * With DATABASE_URL set it refuses and points to pg_restore.
 */
import { BackupError, restoreEmbeddedDatabase } from "../db/backup";
import { BackupKeyError, backupKeyFrom } from "../db/backup-key";
import { DataDirLockedError } from "../db/data-dir-lock";
import { databaseSettings, oneLine } from "./lib/database-settings";
import { processIo, runIfMain, type Io } from "./lib/operator-command";

const NAME = "db:restore";
const USAGE = "Usage: npm run db:restore -- <file>   (into an empty DATA_DIR; stop the server first)";

export const POSTGRES_RESTORE_ADVICE =
  'DATABASE_URL is set: restore PostgreSQL with pg_restore (pg_restore --no-owner --dbname="$DATABASE_URL" pulse.dump, ' +
  "into an empty database) and start Pulse with the JWT_SECRET kept beside the dump";

/** Runs the command; resolves to the process exit code. */
export async function run(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  io: Io = processIo,
): Promise<number> {
  if (argv.length === 1 && (argv[0] === "--help" || argv[0] === "-h")) {
    io.err(USAGE);
    return 0;
  }
  if (argv.length !== 1 || argv[0]!.startsWith("-")) {
    io.err(argv.length === 0 ? `${NAME}: which file? ${USAGE}` : USAGE);
    return 2;
  }
  const { databaseUrl, dataDir } = databaseSettings(env);
  if (databaseUrl) {
    io.err(`${NAME}: ${POSTGRES_RESTORE_ADVICE}`);
    return 1;
  }
  let key: string;
  try {
    key = backupKeyFrom(env).key;
  } catch (err) {
    if (!(err instanceof BackupKeyError)) throw err;
    io.err(`${NAME}: ${err.message}`);
    return 1;
  }
  try {
    const result = await restoreEmbeddedDatabase(dataDir, argv[0]!, { key });
    io.out(
      `restored the embedded database (${result.migrations.length} migrations) into ${dataDir}` +
        (result.restoredSecrets.length > 0 ? ` with ${result.restoredSecrets.join(" and ")}` : ""),
    );
    for (const name of result.keptDifferentSecrets) {
      io.err(
        `${NAME}: warning: kept ${dataDir}/${name}, which differs from the backup's; ` +
          (name === "jwt-secret"
            ? "with it the restored sessions and Google refresh tokens are void (replace it with the backup's to keep them)"
            : "the workflow service must sign with the secret kept"),
      );
    }
    if (result.jwtSecretMissing && !env.JWT_SECRET?.trim()) {
      io.err(
        `${NAME}: warning: the backup holds no jwt-secret: start Pulse with the JWT_SECRET it ran with, ` +
          "or its sessions and Google refresh tokens are void",
      );
    }
    return 0;
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      io.err(
        `${NAME}: ${dataDir} is in use by a running Pulse server; stop it, then restore into an empty DATA_DIR ` +
          "(the embedded database opens in one process at a time)",
      );
      return 1;
    }
    io.err(`${NAME}: ${err instanceof BackupError ? err.message : `restore failed: ${oneLine(err)}`}`);
    return 1;
  }
}

runIfMain(import.meta.url, NAME, (argv) => run(argv));
