/**
 * npm run user:delete -- <email> — erases everything Pulse holds about one person, in one transaction (issue 37
 * item 12; the Privacy Policy's deletion on request): their sessions end at once on every instance (sockets
 * closed), their account and all that hangs on it are deleted, PulseMaps they created stay the company's without
 * their name, items only their accounts reported go (Streams settled by the Streams feature), the address leaves
 * every discovered item's participants, and contact submissions from the address (résumés included) are deleted. Run `npm run user:export -- <email>` first when the person asked for a copy.
 *
 * It opens the database the server uses: DATABASE_URL when set, otherwise the embedded PGlite database in DATA_DIR
 * (default .data), which allows one process at a time — stop the server first.
 */
import { deletePersonalData, type DeletionResult } from "../privacy/personal-data";
import { settleStreams } from "../streams/resolution";
import { emailArgument, processIo, runIfMain, withOperatorDatabase, type Io } from "./lib/operator-command";

const USAGE = "Usage: npm run user:delete -- <email>";

const counted = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function summary(email: string, r: DeletionResult): string {
  if (r.accounts === 0 && r.contactSubmissions === 0) return `Pulse holds nothing about ${email}.`;
  return [
    `Deleted what Pulse held about ${email}:`,
    `  ${counted(r.accounts, "account")} (${counted(r.sessionsEnded, "live session")} ended, ${counted(r.connectors, "connector")})`,
    `  discoveries: ${counted(r.discoveriesForgotten, "link")} to what their accounts reported removed, ` +
      `${r.discoveriesRemoved} that nobody else reported deleted, ` +
      `the address taken out of ${counted(r.mentionsRemoved, "item's", "items'")} participants`,
    `  ${counted(r.pulseMapsKept, "PulseMap")} kept as the company's, without its creator`,
    `  ${counted(r.contactSubmissions, "contact submission")} (${counted(r.resumes, "résumé")}) deleted`,
  ].join("\n");
}

/** Runs the command; resolves to the process exit code. */
export async function run(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  io: Io = processIo,
): Promise<number> {
  const email = emailArgument("user:delete", USAGE, argv, io);
  if (email === undefined) return 2;
  return withOperatorDatabase("user:delete", env, io, async (db) => {
    io.out(summary(email, await deletePersonalData(db, email, { settleStreams })));
    return 0;
  });
}

runIfMain(import.meta.url, "user:delete", (argv) => run(argv));
