/**
 * npm run db:migrate — applies the migrations not yet applied, and nothing else: for deploy pipelines that migrate
 * before rolling out new instances. A server applies them too as it starts, under the same PostgreSQL advisory
 * lock, so running both at once is safe: whichever takes the lock first applies them, the other finds none.
 *
 * It needs only DATABASE_URL (or, for the embedded database, DATA_DIR; a running server has applied them already
 * and holds DATA_DIR, so the command refuses then). One line per migration applied, or "nothing to apply"; exit 0.
 * On failure one line and exit 1.
 */
import { openDatabase, type Database } from "../db/client";
import { DataDirLockedError } from "../db/data-dir-lock";
import { migrationFiles, migrationsAppliedOnOpen } from "../db/migrate";
import { databaseSettings, oneLine } from "./lib/database-settings";
import { processIo, runIfMain, type Io } from "./lib/operator-command";

const NAME = "db:migrate";
const USAGE = "Usage: npm run db:migrate (reads DATABASE_URL, else DATA_DIR)";

/** Runs the command; resolves to the process exit code. */
export async function run(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  io: Io = processIo,
): Promise<number> {
  if (argv.length > 0) {
    const help = argv.length === 1 && (argv[0] === "--help" || argv[0] === "-h");
    if (!help) io.err(`${NAME}: takes no arguments`);
    io.err(USAGE);
    return help ? 0 : 2;
  }
  const { databaseUrl, dataDir } = databaseSettings(env);
  const where = databaseUrl ? "DATABASE_URL" : `the embedded database in ${dataDir}`;
  let db: Database;
  try {
    // Opening applies the migrations (openDatabase, under the advisory lock on PostgreSQL).
    db = await openDatabase({ databaseUrl, dataDir, onError: () => undefined });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      io.err(
        `${NAME}: ${dataDir} is in use by a running Pulse server, which applied the migrations as it started; ` +
          "stop it first to run db:migrate (the embedded database opens in one process at a time)",
      );
      return 1;
    }
    io.err(`${NAME}: cannot migrate ${where}: ${oneLine(err)}`);
    return 1;
  }
  const applied = migrationsAppliedOnOpen(db);
  await db.close();
  if (applied.length === 0) {
    io.out(`nothing to apply: ${where} has all ${migrationFiles().length} migrations`);
  } else {
    for (const name of applied) io.out(`applied ${name}`);
  }
  return 0;
}

runIfMain(import.meta.url, NAME, (argv) => run(argv));
