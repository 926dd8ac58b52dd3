// The API section of `npm run bench`: Pulse's signed-in read routes beside the bare node:http ceiling
// (bench/ceiling-server.ts) on the same data, alternating runs on fresh servers each round, medians of several.
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { freePort } from "../src/testing/free-port";
import { rssOf, startPulse, type PulseProcess } from "../src/testing/pulse-process";
import { postgresAnswers, prepareDatabase, type BenchDatabase, type DatabaseKind } from "./fixtures";
import {
  loadRun,
  markdownTable,
  mb,
  median,
  ratioAgainstGoal,
  round,
  roundRatios,
  roundsAgainstGoal,
  sampler,
  type LoadFigures,
  type RatioGoal,
} from "./measure";
import type { BenchContext, SectionResult } from "./sections";

/** The benchmarked routes: one entry each (the ceiling server must answer the same path). */
export const API_ROUTES: { name: string; path: string; ceilingQuery?: (db: BenchDatabase) => string }[] = [
  {
    name: "candidate list",
    path: "/api/streams/candidates",
    ceilingQuery: (db) => `?user_id=${db.sessions[0]!.user.id}`,
  },
  { name: "project list", path: "/api/projects" },
  {
    name: "connector list",
    path: "/api/connectors",
    ceilingQuery: (db) => `?user_id=${db.sessions[0]!.user.id}`,
  },
];

/**
 * Issue #40's goals (tightening issue #14's): Pulse ≥ 90 % of the ceiling's throughput and p99 ≤ 1.3 × the ceiling's
 * on every route, and its CPU per request ≤ 1.2 × the ceiling's on the routes whose own work is small beside
 * Pulse's (the connector and PulseMap lists).
 */
export const API_GOALS = {
  throughputRatio: 0.9,
  p99Ratio: 1.3,
  cpuRatio: 1.2,
  cpuRoutes: ["/api/connectors", "/api/projects"] as readonly string[],
};

/** Each ratio's goal on `route`, for the medians and the rounds alike: the CPU ratio has one on `cpuRoutes` only. */
const goalsOf = (route: string): { throughput: RatioGoal; p99: RatioGoal; cpu?: RatioGoal } => ({
  throughput: { atLeast: API_GOALS.throughputRatio },
  p99: { atMost: API_GOALS.p99Ratio },
  ...(API_GOALS.cpuRoutes.includes(route) ? { cpu: { atMost: API_GOALS.cpuRatio } } : {}),
});

interface Ceiling {
  baseURL: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * The ceiling server on `db`'s data, in its own process (with `nodeArgs`, e.g. --cpu-prof; under `launcher`, e.g.
 * valgrind, when given).
 */
export async function startCeiling(
  db: BenchDatabase,
  nodeArgs: string[] = [],
  launcher: string[] = [],
): Promise<Ceiling> {
  const port = await freePort();
  let copy: string | undefined;
  const env: Record<string, string> = { CEILING_PORT: String(port) };
  if (db.kind === "postgres") env.DATABASE_URL = db.location;
  else {
    // PGlite admits one process per directory: the ceiling reads its own copy of the same data.
    copy = mkdtempSync(path.join(tmpdir(), "pulse-ceiling-"));
    cpSync(db.location, copy, { recursive: true });
    env.PGLITE_DIR = copy;
  }
  const [program, ...programArgs] = [
    ...launcher,
    process.execPath,
    ...nodeArgs,
    "--import",
    "tsx",
    "bench/ceiling-server.ts",
  ];
  const child = spawn(program!, programArgs, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) break;
    } catch {
      // 30 s, or 5 minutes under a launcher (valgrind runs Node 20 to 50 times slower).
      if (i > (launcher.length ? 6_000 : 600)) throw new Error("the ceiling server did not start");
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    baseURL,
    pid: child.pid!,
    async stop() {
      const exited = new Promise((r) => child.on("exit", r));
      child.kill("SIGTERM");
      await exited;
      if (copy) rmSync(copy, { recursive: true, force: true });
    },
  };
}

/** One route's runs on one database, round by round: Pulse's and the ceiling's of round i at index i. */
interface RouteRuns {
  pulse: LoadFigures[];
  ceiling: LoadFigures[];
}

interface RouteFigures extends RouteRuns {
  database: DatabaseKind;
  route: string;
  sameJson: boolean;
  median: { pulse: LoadFigures; ceiling: LoadFigures };
  throughputRatio: number;
  p99Ratio: number;
  /** Pulse's CPU per request ÷ the ceiling's: what Pulse's own work costs, whatever else ran on the machine. */
  cpuRatio: number;
  /** The same ratios round by round, each Pulse beside the ceiling started with it: how far the machine moved. */
  rounds: { throughputRatio: number[]; p99Ratio: number[]; cpuRatio: number[] };
}

