// `npm run bench:profile` (issue #40): where Pulse's own CPU goes while it answers one API route under the API
// bench's load. Starts the built server with `node --cpu-prof` on the bench's data set, loads the route as
// `npm run bench -- --only=api` does, stops the server (V8 writes the profile as it exits) and prints the self time
// of the load window per area and per function, in µs per request, with the bundle's frames named by their sources.
//   npm run bench:profile -- --route=/api/connectors [--db=pglite|postgres] [--seconds=10] [--top=25] [--ceiling]
//                            [--perf] [--env=NAME=value …]   (Pulse's environment, beside the bench's)
// With --ceiling, the bench's ceiling server (bench/ceiling-server.ts) is profiled instead, under the same load: the
// reference each of Pulse's entries is read beside.
// With --perf, Linux's perf samples the whole process instead of V8's profiler (bench/perf-report.ts says why); it
// needs `perf` (Debian's linux-perf) and permission to attach to the server.
// The profile is kept in bench/results/profiles/ (V8's: open it in Chrome DevTools' Performance panel; perf's:
// `perf report -i …` once the perf-<pid>.map kept beside it is copied back to /tmp).
import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { startPulse } from "../src/testing/pulse-process";
import { startCeiling, WARM_UP_SECONDS } from "./api";
import { apiTarget, flag, flags, switchedOn } from "./args";
import { locateBundleFrame } from "./bundle-locate";
import { summariseProfile, type CpuProfile, type ProfileEntry, type ProfileSummary } from "./cpu-profile";
import { DEFAULT_POSTGRES_URL, prepareDatabase } from "./fixtures";
import { loadRun, markdownTable, round, type LoadFigures } from "./measure";
import { summarisePerfReport } from "./perf-report";

const target = apiTarget({ route: "/api/connectors", db: "pglite" });
const { kind } = target;
const route = target.route.path;
const seconds = Number(flag("seconds", "10"));
const top = Number(flag("top", "25"));
const ceiling = switchedOn("ceiling");
const withPerf = switchedOn("perf");
const extraEnv = Object.fromEntries(flags("env").map((a) => a.split(/=(.*)/s).slice(0, 2))) as Record<
  string,
  string
>;

const name = `${withPerf ? "perf-" : ""}${ceiling ? "ceiling" : "pulse"}-${kind}-${route.replaceAll("/", "_").replace(/^_/, "")}`;
// A folder per run: V8 writes a profile per thread (the ceiling's TypeScript loader has its own), named by the pid.
const dir = path.resolve("bench/results/profiles", name);
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

const db = await prepareDatabase(kind, {
  postgresUrl: process.env.BENCH_POSTGRES_URL ?? DEFAULT_POSTGRES_URL,
});
try {
  // V8's profiler: a sample every 100 µs (V8 takes one a millisecond by default): a request of 50 µs is otherwise
  // seen once in 20. perf: V8 names the code it writes in /tmp/perf-<pid>.map.
  const nodeArgs = withPerf
    ? ["--perf-basic-prof"]
    : ["--cpu-prof", "--cpu-prof-interval=100", `--cpu-prof-dir=${dir}`];
  const server = ceiling
    ? await startCeiling(db, nodeArgs)
    : await startPulse({ env: { ...db.env, ...extraEnv }, nodeArgs, untilReady: true });
  const headers = ceiling ? undefined : { authorization: `Bearer ${db.sessions[0]!.access_token}` };
  const ceilingQuery = target.route.ceilingQuery?.(db) ?? "";
  const url = `${server.baseURL}${route}${ceiling ? ceilingQuery : ""}`;
  await loadRun(url, { headers, seconds: WARM_UP_SECONDS, connections: 10 });
  const recording = withPerf ? await recordWithPerf(server.pid, seconds) : undefined;
  const fromUs = monotonicUs();
  const load = await loadRun(url, { headers, seconds, connections: 10, pid: server.pid });
  const toUs = monotonicUs();
  const perfExit = await recording?.exited;
  const requests = Math.round(load.requestsPerSecond * seconds);
  await server.stop();
  if (withPerf && perfExit !== 0) throw new Error(`perf record exited with ${perfExit}`);
  if (withPerf) {
    // Its map names the JIT's code: perf report reads it from /tmp; a copy stays with the recording.
    copyFileSync(`/tmp/perf-${server.pid}.map`, path.join(dir, `perf-${server.pid}.map`));
    const report = perfReport(path.join(dir, "perf.data"));
    rmSync(`/tmp/perf-${server.pid}.map`, { force: true });
    printSummary(
      load,
      requests,
      summarisePerfReport(report, { requests, root: process.cwd(), top, locate: locateBundleFrame }),
    );
    console.log(`\nrecording: ${path.relative(process.cwd(), path.join(dir, "perf.data"))}`);
  } else {
    printV8Profile(load, requests, fromUs, toUs);
  }
} finally {
  await db.drop();
}

