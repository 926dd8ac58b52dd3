// `npm run bench:definitions` (issue #40): the calls that define or copy properties one by one on the API bench's
// requests, by call site, per request. Such a call on a fresh object runs V8's property machinery in C++, which a
// profile spreads thin over V8's runtime; counted here, one made on every request stands out. Two were found this
// way: pg's copy of every statement's config (decision 0104) and esbuild's `__name` on a closure made per request
// (decision 0106). Starts the server with bench/count-definitions.mjs preloaded, answers --warmup requests, counts
// over --requests more (signalled with SIGUSR2), and prints each call site seen at least once in 20 requests.
//   npm run bench:definitions -- [--build=.data/server-before/main.mjs] [--db=postgres|pglite]
//        [--route=/api/connectors] [--warmup=5000] [--requests=2000]
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startPulse } from "../src/testing/pulse-process";
import { apiTarget, flag } from "./args";
import { DEFAULT_POSTGRES_URL, prepareDatabase } from "./fixtures";
import { loadRun, markdownTable, round } from "./measure";

const build = flag("build", "dist/server/main.mjs");
const { route, kind } = apiTarget({ route: "/api/connectors", db: "postgres" });
const warmup = Number(flag("warmup", "5000"));
const requests = Number(flag("requests", "2000"));

/** Call sites made at least this often per request are printed. */
const SHOWN_FROM = 0.05;

/** Each call site's calls per request, the most frequent first, from the preload's [site, calls] pairs. */
function perRequest(calls: [string, number][], requests: number, shownFrom = SHOWN_FROM) {
  return calls
    .map(([site, n]) => ({ site, perRequest: n / requests }))
    .filter((c) => c.perRequest >= shownFrom)
    .sort((a, b) => b.perRequest - a.perRequest);
}

const out = path.join(tmpdir(), `pulse-definitions-${process.pid}.json`);
const db = await prepareDatabase(kind, {
  postgresUrl: process.env.BENCH_POSTGRES_URL ?? DEFAULT_POSTGRES_URL,
});
try {
  const server = await startPulse({
    env: { ...db.env, PULSE_DEFINITIONS_OUT: out },
    entry: path.resolve(build),
    nodeArgs: ["--import", path.resolve("bench/count-definitions.mjs")],
  });
  try {
    const load = {
      headers: { authorization: `Bearer ${db.sessions[0]!.access_token}` },
      connections: 10,
    };
    const url = `${server.baseURL}${route.path}`;
    await loadRun(url, { ...load, requests: warmup });
    process.kill(server.pid, "SIGUSR2");
    const counted = await loadRun(url, { ...load, requests });
    process.kill(server.pid, "SIGUSR2");
    if (counted.non2xx + counted.errors > 0)
      throw new Error(`${counted.non2xx} non-2xx answers, ${counted.errors} errors`);
  } finally {
    await server.stop();
  }
  const rows = perRequest(JSON.parse(readFileSync(out, "utf8")) as [string, number][], requests);
  console.log(
    `\n${kind} ${route.path}: property definitions per request, ${requests} requests after ${warmup}\n`,
  );
  console.log(
    rows.length === 0
      ? "none"
      : markdownTable(
          ["per request", "call site (the call, its caller, and three more frames)"],
          rows.map((r) => [String(round(r.perRequest, 2)), r.site]),
        ),
  );
} finally {
  rmSync(out, { force: true });
  await db.drop();
}
