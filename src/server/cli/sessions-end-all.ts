/**
 * npm run sessions:end-all — ends every Pulse session of every user at once (issue 37 item 3): after a suspected
 * leak, or to sign everyone out without changing JWT_SECRET. Every access and refresh token stops working on the
 * next request, on every instance; people sign in again.
 *
 * It opens the database the server uses: DATABASE_URL when set, otherwise the embedded PGlite database in DATA_DIR
 * (default .data), which allows one process at a time — stop the server first.
 */
import { SessionService } from "../auth/sessions";
import { processIo, runIfMain, withOperatorDatabase, type Io } from "./lib/operator-command";

const USAGE = "Usage: npm run sessions:end-all";

/** Runs the command; resolves to the process exit code. */
export async function run(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  io: Io = processIo,
): Promise<number> {
  if (argv.length > 0) {
    io.err(USAGE);
    return 2;
  }
  return withOperatorDatabase("sessions:end-all", env, io, async (db, config) => {
    const ended = await new SessionService(db, config).endAll();
    io.out(
      ended === 0
        ? "No active session."
        : `Ended ${ended} session${ended === 1 ? "" : "s"}: everyone signs in again.`,
    );
    return 0;
  });
}

runIfMain(import.meta.url, "sessions:end-all", (argv) => run(argv));
