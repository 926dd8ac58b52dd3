// `npm run loadtest` (issue #14): N concurrent signed-in clients against a real Pulse process on loopback, mixing
// reads, PulseMap creation and connector switches for a bounded time and request count, each (or a share of them)
// with a realtime socket joined to its own connectors; then every acknowledged write is read back from the database
// (none lost, none duplicated), every acknowledged switch is matched to its realtime event, every 5xx counted, and
// the server's memory sampled throughout.
//   npm run loadtest -- --clients=200 --seconds=300 --database=postgres   (the soak; the default)
//   npm run loadtest -- --clients=20 --seconds=10 --database=pglite        (a short look)
//   --realtime=0.5 (the share of clients with a socket, default 1), --candidates=N (default: sized to the run),
//   --max-requests=N, --min-requests=N (go on past --seconds until N requests were made)
// Writes bench/results/loadtest.json. A short run of the same code is a test (bench/loadtest.test.ts).
import { mkdirSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { CONNECTORS_ROUTES, connectorPath, isPopupConnector } from "@shared/connectors";
import { CONNECTOR_TYPES } from "@shared/constants";
import { openDatabase } from "../src/server/db/client";
import { rssOf, startPulse, type PulseProcess } from "../src/testing/pulse-process";
import { DEFAULT_POSTGRES_URL, postgresAnswers, prepareDatabase, type DatabaseKind } from "./fixtures";
import {
  emptyTally,
  openListeners,
  tallyConnectorEvents,
  type EventTally,
  type SwitchAttempt,
} from "./loadtest-realtime";
import { mb, median, percentile, round, sampler } from "./measure";

export interface LoadtestOptions {
  clients: number;
  seconds: number;
  /** Stop after this many requests in all, whatever the time. */
  maxRequests: number;
  /**
   * Go on past `seconds` until this many requests were made (0 unless told): a short run on a busy machine still
   * makes enough of each kind to check.
   */
  minRequests?: number;
  database: DatabaseKind;
  postgresUrl?: string;
  /** The share of clients (0–1) that keep a realtime socket joined to their connectors; 1 unless told. */
  realtimeShare?: number;
  /** Candidates seeded (each a PulseMap creation can use once); sized to the run unless told. */
  candidates?: number;
  /** The longest wait, after the load, for realtime events still on their way. */
  drainMs?: number;
  log?: (message: string) => void;
}

interface Client {
  baseURL: string;
  token: string;
  userId: string;
  /** The last acknowledged switch of each connector type: what the database must hold at the end. */
  switches: Map<string, boolean>;
  /** Every switch that may have committed, in order: what the realtime events are matched to. */
  attempts: SwitchAttempt[];
  /** The run's seeded generator (a run's mix can be replayed). */
  random: () => number;
  /** Alias ids of candidates nobody has made a PulseMap of yet, shared by all clients. */
  candidates: string[];
}

interface Outcome {
  status: number;
  /** The alias id a 201 made a PulseMap of. */
  created?: string;
  /** The alias id a create was sent for whose outcome the client never learnt (network error). */
  unknown?: string;
  /** A create turn with no candidate left, made a read instead (the run's candidates were too few). */
  noCandidate?: true;
}

interface Action {
  name: string;
  weight: number;
  run(client: Client): Promise<Outcome>;
}

const request = async (client: Client, path: string, init: RequestInit = {}) => {
  const res = await fetch(`${client.baseURL}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${client.token}`,
      ...(init.body ? { "content-type": "application/json" } : {}),
    },
  });
  await res.arrayBuffer();
  return res.status;
};

/** Connectors the page switches directly (the popup ones change only through the workflow service's events). */
const SWITCHABLE = CONNECTOR_TYPES.filter((t) => !isPopupConnector(t));

/** The mix: one row per kind of client action, with its weight. */
export const MIX: Action[] = [
  {
    name: "read candidates",
    weight: 4,
    run: async (c) => ({ status: await request(c, "/api/streams/candidates?limit=50") }),
  },
  {
    name: "read PulseMaps",
    weight: 3,
    run: async (c) => ({ status: await request(c, "/api/projects?limit=100") }),
  },
  {
    name: "create PulseMap",
    weight: 1,
    async run(c) {
      const aliasId = c.candidates.pop();
      if (!aliasId) return { status: await request(c, "/api/projects?limit=1"), noCandidate: true };
      try {
        const status = await request(c, "/api/projects", {
          method: "POST",
          body: JSON.stringify({ alias_id: aliasId }),
        });
        return status === 201 ? { status, created: aliasId } : { status };
      } catch {
        return { status: 0, unknown: aliasId };
      }
    },
  },
  {
    name: "switch a connector",
    weight: 1,
    async run(c) {
      const type = SWITCHABLE[Math.floor(c.random() * SWITCHABLE.length)]!;
      const isActive = !(c.switches.get(type) ?? false);
      const sentAt = Date.now();
      let status = 0;
      try {
        status = await request(c, connectorPath(CONNECTORS_ROUTES.set, type), {
          method: "PUT",
          body: JSON.stringify({ is_active: isActive }),
        });
      } catch {
        // No answer: it may have committed all the same (kept below as an unknown outcome).
      }
      const settledAt = Date.now();
      if (status === 200) c.switches.set(type, isActive);
      if (status === 200 || status === 0 || status >= 500) {
        c.attempts.push({ type, isActive, sentAt, settledAt, outcome: status === 200 ? "acked" : "unknown" });
      }
      return { status };
    },
  },
];
// Realtime is not a turn of the mix: a listening client's socket stays open through the run (openListeners).

