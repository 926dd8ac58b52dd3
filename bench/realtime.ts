/**
 * Realtime bench (issue #12): N sockets on one instance, each joined to its own user's connectors; the time from
 * a committed change to the owning client's event (p50, p99) beside a raw LISTEN/NOTIFY round trip on the same
 * database in the same run, and the server's memory per idle socket. Not a timed test: `npm run bench:realtime`
 * prints JSON; `benchRealtime()` returns the same figures for `npm run bench`.
 *
 * Database: BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL (a scratch database is created on that server
 * and dropped), else the embedded PGlite. Options: BENCH_SOCKETS (default 1000), BENCH_SAMPLES (default 300).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { openDatabase, type Database } from "../src/server/db/client";
import { createScratchPostgresDatabase, postgresServerUrl } from "../src/testing/test-database";
import { percentile, round } from "./measure";

export interface RealtimeBenchResult {
  engine: "postgres" | "pglite";
  sockets: number;
  samples: number;
  commitToClientMs: { p50: number; p99: number; max: number };
  rawNotifyMs: { p50: number; p99: number; max: number };
  /** The UPDATE's own round trip (statement, trigger, commit), the first part of commit → client. */
  updateStatementMs: { p50: number; p99: number; max: number };
  p99OverRaw: number;
  /** The server process's heap and external memory per idle joined socket (clients run in a worker thread). */
  bytesPerIdleSocket: number;
  setupSeconds: number;
}

const now = () => performance.timeOrigin + performance.now();

function percentiles(values: number[]): { p50: number; p99: number; max: number } {
  return {
    p50: round(percentile(values, 0.5)),
    p99: round(percentile(values, 0.99)),
    max: round(percentile(values, 1)),
  };
}

function serverMemory(): number {
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

async function rawRoundTrips(db: Database, samples: number): Promise<number[]> {
  let resolveNext: ((at: number) => void) | undefined;
  const unlisten = await db.listen("pulse_bench_raw", () => resolveNext?.(now()));
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const heard = new Promise<number>((resolve) => (resolveNext = resolve));
    const start = now();
    await db.query("SELECT pg_notify('pulse_bench_raw', $1)", [String(i)]);
    times.push((await heard) - start);
  }
  await unlisten();
  return times;
}

export async function benchRealtime(
  options: { sockets?: number; samples?: number; databaseUrl?: string | undefined } = {},
): Promise<RealtimeBenchResult> {
  const sockets = options.sockets ?? Number(process.env.BENCH_SOCKETS ?? 1000);
  const samples = options.samples ?? Number(process.env.BENCH_SAMPLES ?? 300);
  const serverUrl =
    options.databaseUrl ?? process.env.BENCH_DATABASE_URL ?? postgresServerUrl() ?? process.env.DATABASE_URL;
  const setupStart = now();
  const scratch = serverUrl ? await createScratchPostgresDatabase(serverUrl, "pulse_bench") : undefined;
  const db = await openDatabase({ databaseUrl: scratch?.databaseUrl });
  const dataDir = mkdtempSync(path.join(tmpdir(), "pulse-bench-"));
  const config = {
    ...loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, COMPANY_DOMAIN: "acme.com", LOG_LEVEL: "silent" }),
    webDir: undefined,
  };
  const app = await buildApp(config, { db, logger: false });
  let worker: Worker | undefined;
  try {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as { port: number };

    const ids = await db.query<{ id: string }>(
      `INSERT INTO auth.users (email, email_verified)
       SELECT 'bench' || g || '@acme.com', true FROM generate_series(1, $1::int) g RETURNING id`,
      [sockets],
    );
    await db.query(
      "INSERT INTO pulse.connectors (user_id, type) SELECT id, 'slack' FROM auth.users WHERE email LIKE 'bench%'",
    );
    const users: { id: string; token: string }[] = [];
    for (const { id } of ids) {
      users.push({ id, token: (await app.auth.sessions.create(id)).access_token });
    }

    const before = serverMemory();
    const events = new Map<string, (at: number) => void>();
    worker = new Worker(new URL("./realtime-clients.mjs", import.meta.url), {
      workerData: { url: `ws://127.0.0.1:${port}/realtime`, origin: new URL(config.publicUrl).origin, users },
    });
    await new Promise<void>((resolve, reject) => {
      worker!.on("error", reject);
      worker!.on("message", (message: { type: string; userId?: string; at?: number }) => {
        if (message.type === "joined") resolve();
        if (message.type === "event") events.get(message.userId!)?.(message.at!);
      });
    });
    const bytesPerIdleSocket = Math.round((serverMemory() - before) / sockets);
    const setupSeconds = Math.round((now() - setupStart) / 100) / 10;

    const commitToClient: number[] = [];
    const updateStatement: number[] = [];
    for (let i = 0; i < samples; i++) {
      const user = users[(i * 7919) % users.length]!;
      const heard = new Promise<number>((resolve) => events.set(user.id, resolve));
      const start = now();
      await db.query("UPDATE pulse.connectors SET is_active = NOT is_active WHERE user_id = $1", [user.id]);
      updateStatement.push(now() - start);
      commitToClient.push((await heard) - start);
      events.delete(user.id);
    }
    const raw = percentiles(await rawRoundTrips(db, samples));
    const measured = percentiles(commitToClient);
    return {
      engine: db.kind,
      sockets,
      samples,
      commitToClientMs: measured,
      rawNotifyMs: raw,
      updateStatementMs: percentiles(updateStatement),
      p99OverRaw: Math.round((measured.p99 / raw.p99) * 100) / 100,
      bytesPerIdleSocket,
      setupSeconds,
    };
  } finally {
    if (worker) {
      const closed = new Promise((resolve) => worker!.once("message", resolve));
      worker.postMessage({ type: "close" });
      await closed;
      await worker.terminate();
    }
    await app.close();
    await db.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchRealtime();
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
