// `npm run bench:instructions` (issue #40): the instructions one API request costs, counted by valgrind's callgrind,
// for any number of builds of the server and the ceiling on the API bench's data. For a change of a few microseconds,
// which timed runs on a shared two-core machine cannot tell apart (bench/callgrind.ts says what a count leaves out).
// A process's count still moves with how V8 tiered its code (several percent; docs/performance.md, "A fifteenth
// machine"): compare medians of rounds, and areas that do not tier (the regular expressions) exactly.
// Each server runs under callgrind with instrumentation off, answers --warmup requests (so that V8 has compiled
// what the route runs), is switched on for exactly --requests more, off again, and stopped; callgrind writes its
// counts as the process exits. Servers alternate order from round to round, as in bench:compare. Each build after
// the first is read beside the first, function by function; the first beside the ceiling.
//   cp -r dist/server .data/server-before      (a build, copied inside the project so it finds node_modules)
//   npm run bench:instructions -- [--build=.data/server-before/main.mjs …] (dist/server/main.mjs when none)
//        [--db=postgres|pglite] [--route=/api/connectors] [--warmup=30000] [--requests=3000] [--rounds=2] [--top=20]
//        [--inclusive] [--keep=DIR]
// --inclusive adds, for each side, its costliest JavaScript functions and V8 C++ builtins counted with everything
// they call: where a cost spread thin over V8's builtins and runtime comes from (pg's copy of every statement's
// config was found this way: docs/performance.md, "An eighteenth machine"). A function's compiled versions are summed.
// --keep copies each process's callgrind output and V8's map of its code names into DIR, for what the tables do not
// show: `callgrind_annotate --tree=caller` names who calls a costly C++ function (docs/performance.md, "A
// twenty-second machine").
// Needs valgrind (on every machine kind here; Debian's package elsewhere). Slow: Node runs 20 to 50 times slower
// under callgrind: about a minute a server and round with the defaults on a machine of middle speed.
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { startPulse } from "../src/testing/pulse-process";
import { startCeiling } from "./api";
import { apiTarget, flag, flags, switchedOn } from "./args";
import { locateBundleFrame } from "./bundle-locate";
import {
  byCost,
  countPerRequest,
  isCompiler,
  parseCallgrindAnnotate,
  perfMapNames,
  UNNAMED,
  type InstructionCount,
} from "./callgrind";
import { DEFAULT_POSTGRES_URL, prepareDatabase } from "./fixtures";
import { loadRun, markdownTable, median, round } from "./measure";
import { perfAreaOf } from "./perf-report";

const run = promisify(execFile);
const builds = flags("build");
if (builds.length === 0) builds.push("dist/server/main.mjs");
const { route, kind } = apiTarget({ route: "/api/connectors", db: "postgres" });
const warmup = Number(flag("warmup", "30000"));
const requests = Number(flag("requests", "3000"));
const rounds = Number(flag("rounds", "2"));
const top = Number(flag("top", "20"));
const inclusive = switchedOn("inclusive");
const keep = flag("keep", "");
if (keep) mkdirSync(keep, { recursive: true });

const SERVER_HOST = "127.0.0.1";
/** The area V8's compilers are gathered in: shown in its own column, never among the differences. */
const COMPILERS_AREA = "(V8's compilers)";
/** A build's index in --build, or the ceiling. */
type Side = number | "ceiling";
const sides: Side[] = [...builds.keys(), "ceiling"];
const label = (side: Side) => (side === "ceiling" ? "ceiling" : String(builds[side]));
const dir = mkdtempSync(path.join(tmpdir(), "pulse-callgrind-"));
const vgdbPrefix = path.join(dir, "vgdb");
const db = await prepareDatabase(kind, {
  postgresUrl: process.env.BENCH_POSTGRES_URL ?? DEFAULT_POSTGRES_URL,
});
const headers = { authorization: `Bearer ${db.sessions[0]!.access_token}` };
const counts = new Map<Side, InstructionCount[]>(sides.map((side) => [side, []]));

