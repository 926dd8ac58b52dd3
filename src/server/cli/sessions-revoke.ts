/**
 * npm run sessions:revoke -- <email> — ends every Pulse session of the user(s) with this e-mail at once (issue #7),
 * e.g. when a person leaves the company: their tokens stop working on the next request, on every instance.
 *
 * It opens the database the server uses: DATABASE_URL when set, otherwise the embedded PGlite database in DATA_DIR
 * (default .data), which allows one process at a time — stop the server first.
 */
import { SessionService } from "../auth/sessions";
import { emailArgument, processIo, runIfMain, withOperatorDatabase, type Io } from "./lib/operator-command";

const USAGE = "Usage: npm run sessions:revoke -- <email>";

/** Runs the command; resolves to the process exit code. */
export async function run(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  io: Io = processIo,
): Promise<number> {
  const email = emailArgument("sessions:revoke", USAGE, argv, io);
  if (email === undefined) return 2;
  return withOperatorDatabase("sessions:revoke", env, io, async (db, config) => {
    const ended = await new SessionService(db, config).revokeAllForEmail(email);
    io.out(
      ended === 0
        ? `No active session for ${email}.`
        : `Ended ${ended} session${ended === 1 ? "" : "s"} of ${email}.`,
    );
    return 0;
  });
}

runIfMain(import.meta.url, "sessions:revoke", (argv) => run(argv));