/** V8 writes a profile per thread; the main thread's is read. */
function printV8Profile(load: LoadFigures, requests: number, fromUs: number, toUs: number): void {
  // The main thread's: the one that answered, so the busiest in the window (the ceiling's TypeScript loader thread
  // may hold more samples, all idle).
  const summaries = readdirSync(dir).map((file) => {
    const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as CpuProfile;
    return {
      file,
      summary: summariseProfile(profile, {
        fromUs,
        toUs,
        requests,
        root: process.cwd(),
        top,
        locate: locateBundleFrame,
      }),
    };
  });
  const { file, summary } = summaries.sort((a, b) => b.summary.busyUs - a.summary.busyUs)[0]!;
  printSummary(load, requests, summary);
  console.log(`\nprofile: ${path.relative(process.cwd(), path.join(dir, file))}`);
}

function printSummary(load: LoadFigures, requests: number, summary: ProfileSummary): void {
  const table = (title: string, entries: ProfileEntry[]) =>
    markdownTable(
      [title, "µs/request", "share"],
      entries.map((e) => [e.name, round(e.usPerRequest, 1), `${round(e.share * 100, 1)} %`]),
    );
  console.log(
    `\n${ceiling ? "ceiling" : "Pulse"}, ${kind} ${route}: ${load.requestsPerSecond} req/s, p99 ${load.p99Ms} ms, process CPU ${load.cpuUsPerRequest} µs/request, sampled busy ${round(summary.busyUs / Math.max(requests, 1), 1)} µs/request\n`,
  );
  console.log(table("area (self time)", summary.areas));
  console.log();
  console.log(table("function (self time)", summary.functions));
}

/**
 * perf samples every thread of the process (V8's helpers too) on the CPU clock for the load's `seconds`. Resolves once
 * it runs, with the wait for its exit code (a failure is reported once the load is over).
 */
async function recordWithPerf(pid: number, seconds: number): Promise<{ exited: Promise<number | null> }> {
  const output = path.join(dir, "perf.data");
  const args = [
    // No call chains: recording them (-g) cost the connector list half as much CPU again here; add -g by hand to
    // read what each function's callees cost (`perf report --children`), knowing the figures grow with it.
    ..."record -e cpu-clock -F 1999 -p".split(" "),
    String(pid),
    "-o",
    output,
    "--",
    "sleep",
    `${seconds}`,
  ];
  const perf = spawn("perf", args, { stdio: ["ignore", "ignore", "inherit"] });
  await new Promise((resolve, reject) => {
    perf.once("spawn", resolve);
    perf.once("error", (error) => reject(new Error(`perf could not be started: ${error.message}`)));
  });
  return { exited: new Promise((resolve) => perf.once("exit", resolve)) };
}

function perfReport(recording: string): string {
  const args = [
    "report",
    "-i",
    recording,
    ..."--stdio --no-children -g none --sort dso,sym --percent-limit 0".split(" "),
  ];
  return execFileSync("perf", args, {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    stdio: ["ignore", "pipe", "ignore"],
  });
}