async function count(side: Side, round: number): Promise<InstructionCount> {
  const outputFile = path.join(dir, `${side}-${round}.out`);
  const launcher = [
    // vgdb, behind callgrind_control, finds the process by names that hold $HOST as the server saw it: Pulse is
    // started with HOST=127.0.0.1 (its listening address); the ceiling gets the same, which it does not read.
    "env",
    `HOST=${SERVER_HOST}`,
    "valgrind",
    "--tool=callgrind",
    "--instr-atstart=no",
    // V8 writes and rewrites its code in memory: without this, callgrind runs stale translations of it.
    "--smc-check=all-non-file",
    `--vgdb-prefix=${vgdbPrefix}`,
    `--callgrind-out-file=${outputFile}`,
  ];
  // V8 names the code it compiles in /tmp/perf-<pid>.map, which names callgrind's unnamed addresses.
  const nodeArgs = ["--perf-basic-prof"];
  const server =
    side === "ceiling"
      ? await startCeiling(db, nodeArgs, launcher)
      : await startPulse({
          env: db.env,
          entry: path.resolve(builds[side]!),
          nodeArgs,
          launcher,
          timeoutMs: 300_000,
        });
  const instrument = (onOff: "on" | "off") =>
    run("callgrind_control", [`--vgdb-prefix=${vgdbPrefix}`, "-i", onOff, String(server.pid)], {
      env: { ...process.env, HOST: SERVER_HOST },
    });
  try {
    const url = `${server.baseURL}${route.path}${side === "ceiling" ? (route.ceilingQuery?.(db) ?? "") : ""}`;
    const load = { headers: side === "ceiling" ? undefined : headers, connections: 10 };
    await loadRun(url, { ...load, requests: warmup });
    await instrument("on");
    const counted = await loadRun(url, { ...load, requests });
    await instrument("off");
    if (counted.non2xx + counted.errors > 0)
      throw new Error(`${label(side)}: ${counted.non2xx} non-2xx answers, ${counted.errors} errors`);
  } finally {
    await server.stop(300_000);
  }
  const { stdout } = await run("callgrind_annotate", ["--threshold=100", outputFile], {
    maxBuffer: 256 * 1024 * 1024,
  });
  const perfMap = `/tmp/perf-${server.pid}.map`;
  const nameAt = perfMapNames(readFileSync(perfMap, "utf8"));
  if (keep) {
    const kept = path.join(keep, `${side === "ceiling" ? "ceiling" : `build${side}`}-round${round + 1}`);
    copyFileSync(outputFile, `${kept}.callgrind`);
    copyFileSync(perfMap, `${kept}.perf-${server.pid}.map`);
  }
  rmSync(perfMap, { force: true });
  const counted = located(countPerRequest(readFileSync(outputFile, "utf8"), stdout, requests, nameAt));
  if (!inclusive) return counted;
  const { stdout: withCallees } = await run(
    "callgrind_annotate",
    ["--inclusive=yes", "--threshold=99.9", outputFile],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  // A recursive call's inner levels ("'2", "'3" …) are inside its first level's count already.
  const outermost = withCallees
    .split("\n")
    .filter((line) => !/'\d+(?: \[[^\]]*\])?\s*$/.test(line))
    .join("\n");
  const callers = parseCallgrindAnnotate(outermost, nameAt)
    .filter((f) => f.name.startsWith("JS:") || /::Builtin_/.test(f.name))
    .map((f) => ({ name: f.name, instructions: f.instructions / requests }));
  const { functions } = located({ perRequest: 0, compilerPerRequest: 0, functions: callers });
  return { ...counted, inclusive: functions };
}

/**
 * Each function named as bench:profile --perf names it (the bundle's JavaScript by its sources), with its area
 * (a package, Pulse's file, V8's builtins, the garbage collector …) before the name.
 */
function located(count: InstructionCount): InstructionCount {
  const byName = new Map<string, number>();
  const byArea = new Map<string, number>();
  for (const f of count.functions) {
    const jit = f.name.startsWith("JS:") || f.name.startsWith("RegExp:");
    const { area, name } =
      f.name === UNNAMED || isCompiler(f.name)
        ? { area: "", name: f.name }
        : perfAreaOf(
            { dso: jit ? "[JIT]" : "node", kernel: false, symbol: f.name },
            process.cwd(),
            locateBundleFrame,
          );
    const key = area && !name.includes(area) ? `${area} ${name}` : name;
    byName.set(key, (byName.get(key) ?? 0) + f.instructions);
    const areaKey = area || (isCompiler(f.name) ? COMPILERS_AREA : f.name);
    byArea.set(areaKey, (byArea.get(areaKey) ?? 0) + f.instructions);
  }
  const sorted = (byKey: Map<string, number>) =>
    [...byKey].map(([name, instructions]) => ({ name, instructions })).sort(byCost);
  return { ...count, functions: sorted(byName), areas: sorted(byArea) };
}

try {
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) {
      console.log(`  ${label(side)}, round ${i + 1}/${rounds}`);
      counts.get(side)!.push(await count(side, i));
    }
  }
} finally {
  await db.drop();
  rmSync(dir, { recursive: true, force: true });
}

