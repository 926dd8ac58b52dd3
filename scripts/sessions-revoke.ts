/**
 * npm run sessions:revoke -- <email> — ends every Pulse session of the user(s) with this e-mail at once (issue #7),
 * e.g. when a person leaves the company: their tokens stop working on the next request, on every instance.
 *
 * It opens the database the server uses: DATABASE_URL when set, otherwise the embedded PGlite database in DATA_DIR
 * (default .data), which allows one process at a time — stop the server first.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { SessionService } from "../src/server/auth/sessions";
import { ConfigError, loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { DataDirLockedError } from "../src/server/db/data-dir-lock";

export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

const USAGE = "Usage: npm run sessions:revoke -- <email>";
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Runs the command; resolves to the process exit code. */
export async function run(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  io: Io = defaultIo,
): Promise<number> {
  const [email, ...rest] = argv;
  if (!email || rest.length > 0 || !EMAIL.test(email)) {
    io.err(email && !EMAIL.test(email) ? `sessions:revoke: "${email}" is not an e-mail address` : USAGE);
    return 2;
  }
  let config;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    io.err(`sessions:revoke: ${err.message}`);
    return 1;
  }
  let db;
  try {
    db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    io.err(`sessions:revoke: ${err.message}`);
    return 1;
  }
  try {
    const ended = await new SessionService(db, config).revokeAllForEmail(email);
    io.out(
      ended === 0
        ? `No active session for ${email}.`
        : `Ended ${ended} session${ended === 1 ? "" : "s"} of ${email}.`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

const defaultIo: Io = {
  out: (line) => process.stdout.write(line + "\n"),
  err: (line) => process.stderr.write(line + "\n"),
};

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  run(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`sessions:revoke: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
