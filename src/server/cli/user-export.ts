/**
 * npm run user:export -- <email> — everything Pulse holds about one person, as JSON on stdout (issue 37 item 12;
 * the Privacy Policy's access right): their account's profile, sessions (metadata, no token), Google identities (no
 * token), connectors, connected tools' project lists, sync preferences, the discoveries their accounts reported,
 * the PulseMaps they created, their Stream corrections, discovered items naming the address among their
 * participants, and the contact submissions sent from the address (résumés named, not included).
 *
 * It opens the database the server uses: DATABASE_URL when set, otherwise the embedded PGlite database in DATA_DIR
 * (default .data), which allows one process at a time — stop the server first.
 */
import { exportPersonalData } from "../privacy/personal-data";
import { emailArgument, processIo, runIfMain, withOperatorDatabase, type Io } from "./lib/operator-command";

const USAGE = "Usage: npm run user:export -- <email>   (JSON on stdout: > file.json)";

/** Runs the command; resolves to the process exit code. */
export async function run(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  io: Io = processIo,
): Promise<number> {
  const email = emailArgument("user:export", USAGE, argv, io);
  if (email === undefined) return 2;
  return withOperatorDatabase("user:export", env, io, async (db) => {
    const data = await exportPersonalData(db, email);
    io.out(JSON.stringify(data, null, 2));
    // On stderr, so that stdout stays the JSON alone.
    if (data.accounts.length === 0 && data.contactSubmissions.length === 0)
      io.err(`user:export: Pulse holds nothing about ${email}.`);
    return 0;
  });
}

runIfMain(import.meta.url, "user:export", (argv) => run(argv));
