// `npm run bench:profile` (issue #40): where Pulse's own CPU goes while it answers one API route under the API
// bench's load. Starts the built server with `node --cpu-prof` on the bench's data set, loads the route as
// `npm run bench -- --only=api` does, stops the server (V8 writes the profile as it exits) and prints the self time
// of the load window per area and per function, in µs per request, with the bundle's frames named by their sources.
//   npm run bench:profile -- --route=/api/connectors [--db=pglite|postgres] [--seconds=10] [--top=25] [--ceiling]
//                            [--env=NAME=value …]   (Pulse's environment, beside the bench's)
// With --ceiling, the bench's ceiling server (bench/ceiling-server.ts) is profiled instead, under the same load: the
// reference each of Pulse's entries is read beside.
// The profile is kept in bench/results/profiles/ (open it in Chrome DevTools' Performance panel).
import { mkdirSync, readdirSync, readFileSync, rmSync, existsSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startPulse } from "../src/testing/pulse-process";
import { API_ROUTES, startCeiling } from "./api";
import { summariseProfile, type CpuProfile, type Locate, type ProfileEntry } from "./cpu-profile";
import { DEFAULT_POSTGRES_URL, prepareDatabase, type DatabaseKind } from "./fixtures";
import { loadRun, markdownTable, round } from "./measure";

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const route = flag("route", "/api/connectors");
const kind = flag("db", "pglite") as DatabaseKind;
const seconds = Number(flag("seconds", "10"));
const top = Number(flag("top", "25"));
const ceiling = args.includes("--ceiling");
const extraEnv = Object.fromEntries(
  args.filter((a) => a.startsWith("--env=")).map((a) => a.slice("--env=".length).split(/=(.*)/s).slice(0, 2)),
) as Record<string, string>;
if (!API_ROUTES.some((r) => r.path === route))
  throw new Error(`--route must be one of the API bench's routes`);
if (kind !== "pglite" && kind !== "postgres") throw new Error("--db must be pglite or postgres");

const name = `${ceiling ? "ceiling" : "pulse"}-${kind}-${route.replaceAll("/", "_").replace(/^_/, "")}`;
// A folder per run: V8 writes a profile per thread (the ceiling's TypeScript loader has its own), named by the pid.
const dir = path.resolve("bench/results/profiles", name);
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

const maps = new Map<string, SourceMap | undefined>();
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

const db = await prepareDatabase(kind, {
  postgresUrl: process.env.BENCH_POSTGRES_URL ?? DEFAULT_POSTGRES_URL,
});
try {
  // A sample every 100 µs (V8 takes one a millisecond by default): a request of 50 µs is otherwise seen once in 20.
  const nodeArgs = ["--cpu-prof", "--cpu-prof-interval=100", `--cpu-prof-dir=${dir}`];
  const server = ceiling
    ? await startCeiling(db, nodeArgs)
    : await startPulse({ env: { ...db.env, ...extraEnv }, nodeArgs });
  const headers = ceiling ? undefined : { authorization: `Bearer ${db.sessions[0]!.access_token}` };
  const ceilingQuery = API_ROUTES.find((r) => r.path === route)?.ceilingQuery?.(db) ?? "";
  const url = `${server.baseURL}${route}${ceiling ? ceilingQuery : ""}`;
  await loadRun(url, { headers, seconds: 2, connections: 10 });
  const fromUs = monotonicUs();
  const load = await loadRun(url, { headers, seconds, connections: 10, pid: server.pid });
  const toUs = monotonicUs();
  const requests = Math.round(load.requestsPerSecond * seconds);
  await server.stop();

  // The main thread's: the one that answered, so the busiest in the window (the ceiling's TypeScript loader thread
  // may hold more samples, all idle).
  const summaries = readdirSync(dir).map((file) => {
    const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as CpuProfile;
    return {
      file,
      summary: summariseProfile(profile, { fromUs, toUs, requests, root: process.cwd(), top, locate }),
    };
  });
  const { file, summary } = summaries.sort((a, b) => b.summary.busyUs - a.summary.busyUs)[0]!;
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
  console.log(`\nprofile: ${path.relative(process.cwd(), path.join(dir, file))}`);
} finally {
  await db.drop();
}

/** The server bundle's frames mapped through its linked source map; other frames as they are. */
function locate(frame: Parameters<Locate>[0]): ReturnType<Locate> {
  const map = sourceMapOf(frame.url);
  const found = map?.findEntry(frame.lineNumber, frame.columnNumber);
  if (!found || !("originalSource" in found) || !found.originalSource) return frame;
  const source = path.resolve(path.dirname(fileURLToPath(frame.url)), found.originalSource);
  return { url: `file://${source}`, lineNumber: found.originalLine };
}

function sourceMapOf(url: string): SourceMap | undefined {
  if (!maps.has(url)) {
    // Pulse's own bundle only: packages ship maps whose sources are not in the package.
    const file =
      url.startsWith("file://") && url.includes("/dist/server/") ? `${fileURLToPath(url)}.map` : undefined;
    maps.set(
      url,
      file && existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, "utf8")) as never) : undefined,
    );
  }
  return maps.get(url);
}