const roundsOf = ({ pulse, ceiling }: RouteRuns): RouteFigures["rounds"] => {
  const ratios = (figure: (run: LoadFigures) => number) =>
    roundRatios(pulse.map(figure), ceiling.map(figure));
  return {
    throughputRatio: ratios((run) => run.requestsPerSecond),
    p99Ratio: ratios((run) => run.p99Ms),
    cpuRatio: ratios((run) => run.cpuUsPerRequest!),
  };
};

const medianOf = (runs: LoadFigures[]): LoadFigures => ({
  requestsPerSecond: round(median(runs.map((r) => r.requestsPerSecond)), 0),
  p50Ms: median(runs.map((r) => r.p50Ms)),
  p99Ms: median(runs.map((r) => r.p99Ms)),
  non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
  errors: runs.reduce((n, r) => n + r.errors, 0),
  cpuUsPerRequest: median(runs.flatMap((r) => (r.cpuUsPerRequest === undefined ? [] : [r.cpuUsPerRequest]))),
});

/**
 * Warm-up of a freshly started server on a route before its counted run (JIT, caches, pool): here, in bench:compare
 * and in bench:profile, which also start their servers afresh. Long enough for V8 to have optimised the
 * request's code: after 2 s, both servers were still compiling through the next 10 (Pulse optimised 154 functions in
 * them, the ceiling 98; then 3–7 in each 10 s), at 15–40 % more CPU a request than later (decision 0110).
 */
export const WARM_UP_SECONDS = 10;

/** Both servers on `db`'s data, started afresh; the ceiling is stopped again if Pulse does not start. */
async function startPair(db: BenchDatabase): Promise<{ pulse: PulseProcess; ceiling: Ceiling }> {
  const ceiling = await startCeiling(db);
  try {
    return { pulse: await startPulse({ env: db.env, untilReady: true }), ceiling };
  } catch (error) {
    await ceiling.stop();
    throw error;
  }
}

async function benchOne(kind: DatabaseKind, ctx: BenchContext) {
  const db = await prepareDatabase(kind, { postgresUrl: ctx.postgresUrl });
  const headers = { authorization: `Bearer ${db.sessions[0]!.access_token}` };
  const load = { seconds: ctx.seconds, connections: ctx.connections };
  const runs = API_ROUTES.map((): RouteRuns => ({ pulse: [], ceiling: [] }));
  const sameJson: boolean[] = [];
  const rssIdle: number[] = [];
  const rssUnderLoad: number[] = [];
  try {
    for (let round = 0; round < ctx.rounds; round++) {
      // A fresh pair of servers each round: V8 compiles a process's hot code once, and one process in several draws a
      // slower version of it for its whole life (Node's own process.nextTick among them, in the ceiling as in Pulse:
      // docs/performance.md, "A twenty-second machine"). With one process a side, that draw decided the ratios.
      const { pulse, ceiling } = await startPair(db);
      try {
        const idle = rssOf(pulse.pid);
        if (idle !== undefined) rssIdle.push(idle);
        for (const [i, route] of API_ROUTES.entries()) {
          const pulseUrl = `${pulse.baseURL}${route.path}`;
          const ceilingUrl = `${ceiling.baseURL}${route.path}${route.ceilingQuery?.(db) ?? ""}`;
          if (round === 0) {
            const fromPulse = await (await fetch(pulseUrl, { headers })).json();
            const fromCeiling = await (await fetch(ceilingUrl)).json();
            sameJson[i] = isDeepStrictEqual(fromPulse, fromCeiling);
          }
          await loadRun(pulseUrl, { ...load, headers, seconds: WARM_UP_SECONDS });
          await loadRun(ceilingUrl, { ...load, seconds: WARM_UP_SECONDS });
          // Alternate which goes first, so a noisy neighbour's burst does not always land on the same one.
          const order = round % 2 === 0 ? (["pulse", "ceiling"] as const) : (["ceiling", "pulse"] as const);
          for (const who of order) {
            ctx.log(`  ${kind} ${route.path} ${who} run ${round + 1}/${ctx.rounds}`);
            if (who === "pulse") {
              const rss = sampler(() => rssOf(pulse.pid));
              runs[i]!.pulse.push(await loadRun(pulseUrl, { ...load, headers, pid: pulse.pid }));
              rssUnderLoad.push(...rss.stop());
            } else {
              runs[i]!.ceiling.push(await loadRun(ceilingUrl, { ...load, pid: ceiling.pid }));
            }
          }
        }
      } finally {
        await pulse.stop();
        await ceiling.stop();
      }
    }
  } finally {
    await db.drop();
  }
  const figures: RouteFigures[] = API_ROUTES.map((route, i) => {
    const med = { pulse: medianOf(runs[i]!.pulse), ceiling: medianOf(runs[i]!.ceiling) };
    return {
      database: kind,
      route: route.path,
      sameJson: sameJson[i]!,
      ...runs[i]!,
      median: med,
      // Kept to four decimals: the table's marks are decided by these, not by the two decimals it shows.
      throughputRatio: round(med.pulse.requestsPerSecond / med.ceiling.requestsPerSecond, 4),
      // Latencies are read to the microsecond (bench/measure.ts): a ceiling under 1 ms is divided by as it is.
      p99Ratio: round(med.pulse.p99Ms / med.ceiling.p99Ms, 4),
      cpuRatio: round(med.pulse.cpuUsPerRequest! / med.ceiling.cpuUsPerRequest!, 4),
      rounds: roundsOf(runs[i]!),
    };
  });
  return {
    figures,
    rss: {
      idleMB: mb(median(rssIdle)),
      underLoadMedianMB: mb(median(rssUnderLoad)),
      underLoadMaxMB: mb(Math.max(...rssUnderLoad)),
    },
  };
}

