/**
 * What the operator commands share: each file directly in src/server/cli is one command, bundled into
 * dist/server/<name>.mjs and run by `npm run <script>` through scripts/operator.mjs; code they share lives here, in
 * a folder, so that it is not a command of its own.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { EMAIL_PATTERN } from "@shared/contact";
import { ConfigError, loadConfig, type Config } from "../../config";
import { openDatabase, type Database } from "../../db/client";
import { DataDirLockedError } from "../../db/data-dir-lock";

export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

export const processIo: Io = {
  out: (line) => process.stdout.write(line + "\n"),
  err: (line) => process.stderr.write(line + "\n"),
};

/**
 * The one e-mail address a command about a person takes (`npm run <name> -- <email>`), or undefined after saying
 * what was wrong: the usage when it is missing or followed by more, or that it is not an address.
 */
export function emailArgument(name: string, usage: string, argv: string[], io: Io): string | undefined {
  const [email, ...rest] = argv;
  if (email && rest.length === 0 && EMAIL_PATTERN.test(email)) return email;
  io.err(email && !EMAIL_PATTERN.test(email) ? `${name}: "${email}" is not an e-mail address` : usage);
  return undefined;
}

/**
 * Runs `use` on the database the server uses (DATABASE_URL, else the embedded PGlite in DATA_DIR), then closes it;
 * resolves to the exit code. Settings and a locked embedded database are reported in one clear message.
 */
export async function withOperatorDatabase(
  name: string,
  env: NodeJS.ProcessEnv,
  io: Io,
  use: (db: Database, config: Config) => Promise<number>,
): Promise<number> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    io.err(`${name}: ${err.message}`);
    return 1;
  }
  let db: Database;
  try {
    db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      io.err(
        `${name}: the embedded database in ${config.dataDir} is locked by a running Pulse server.\n` +
          `  ${err.message}.\n` +
          "  The embedded database (PGlite) can be open in only one process at a time: stop the Pulse server that uses\n" +
          "  this DATA_DIR and run the command again. With PostgreSQL (DATABASE_URL) it can run while the server runs.",
      );
      return 1;
    }
    const where = config.databaseUrl ? "DATABASE_URL" : `the embedded database in ${config.dataDir}`;
    io.err(`${name}: cannot open ${where}: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
  try {
    return await use(db, config);
  } finally {
    await db.close();
  }
}

/** Runs `run` with the process's arguments when `moduleUrl` is the script node was started with. */
export function runIfMain(moduleUrl: string, name: string, run: (argv: string[]) => Promise<number>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(path.resolve(process.argv[1])).href) return;
  run(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`${name}: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