/**
 * Requests per second assumed when sizing the candidates: above what this 2-core machine served (665/s in the
 * 200-client soak on PostgreSQL). Too many candidates only cost setup time; too few turn the last creates into
 * reads, which the report counts (createTurnsWithoutCandidate).
 */
const REQUESTS_PER_SECOND_CEILING = 1_000;

/** Enough candidates that every create turn of the run has one: the expected creates and a quarter more. */
export function candidatesForRun(
  options: Pick<LoadtestOptions, "seconds" | "maxRequests" | "minRequests">,
): number {
  const total = MIX.reduce((n, a) => n + a.weight, 0);
  const createShare = MIX.find((a) => a.name === "create PulseMap")!.weight / total;
  const requests = Math.min(
    options.maxRequests,
    Math.max(options.minRequests ?? 0, options.seconds * REQUESTS_PER_SECOND_CEILING),
  );
  return Math.max(200, Math.ceil(requests * createShare * 1.25));
}

function pick(random: () => number): Action {
  const total = MIX.reduce((n, a) => n + a.weight, 0);
  let r = random() * total;
  for (const action of MIX) if ((r -= action.weight) < 0) return action;
  return MIX[0]!;
}

/** A small seeded generator, so a run's mix can be replayed. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function candidateAliasIds(baseURL: string, token: string): Promise<string[]> {
  const ids: string[] = [];
  let after: string | null = null;
  do {
    const q: string = after === null ? "" : `&after=${encodeURIComponent(after)}`;
    const res = await fetch(`${baseURL}/api/streams/candidates?limit=500${q}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const page = (await res.json()) as { candidates: { alias_id: string }[]; next_after: string | null };
    ids.push(...page.candidates.map((c) => c.alias_id));
    after = page.next_after;
  } while (after !== null);
  return ids;
}

export interface LoadtestReport {
  options: Omit<LoadtestOptions, "log">;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  status5xx: number;
  networkErrors: number;
  byAction: Record<string, { count: number; statuses: Record<string, number>; p50Ms: number; p99Ms: number }>;
  writes: {
    acknowledged: number;
    found: number;
    lost: number;
    duplicated: number;
    unknownOutcome: number;
    unacknowledgedFound: number;
  };
  /** Candidates seeded, and create turns that found none left (made reads: too few were seeded). */
  candidates: { seeded: number; createTurnsWithoutCandidate: number };
  /** Each client's last acknowledged switch per connector, against the row at the end. */
  connectorSwitches: { acknowledgedStates: number; wrongAtEnd: number };
  /** The listening clients' sockets: the events of their acknowledged switches (bench/loadtest-realtime.ts). */
  realtime: {
    sockets: number;
    events: EventTally;
    socketsClosedUnexpectedly: number;
    closeCodes: Record<string, number>;
    resyncs: number;
    seqGaps: number;
    /** How long the wait for events still on their way took, after the load. */
    drainMs: number;
    /** The tables whose changes are realtime events (a trigger calls pulse.notify_row_change()). */
    notifyingTables: string[];
    /** Whether creating a PulseMap can produce a realtime event (pulse.projects notifying). */
    pulseMapCreationNotifies: boolean;
  };
  memory: {
    samples: number;
    afterWarmUpMB: number;
    endMB: number;
    maxMB: number;
    growthAfterWarmUpMB: number;
    /** The server's RSS at each twentieth of the run (the shape a flat line after warm-up shows). */
    timelineMB: number[];
  };
}

