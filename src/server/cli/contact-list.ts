/**
 * npm run contact:list — the operator's view of contact submissions (issue #4).
 *
 *   npm run contact:list                              the 20 most recent submissions
 *   npm run contact:list -- --limit 100               more of them
 *   npm run contact:list -- --json                    as JSON (without resume contents)
 *   npm run contact:list -- --resume <id> --out <file>  writes that submission's resume to <file>
 *
 * It opens the database the server uses: DATABASE_URL when set, otherwise the embedded PGlite database in
 * DATA_DIR (default .data). PGlite allows one process at a time, so with the embedded database the command cannot
 * run while a Pulse server on the same DATA_DIR is running.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import {
  countSubmissions,
  recentSubmissions,
  submissionResume,
  type SubmissionSummary,
} from "../contact/store";
import type { Database } from "../db/client";
import { processIo, runIfMain, withOperatorDatabase, type Io } from "./lib/operator-command";

export type { Io } from "./lib/operator-command";

interface Options {
  limit: number;
  json: boolean;
  resume?: string;
  out?: string;
}

export type { SubmissionSummary };

const USAGE = `Usage:
  npm run contact:list -- [--limit N] [--json]
  npm run contact:list -- --resume <submission id> --out <file>`;

class UsageError extends Error {}

function parseArgs(argv: string[]): Options {
  const options: Options = { limit: 20, json: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith("--")) throw new UsageError(`${arg} needs a value`);
      return v;
    };
    if (arg === "--json") options.json = true;
    else if (arg === "--limit") {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1 || n > 10_000)
        throw new UsageError("--limit must be a whole number from 1 to 10000");
      options.limit = n;
    } else if (arg === "--resume") options.resume = value();
    else if (arg === "--out") options.out = value();
    else if (arg === "--help" || arg === "-h") throw new UsageError("");
    else throw new UsageError(`Unknown option ${arg}`);
  }
  if (options.resume !== undefined && options.out === undefined)
    throw new UsageError("--resume needs --out <file>");
  if (options.out !== undefined && options.resume === undefined)
    throw new UsageError("--out goes with --resume <id>");
  return options;
}

/** Runs the command; resolves to the process exit code. */
export async function run(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  io: Io = processIo,
): Promise<number> {
  let options: Options;
  try {
    options = parseArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    if (err.message) io.err(`contact:list: ${err.message}`);
    io.err(USAGE);
    return err.message ? 2 : 0;
  }

  return withOperatorDatabase("contact:list", env, io, (db) =>
    options.resume !== undefined ? writeResume(db, options.resume, options.out!, io) : list(db, options, io),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function writeResume(db: Database, id: string, out: string, io: Io): Promise<number> {
  if (!UUID.test(id)) {
    io.err(`contact:list: "${id}" is not a submission id (ids look like 3f2a…-…; see the list)`);
    return 2;
  }
  const found = await submissionResume(db.orm, id);
  if (!found) {
    io.err(`contact:list: no submission with id ${id}`);
    return 1;
  }
  if (!found.resume) {
    io.err(`contact:list: submission ${id} has no resume`);
    return 1;
  }
  const { bytes, originalName, type } = found.resume;
  try {
    // Never overwrite: an operator's existing file is not ours to replace.
    await writeFile(out, bytes, { flag: "wx", mode: 0o600 });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    io.err(
      code === "EEXIST"
        ? `contact:list: ${out} already exists; choose another --out file`
        : `contact:list: cannot write ${out}: ${(err as Error).message}`,
    );
    return 1;
  }
  io.out(
    `Wrote the resume "${printable(originalName)}" (${type}, ${bytes.length.toLocaleString("en-US")} bytes) to ${path.resolve(out)}`,
  );
  return 0;
}

async function list(db: Database, options: Options, io: Io): Promise<number> {
  const submissions = await recentSubmissions(db.orm, options.limit);
  const total = await countSubmissions(db.orm);

  if (options.json) {
    io.out(JSON.stringify(submissions, null, 2));
    return 0;
  }
  if (submissions.length === 0) {
    io.out("No contact submissions yet.");
    return 0;
  }
  io.out(
    `${total} contact submission${total === 1 ? "" : "s"}; the ${submissions.length} most recent first:\n`,
  );
  for (const s of submissions) {
    io.out(`${s.createdAt}  ${s.id}  ${printable(s.reason)}`);
    io.out(
      `  ${printable(`${s.firstName} ${s.lastName} <${s.email}>`)}${s.company ? `, ${printable(s.company)}` : ""}`,
    );
    if (s.message)
      io.out(`  Message: ${printable(s.message.length > 300 ? `${s.message.slice(0, 300)}…` : s.message)}`);
    if (s.resume) {
      io.out(
        `  Resume: "${printable(s.resume.originalName)}" (${s.resume.type}, ${formatSize(s.resume.size)}) — ` +
          `npm run contact:list -- --resume ${s.id} --out ${s.resume.storedName}`,
      );
    }
    io.out(`  From: ${s.clientIp ?? "unknown address"}${s.userAgent ? `, ${printable(s.userAgent)}` : ""}\n`);
  }
  return 0;
}

/** Visitors wrote these texts: no control characters (terminal escape sequences) reach the operator's terminal. */
function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\r?\n/g, " ⏎ ").replace(/[\u0000-\u001f\u007f-\u009f]/g, "�");
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

runIfMain(import.meta.url, "contact:list", (argv) => run(argv));
