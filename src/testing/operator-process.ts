import { spawn } from "node:child_process";
import { ensureServerBuild } from "../build/server-build.mjs";

export interface OperatorRun {
  /** The exit code; null when killed by a signal. */
  code: number | null;
  stdout: string;
  /** What the command wrote to stderr (the launcher's own "Building the server…" notice left out). */
  stderr: string;
}

/** Settings of the machine running the tests that must not leak into a command told which database to use. */
const DATABASE_SETTINGS = [
  "DATABASE_URL",
  "DATA_DIR",
  "JWT_SECRET",
  "WORKFLOW_SECRET",
  "BACKUP_KEY",
  "BACKUP_KEY_FILE",
];

/**
 * Test support (not a test): runs an operator command as `npm run <script>` does — `node scripts/operator.mjs
 * <name> …args`, which runs the command's bundle dist/server/<name>.mjs — with `env` added to a clean copy of the
 * environment. The bundle is brought up to date first through the build function the launcher uses, so the
 * launcher itself rarely needs to build.
 */
export async function runOperatorCommand(
  name: string,
  args: string[],
  env: Record<string, string>,
  { timeoutMs = 120_000 }: { timeoutMs?: number } = {},
): Promise<OperatorRun> {
  await ensureServerBuild();
  const base = { ...process.env };
  for (const key of DATABASE_SETTINGS) delete base[key];
  const child = spawn(process.execPath, ["scripts/operator.mjs", name, ...args], {
    env: { ...base, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.on("close", (c) => resolve(c)));
  clearTimeout(timer);
  return { code, stdout, stderr: stderr.replace(/^Building the server…\n/m, "") };
}