export async function runLoadtest(options: LoadtestOptions): Promise<LoadtestReport> {
  const log = options.log ?? (() => undefined);
  const names = options.candidates ?? candidatesForRun(options);
  const db = await prepareDatabase(options.database, {
    users: options.clients,
    postgresUrl: options.postgresUrl,
    data: { names, aliasesPerName: 2, projects: 50 },
  });
  let pulse: PulseProcess | undefined;
  let listeners: Awaited<ReturnType<typeof openListeners>> | undefined;
  try {
    pulse = await startPulse({ env: db.env });
    const candidates = await candidateAliasIds(pulse.baseURL, db.sessions[0]!.access_token);
    const seededCandidates = candidates.length;
    const random = seeded(14);
    const clients: Client[] = db.sessions.map((s) => ({
      baseURL: pulse!.baseURL,
      token: s.access_token,
      userId: s.user.id,
      switches: new Map(),
      attempts: [],
      candidates,
      random,
    }));
    const listening = clients.slice(0, Math.round(clients.length * (options.realtimeShare ?? 1)));
    // PUBLIC_URL's origin, which the server allows in every environment (its default is localhost:PORT).
    const origin = new URL(db.env.PUBLIC_URL ?? `http://localhost:${pulse.port}`).origin;
    listeners = await openListeners(pulse.baseURL, origin, listening);
    log(
      `Pulse on ${db.kind}, ${options.clients} clients (${listeners.count} with a realtime socket), ` +
        `${options.seconds} s, ${seededCandidates} candidates`,
    );

    const byAction: Record<string, { count: number; statuses: Record<string, number>; latencies: number[] }> =
      {};
    const created: string[] = [];
    const unknown: string[] = [];
    let requests = 0;
    let noCandidate = 0;
    let status5xx = 0;
    let networkErrors = 0;
    const pid = pulse.pid;
    const rss = sampler(() => rssOf(pid), 500);
    const t0 = performance.now();
    const deadline = t0 + options.seconds * 1000;

    await Promise.all(
      clients.map(async (client) => {
        const minRequests = options.minRequests ?? 0;
        while ((performance.now() < deadline || requests < minRequests) && requests < options.maxRequests) {
          requests++;
          const action = pick(random);
          const started = performance.now();
          let outcome: Outcome;
          try {
            outcome = await action.run(client);
          } catch {
            outcome = { status: 0 };
          }
          const stats = (byAction[action.name] ??= { count: 0, statuses: {}, latencies: [] });
          stats.count++;
          stats.statuses[outcome.status] = (stats.statuses[outcome.status] ?? 0) + 1;
          stats.latencies.push(performance.now() - started);
          if (outcome.status >= 500) status5xx++;
          if (outcome.status === 0) networkErrors++;
          if (outcome.created) created.push(outcome.created);
          if (outcome.unknown) unknown.push(outcome.unknown);
          if (outcome.noCandidate) noCandidate++;
        }
      }),
    );
    const elapsed = (performance.now() - t0) / 1000;
    const samples = rss.stop();

    // Events still on their way: wait for each listening client's count to reach its acknowledged switches.
    const drainStarted = performance.now();
    const acked = (c: Client) => c.attempts.filter((a) => a.outcome === "acked").length;
    const ackedBy = new Map(listening.map((c) => [c.userId, acked(c)]));
    await listeners.drain((userId) => ackedBy.get(userId) ?? 0, options.drainMs ?? 5_000);
    const drainMs = performance.now() - drainStarted;
    const events = sumTallies(
      listening.map((c) => tallyConnectorEvents(c.attempts, listeners!.events(c.userId))),
    );
    const closeCodes = listeners.closedUnexpectedly();
    const resyncs = listeners.resyncs();
    const seqGaps = listeners.seqGaps();
    await listeners.close();
    await pulse.stop();

    // Read back from the database itself: PGlite admits one process, so after the server has stopped.
    const check = await openDatabase({
      databaseUrl: db.env.DATABASE_URL,
      dataDir: db.env.DATABASE_URL ? undefined : db.env.DATA_DIR,
    });
    const rows = await check.query<{ alias_id: string; n: string }>(
      "SELECT alias_id, count(*) AS n FROM pulse.projects WHERE alias_id IS NOT NULL GROUP BY alias_id",
    );
    const connectorRows = await check.query<{ user_id: string; type: string; is_active: boolean }>(
      "SELECT user_id, type, is_active FROM pulse.connectors",
    );
    const notifying = await check.query<{ table_name: string }>(
      `SELECT DISTINCT c.relname AS table_name
         FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_proc p ON p.oid = t.tgfoid
        WHERE n.nspname = 'pulse' AND p.proname = 'notify_row_change' ORDER BY 1`,
    );
    await check.close();
    const notifyingTables = notifying.map((r) => r.table_name);
    const storedSwitch = new Map(connectorRows.map((r) => [`${r.user_id} ${r.type}`, r.is_active]));
    const expectedSwitches = clients.flatMap((c) =>
      [...c.switches].map(([type, on]) => [`${c.userId} ${type}`, on] as const),
    );
    const switchesWrong = expectedSwitches.filter(([key, on]) => storedSwitch.get(key) !== on).length;
    const stored = new Map(rows.map((r) => [r.alias_id, Number(r.n)]));
    const acknowledged = new Set(created);
    const unknownSet = new Set(unknown);

    const warm = samples.slice(Math.floor(samples.length / 5));
    const afterWarmUp = warm[0] ?? NaN;
    const end = samples[samples.length - 1] ?? NaN;
    return {
      options: {
        clients: options.clients,
        seconds: options.seconds,
        maxRequests: options.maxRequests,
        minRequests: options.minRequests ?? 0,
        database: options.database,
        realtimeShare: options.realtimeShare ?? 1,
        candidates: names,
        drainMs: options.drainMs ?? 5_000,
      },
      seconds: round(elapsed, 1),
      requests,
      requestsPerSecond: round(requests / elapsed, 0),
      status5xx,
      networkErrors,
      byAction: Object.fromEntries(
        Object.entries(byAction).map(([name, s]) => [
          name,
          {
            count: s.count,
            statuses: s.statuses,
            p50Ms: round(median(s.latencies), 1),
            p99Ms: round(percentile(s.latencies, 0.99), 1),
          },
        ]),
      ),
      writes: {
        acknowledged: acknowledged.size,
        found: [...acknowledged].filter((id) => stored.has(id)).length,
        lost: [...acknowledged].filter((id) => !stored.has(id)).length,
        duplicated: [...stored.values()].filter((n) => n > 1).length + (created.length - acknowledged.size),
        unknownOutcome: unknownSet.size,
        unacknowledgedFound: [...stored.keys()].filter((id) => !acknowledged.has(id) && !unknownSet.has(id))
          .length,
      },
      candidates: { seeded: seededCandidates, createTurnsWithoutCandidate: noCandidate },
      connectorSwitches: { acknowledgedStates: expectedSwitches.length, wrongAtEnd: switchesWrong },
      realtime: {
        sockets: listening.length,
        events,
        socketsClosedUnexpectedly: Object.values(closeCodes).reduce((n, k) => n + k, 0),
        closeCodes,
        resyncs,
        seqGaps,
        drainMs: round(drainMs, 0),
        notifyingTables,
        pulseMapCreationNotifies: notifyingTables.includes("projects"),
      },
      memory: {
        samples: samples.length,
        afterWarmUpMB: mb(afterWarmUp),
        endMB: mb(end),
        maxMB: mb(Math.max(...samples)),
        growthAfterWarmUpMB: round(mb(end) - mb(afterWarmUp), 1),
        timelineMB: Array.from({ length: TIMELINE_POINTS + 1 }, (_, i) =>
          mb(samples[Math.round((i * (samples.length - 1)) / TIMELINE_POINTS)]),
        ),
      },
    };
  } finally {
    await listeners?.close();
    await pulse?.stop();
    await db.drop();
  }
}