const k = (n: number) => `${round(n / 1000, 1)}k`;
const restOf = (c: InstructionCount) => c.perRequest - c.compilerPerRequest;
const all = (side: Side) => median(counts.get(side)!.map((c) => c.perRequest));
const rest = (side: Side) => median(counts.get(side)!.map(restOf));
const compiler = (side: Side) => median(counts.get(side)!.map((c) => c.compilerPerRequest));
type Breakdown = "functions" | "areas";
/** A function's (or an area's) instructions per request in each round (0 where it did not run), their median. */
const costOf = (side: Side, by: Breakdown, name: string) =>
  median(counts.get(side)!.map((c) => c[by]?.find((f) => f.name === name)?.instructions ?? 0));

console.log(
  `\n${kind} ${route.path}: instructions per request (user space), ${requests} requests counted after ${warmup}, ` +
    `medians of ${rounds} rounds, each on a fresh process, 10 connections\n\n` +
    markdownTable(
      ["build", "all", "V8's compilers", "the rest", "the rest ÷ ceiling's", "the rest, each round"],
      sides.map((side) => [
        label(side),
        k(all(side)),
        k(compiler(side)),
        k(rest(side)),
        side === "ceiling" ? "" : round(rest(side) / rest("ceiling")),
        counts
          .get(side)!
          .map((c) => k(restOf(c)))
          .join(", "),
      ]),
    ),
);

/** The areas, then the functions, whose cost per request differs most between two sides, compilers left out. */
function differences(from: Side, to: Side, by: Breakdown): void {
  const names = new Set(
    [from, to].flatMap((side) => counts.get(side)!.flatMap((c) => (c[by] ?? []).map((f) => f.name))),
  );
  const rows = [...names]
    .filter((name) => !isCompiler(name) && name !== COMPILERS_AREA)
    .map((name) => ({ name, from: costOf(from, by, name), to: costOf(to, by, name) }))
    .sort((x, y) => Math.abs(y.to - y.from) - Math.abs(x.to - x.from))
    .slice(0, top);
  console.log(
    `\n${label(to)} − ${label(from)}: the ${top} ${by} that differ most (instructions per request)\n\n` +
      markdownTable(
        [by === "areas" ? "area" : "function", label(from), label(to), "difference"],
        rows.map((r) => [r.name, round(r.from, 0), round(r.to, 0), round(r.to - r.from, 0)]),
      ),
  );
}
for (const by of ["areas", "functions"] as const) {
  for (const side of builds.keys()) if (side > 0) differences(0, side, by);
  differences("ceiling", 0, by);
}

if (inclusive) {
  for (const side of sides) {
    const names = new Set(counts.get(side)!.flatMap((c) => (c.inclusive ?? []).map((f) => f.name)));
    const rows = [...names]
      .map((name) => ({
        name,
        cost: median(
          counts.get(side)!.map((c) => c.inclusive?.find((f) => f.name === name)?.instructions ?? 0),
        ),
      }))
      .sort((x, y) => y.cost - x.cost)
      .slice(0, top);
    console.log(
      `\n${label(side)}: the ${top} costliest JavaScript functions and C++ builtins with everything they call ` +
        `(instructions per request; callers include their callees, so rows overlap)\n\n` +
        markdownTable(
          ["function", "with its callees"],
          rows.map((r) => [r.name, round(r.cost, 0)]),
        ),
    );
  }
}
