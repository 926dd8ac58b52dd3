import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { freePort } from "./free-port";
import { SERVER_PROCESS_ENV, serverCommand } from "./server-command";

/**
 * Test and measurement support (not a test): the real server process (the server bundle `npm start` runs, built
 * from the current sources) on a free loopback port, for the fault tests that signal it, the benchmark that times
 * its start and reads its memory, and the load test.
 */
export interface PulseProcess {
  child: ChildProcess;
  pid: number;
  port: number;
  baseURL: string;
  /** Milliseconds from spawn to the first 200 on /healthz. */
  startMs: number;
  /** CPU seconds the process had used at that first 200 (undefined without /proc): steadier than startMs. */
  startCpuSeconds: number | undefined;
  /** What the process wrote to stderr so far. */
  stderr(): string;
  /** Resolves once the process's stdout (its log, one JSON line per entry) has a line matching `pattern`. */
  waitForLog(pattern: RegExp): Promise<string>;
  /** Resolves with the exit code (null when killed by a signal) once the process has exited. */
  exited: Promise<number | null>;
  /** SIGTERM, then the exit; a process still running after `graceMs` is killed. */
  stop(graceMs?: number): Promise<number | null>;
}

export interface StartPulseOptions {
  env: Record<string, string>;
  /** Extra node flags (e.g. --cpu-prof). */
  nodeArgs?: string[];
  /**
   * Start through scripts/start.mjs, exactly as `npm start` does (its build checks, then the bundle), instead of
   * the bundle itself. The checks rebuild what is stale, the web app included: for the start-time benchmark,
   * which builds first.
   */
  viaStartScript?: boolean;
  /**
   * Another build's server bundle instead of this checkout's (bench/compare-builds.ts): a `dist/server/main.mjs`
   * copied inside the project, so that it finds the same node_modules. Used as it is, never rebuilt.
   */
  entry?: string;
  /**
   * A command the server runs under, before node and its arguments (bench/instructions.ts: valgrind's callgrind).
   */
  launcher?: string[];
  /**
   * Resolve once `/readyz` answers 200, not only `/healthz`: the public pages rendered, the change feed heard. The
   * benchmarks load a ready server, so that the start's one-off work (rendering the pages imports the web app's
   * server bundle) does not fall into a measured window.
   */
  untilReady?: boolean;
  timeoutMs?: number;
}

export async function startPulse({
  env,
  nodeArgs = [],
  viaStartScript = false,
  entry,
  launcher = [],
  untilReady = false,
  timeoutMs = 90_000,
}: StartPulseOptions): Promise<PulseProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const { command, args } = viaStartScript
    ? { command: process.execPath, args: [...nodeArgs, "scripts/start.mjs"] }
    : entry
      ? { command: process.execPath, args: [...nodeArgs, entry] }
      : await serverCommand(nodeArgs);
  const spawnedAt = performance.now();
  const [program, ...programArgs] = [...launcher, command, ...args];
  const child = spawn(program!, programArgs, {
    env: {
      ...process.env,
      ...SERVER_PROCESS_ENV,
      NODE_ENV: "development",
      LOG_LEVEL: "warn",
      COMPANY_DOMAIN: "acme.com",
      HOST: "127.0.0.1",
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  let stdout = "";
  const logWaiters = new Set<{ pattern: RegExp; resolve: (line: string) => void }>();
  const matchWaiters = () => {
    for (const waiter of logWaiters) {
      const line = stdout.split("\n").find((l) => waiter.pattern.test(l));
      if (line !== undefined) {
        logWaiters.delete(waiter);
        waiter.resolve(line);
      }
    }
  };
  // Read always, so a chatty log never fills the pipe and stalls the server.
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    if (logWaiters.size > 0) matchWaiters();
    else if (stdout.length > 1_000_000) stdout = stdout.slice(-100_000);
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`Pulse exited early: ${stderr}`);
    try {
      if ((await fetch(`${baseURL}/healthz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Pulse did not answer /healthz within ${timeoutMs} ms: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const startMs = performance.now() - spawnedAt;
  const startCpuSeconds = cpuSecondsOf(child.pid!);
  while (untilReady && (await fetch(`${baseURL}/readyz`)).status !== 200) {
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Pulse was not ready (/readyz) within ${timeoutMs} ms: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    child,
    pid: child.pid!,
    port,
    baseURL,
    startMs,
    startCpuSeconds,
    stderr: () => stderr,
    waitForLog(pattern) {
      return new Promise((resolve) => {
        logWaiters.add({ pattern, resolve });
        matchWaiters();
      });
    },
    exited,
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** Resident set size of a process in bytes (Linux /proc), or undefined where /proc is not there. */
export function rssOf(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * CPU time a process has used so far, user plus system, in seconds (Linux /proc, clock ticks of 10 ms), or
 * undefined where /proc is not there. Unlike throughput, CPU per request hardly moves when other processes
 * compete for the cores, so it compares two servers fairly on a busy machine.
 */
export function cpuSecondsOf(pid: number): number | undefined {
  try {
    // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}