const TIMELINE_POINTS = 20;

function sumTallies(tallies: EventTally[]): EventTally {
  const sum = emptyTally();
  for (const t of tallies) for (const key of Object.keys(sum) as (keyof EventTally)[]) sum[key] += t[key];
  return sum;
}

/**
 * Zero 5xx, zero lost or duplicated writes, nothing stored that nobody asked for, every switch as last acknowledged,
 * and on the realtime side an event for every acknowledged switch, none that shows a wrong or stale state, the last
 * one of each connector its last switch, no frame skipped and no socket dropped.
 */
export function loadtestPassed(report: LoadtestReport): boolean {
  const w = report.writes;
  const r = report.realtime;
  return (
    report.status5xx === 0 &&
    w.lost === 0 &&
    w.duplicated === 0 &&
    w.unacknowledgedFound === 0 &&
    report.connectorSwitches.wrongAtEnd === 0 &&
    r.events.missing === 0 &&
    r.events.unexpected === 0 &&
    r.events.lastWrong === 0 &&
    r.seqGaps === 0 &&
    r.socketsClosedUnexpectedly === 0
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
  const postgresUrl = process.env.BENCH_POSTGRES_URL ?? DEFAULT_POSTGRES_URL;
  const wanted = arg("database") as DatabaseKind | undefined;
  const database = wanted ?? ((await postgresAnswers(postgresUrl)) ? "postgres" : "pglite");
  const report = await runLoadtest({
    clients: Number(arg("clients") ?? 200),
    seconds: Number(arg("seconds") ?? 300),
    maxRequests: Number(arg("max-requests") ?? 5_000_000),
    minRequests: Number(arg("min-requests") ?? 0),
    database,
    postgresUrl,
    realtimeShare: Number(arg("realtime") ?? 1),
    ...(arg("candidates") === undefined ? {} : { candidates: Number(arg("candidates")) }),
    log: (m) => console.log(m),
  });
  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/loadtest.json", `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 2));
  const passed = loadtestPassed(report);
  console.log(
    passed
      ? "loadtest passed: no 5xx, no lost or duplicated write, a realtime event for every acknowledged switch"
      : "LOADTEST FAILED",
  );
  process.exit(passed ? 0 : 1);
}
