/**
 * npm run streams:resolve — re-resolves every discovered item into Streams (issue 38, decision 0101), e.g. after an
 * upgrade of the resolver or of Pulse: corrections people made are honoured, PulseMaps keep their items and gather
 * the items that now resolve to them.
 *
 * It runs in one transaction holding the lock every writer of Streams takes, so with PostgreSQL (DATABASE_URL) it is
 * safe while servers run, on any number of instances: events wait for it and then resolve against its result. The
 * embedded database (PGlite in DATA_DIR) allows one process at a time — stop the server first.
 */
import { resolveStoredStreams } from "../streams/resolve-stored";
import { processIo, runIfMain, withOperatorDatabase, type Io } from "./lib/operator-command";

const USAGE = "Usage: npm run streams:resolve";

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
  return withOperatorDatabase("streams:resolve", env, io, async (db) => {
    const started = Date.now();
    const summary = await resolveStoredStreams(db);
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
    io.out(
      `Resolved ${plural(summary.items, "item")} into ${plural(summary.streams, "Stream")} ` +
        `(${plural(summary.pulseMaps, "PulseMap")}); ${plural(summary.moved, "item")} changed Stream ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    return 0;
  });
}

runIfMain(import.meta.url, "streams:resolve", (argv) => run(argv));
