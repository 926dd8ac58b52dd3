// `npm run bench:compare` (issue #40): two builds of the server side by side, with the ceiling, on one route of the
// API bench's data: for a change whose effect is smaller than the full bench's run-to-run spread. Each run starts its
// server afresh, in alternating order, because one process of a build can sit several percent off another process
// of the very same build for its whole life (docs/performance.md, "Comparing two builds"): with one long-lived
// server per side, which process each side drew would decide the result.
//   cp -r dist/server .data/server-before      (a build, copied inside the project so it finds node_modules)
//   … change, npm run build …
//   npm run bench:compare -- --a=.data/server-before/main.mjs [--b=dist/server/main.mjs] [--db=postgres|pglite]
//                            [--route=/api/connectors] [--rounds=8] [--seconds=5]
import path from "node:path";
import { startPulse } from "../src/testing/pulse-process";
import { startCeiling, WARM_UP_SECONDS } from "./api";
import { apiTarget, flag } from "./args";
import { DEFAULT_POSTGRES_URL, prepareDatabase } from "./fixtures";
import { loadRun, markdownTable, median, round, type LoadFigures } from "./measure";

const { route, kind } = apiTarget({ route: "/api/connectors", db: "postgres" });
const entries = { a: flag("a"), b: flag("b", "dist/server/main.mjs") };
const rounds = Number(flag("rounds", "8"));
const seconds = Number(flag("seconds", "5"));
if (!entries.a) throw new Error("--a=<server bundle> is required (see the head of bench/compare-builds.ts)");

type Side = "a" | "b" | "ceiling";
const db = await prepareDatabase(kind, {
  postgresUrl: process.env.BENCH_POSTGRES_URL ?? DEFAULT_POSTGRES_URL,
});
const headers = { authorization: `Bearer ${db.sessions[0]!.access_token}` };
const runs: Record<Side, LoadFigures[]> = { a: [], b: [], ceiling: [] };

async function measure(side: Side): Promise<LoadFigures> {
  const server =
    side === "ceiling"
      ? await startCeiling(db)
      : await startPulse({ env: db.env, entry: path.resolve(entries[side]!), untilReady: true });
  try {
    const url = `${server.baseURL}${route.path}${side === "ceiling" ? (route.ceilingQuery?.(db) ?? "") : ""}`;
    const load = { headers: side === "ceiling" ? undefined : headers, connections: 10 };
    await loadRun(url, { ...load, seconds: WARM_UP_SECONDS }); // not counted
    return await loadRun(url, { ...load, seconds, pid: server.pid });
  } finally {
    await server.stop();
  }
}

try {
  for (let i = 0; i < rounds; i++) {
    const order: Side[] = i % 2 === 0 ? ["a", "b", "ceiling"] : ["ceiling", "b", "a"];
    for (const side of order) {
      console.log(`  ${side} run ${i + 1}/${rounds}`);
      runs[side].push(await measure(side));
    }
  }
} finally {
  await db.drop();
}

const cpu = (side: Side) => median(runs[side].map((r) => r.cpuUsPerRequest!));
const rps = (side: Side) => median(runs[side].map((r) => r.requestsPerSecond));
const rows = (["a", "b", "ceiling"] as const).map((side) => [
  side === "ceiling" ? "ceiling" : `${side}: ${entries[side]}`,
  round(rps(side), 0),
  side === "ceiling" ? "" : round(rps(side) / rps("ceiling")),
  cpu(side),
  side === "ceiling" ? "" : round(cpu(side) / cpu("ceiling")),
  runs[side].map((r) => r.cpuUsPerRequest).join(", "),
]);
console.log(
  `\n${kind} ${route.path}: medians of ${rounds} runs of ${seconds} s, each on a fresh process, 10 connections\n\n` +
    markdownTable(
      ["build", "req/s", "throughput ÷ ceiling", "CPU µs/req", "CPU ÷ ceiling", "CPU µs/req of each run"],
      rows,
    ),
);
console.log(`\nb − a: ${round(cpu("b") - cpu("a"), 0)} µs of CPU per request`);