export async function benchApi(ctx: BenchContext): Promise<SectionResult> {
  const kinds: DatabaseKind[] = ["pglite"];
  if (await postgresAnswers(ctx.postgresUrl)) kinds.push("postgres");
  else ctx.log(`  PostgreSQL at ${ctx.postgresUrl} does not answer: PGlite only`);
  const results = [];
  for (const kind of kinds) results.push({ database: kind, ...(await benchOne(kind, ctx)) });

  // One row a route in each table, both marked by the same goals.
  const rows: (string | number)[][] = [];
  const eachRound: (string | number)[][] = [];
  for (const f of results.flatMap((r) => r.figures)) {
    const goals = goalsOf(f.route);
    rows.push([
      f.database,
      f.route,
      f.median.pulse.requestsPerSecond,
      f.median.ceiling.requestsPerSecond,
      ratioAgainstGoal(f.throughputRatio, goals.throughput),
      f.median.pulse.p50Ms,
      f.median.pulse.p99Ms,
      f.median.ceiling.p99Ms,
      ratioAgainstGoal(f.p99Ratio, goals.p99),
      f.median.pulse.cpuUsPerRequest!,
      f.median.ceiling.cpuUsPerRequest!,
      goals.cpu ? ratioAgainstGoal(f.cpuRatio, goals.cpu) : round(f.cpuRatio),
      f.sameJson ? "yes" : "NO",
      f.median.pulse.non2xx + f.median.pulse.errors,
    ]);
    eachRound.push([
      f.database,
      f.route,
      roundsAgainstGoal(f.rounds.throughputRatio, goals.throughput),
      roundsAgainstGoal(f.rounds.p99Ratio, goals.p99),
      roundsAgainstGoal(f.rounds.cpuRatio, goals.cpu),
    ]);
  }
  const memory = results.map((r) => [
    r.database,
    r.rss.idleMB,
    r.rss.underLoadMedianMB,
    r.rss.underLoadMaxMB,
  ]);
  return {
    figures: {
      goals: API_GOALS,
      rounds: ctx.rounds,
      secondsPerRun: ctx.seconds,
      connections: ctx.connections,
      results,
    },
    markdown: [
      `Medians of ${ctx.rounds} alternating runs of ${ctx.seconds} s, each round on a freshly started pair of servers, ${ctx.connections} connections, signed in; ceiling = bare node:http + the same SQL and JSON. Goals: throughput ratio ≥ ${API_GOALS.throughputRatio}, p99 ratio ≤ ${API_GOALS.p99Ratio}, CPU ratio ≤ ${API_GOALS.cpuRatio} on ${API_GOALS.cpuRoutes.join(" and ")}. CPU µs/req is the server process's own CPU time per answered request (on PostgreSQL the database server's CPU is not in it): it barely moves when other work competes for the cores, so the CPU ratio is the steadiest comparison on a busy machine.`,
      "",
      markdownTable(
        [
          "database",
          "route",
          "Pulse req/s",
          "ceiling req/s",
          "throughput ratio",
          "Pulse p50 ms",
          "Pulse p99 ms",
          "ceiling p99 ms",
          "p99 ratio",
          "Pulse CPU µs/req",
          "ceiling CPU µs/req",
          "CPU ratio",
          "same JSON",
          "Pulse non-2xx/errors",
        ],
        rows,
      ),
      "",
      "Each round, in order: Pulse ÷ the ceiling started beside it, read in the same state of the machine (the goals are decided by the medians above; a round that misses one is marked ✗).",
      "",
      markdownTable(["database", "route", "throughput ratio", "p99 ratio", "CPU ratio"], eachRound),
      "",
      "Pulse's memory (RSS, MB): idle after start (the median of its processes), and sampled every 250 ms under the API load.",
      "",
      markdownTable(["database", "idle", "under load (median)", "under load (max)"], memory),
    ].join("\n"),
  };
}
