// `npm run bench` (issue #14): measures Pulse beside its references on this machine and writes
// bench/results/latest.json and bench/results/latest.md. Flags:
//   --quick            fewer, shorter runs; slow sections (Lighthouse) skipped
//   --skip=a,b         skip sections by name;  --only=a,b  run only these
//   --out=name         write bench/results/name.{json,md} instead of latest.*
//   BENCH_POSTGRES_URL PostgreSQL server for the PostgreSQL figures (default postgres://postgres@127.0.0.1:5432/test;
//                      skipped when it does not answer)
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { spawnSync } from "node:child_process";
import { benchApi } from "./api";
import { DEFAULT_POSTGRES_URL, postgresAnswers } from "./fixtures";
import { benchRealtime } from "./realtime";
import { benchStreams } from "./streams-candidates";
import { fromFigures, type BenchContext, type BenchSection } from "./sections";
import { benchServer } from "./server";
import { benchLighthouse, benchWebSizes } from "./web";

/** Every measurement, in report order. A new one is one entry (see bench/sections.ts `fromFigures`). */
const SECTIONS: BenchSection[] = [
  { name: "api", title: "API: Pulse beside the node:http + SQL ceiling", run: benchApi },
  { name: "server", title: "Server: start and memory", run: benchServer },
  { name: "web", title: "Web: per-route JS and CSS (gzip)", run: benchWebSizes },
  { name: "lighthouse", title: "Web: Lighthouse (mobile)", slow: true, run: benchLighthouse },
  fromFigures("realtime", "Realtime: commit → client, beside LISTEN/NOTIFY", async (ctx) =>
    benchRealtime({
      sockets: ctx.quick ? 200 : 1000,
      samples: ctx.quick ? 100 : 300,
      databaseUrl: (await postgresAnswers(ctx.postgresUrl)) ? ctx.postgresUrl : undefined,
    }),
  ),
  fromFigures(
    "streams",
    "Streams: candidates over 100,000 aliases",
    async (ctx) => benchStreams((await postgresAnswers(ctx.postgresUrl)) ? ctx.postgresUrl : undefined),
    { slow: true },
  ),
];

const args = process.argv.slice(2);
const list = (flag: string) =>
  args
    .find((a) => a.startsWith(`--${flag}=`))
    ?.slice(flag.length + 3)
    .split(",")
    .filter(Boolean);
const quick = args.includes("--quick");
const skip = new Set(list("skip") ?? []);
const only = list("only");
const out = list("out")?.[0] ?? "latest";

const ctx: BenchContext = {
  quick,
  postgresUrl: process.env.BENCH_POSTGRES_URL ?? DEFAULT_POSTGRES_URL,
  rounds: quick ? 3 : 5,
  seconds: quick ? 2 : 10,
  connections: 10,
  log: (message) => console.log(message),
};

const chosen = SECTIONS.filter((s) =>
  only ? only.includes(s.name) : !skip.has(s.name) && !(quick && s.slow),
);
if (chosen.some((s) => s.name === "server" || s.name === "web" || s.name === "lighthouse")) {
  console.log("building the web app and the server…");
  if (spawnSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" }).status !== 0) process.exit(1);
}

const started = new Date();
const report: Record<string, unknown> = {};
const markdown: string[] = [];
for (const section of chosen) {
  console.log(`— ${section.title}`);
  const t0 = performance.now();
  try {
    const result = await section.run(ctx);
    report[section.name] = result.figures;
    markdown.push(`## ${section.title}`, "", result.markdown, "");
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.error(`  failed: ${message}`);
    report[section.name] = { error: message };
    markdown.push(`## ${section.title}`, "", `Not measured: ${message}`, "");
  }
  console.log(`  (${Math.round((performance.now() - t0) / 1000)} s)`);
}

const machine = {
  node: process.version,
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model,
  memoryGB: Math.round(os.totalmem() / 1024 ** 3),
  loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
};
const json = { startedAt: started.toISOString(), quick, machine, sections: report };
const header = [
  "# Pulse benchmark — latest run",
  "",
  `${started.toISOString()} · ${quick ? "quick mode" : "full mode"} · Node ${machine.node} · ${machine.cpus} × ${machine.cpuModel} · load average at the end ${machine.loadAverage.join(" / ")}`,
  "",
  "Written by `npm run bench`; every figure stands beside its reference measured in the same run on the same machine.",
  "",
];
mkdirSync("bench/results", { recursive: true });
writeFileSync(`bench/results/${out}.json`, `${JSON.stringify(json, null, 2)}\n`);
writeFileSync(`bench/results/${out}.md`, [...header, ...markdown].join("\n"));
console.log(`wrote bench/results/${out}.json and bench/results/${out}.md`);
process.exit(Object.values(report).some((r) => (r as { error?: string }).error) ? 1 : 0);
