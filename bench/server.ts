// The server section of `npm run bench`: process start to the first 200 on /healthz with the built web app, and
// the idle memory of a started server, on PGlite (the `npm start` default) beside the same server on PostgreSQL
// when one answers: its starts alternate with PGlite's, so both meet the same moments of a busy machine. The
// process is what `npm start` runs (scripts/start.mjs: its build checks, then the server bundle), without npm's own
// start-up in front. The CPU time the process used until that first 200 moves much less than the wall time when
// other work shares the cores.
import { serverBuildIsStale, webBuildIsStale } from "../src/build/build-state.mjs";
import { rssOf, startPulse } from "../src/testing/pulse-process";
import { postgresAnswers, prepareDatabase, type BenchDatabase, type DatabaseKind } from "./fixtures";
import { markdownTable, mb, median, round } from "./measure";
import type { BenchContext, SectionResult } from "./sections";

/** The embedded database's start (issue 23; issue 14 asked for 2 s): measured on PGlite, on a quiet machine. */
export const SERVER_GOALS = { startMs: 1_500, idleRssMB: 200 };

interface Starts {
  startMs: number[];
  cpuSeconds: number[];
  idleRssMB: number[];
}

async function startOnce(db: BenchDatabase, into: Starts): Promise<void> {
  const pulse = await startPulse({ env: db.env, viaStartScript: true });
  try {
    const index = await fetch(`${pulse.baseURL}/`);
    if (index.status !== 200) throw new Error(`GET / answered ${index.status}: no web app served`);
    await new Promise((r) => setTimeout(r, 1_000));
    into.startMs.push(round(pulse.startMs, 0));
    into.cpuSeconds.push(round(pulse.startCpuSeconds ?? NaN, 2));
    into.idleRssMB.push(mb(rssOf(pulse.pid)));
  } finally {
    await pulse.stop();
  }
}

export async function benchServer(ctx: BenchContext): Promise<SectionResult> {
  if (webBuildIsStale() || serverBuildIsStale()) {
    throw new Error("The web app or the server bundle is missing or stale (npm run build)");
  }
  const kinds: DatabaseKind[] = ["pglite"];
  if (await postgresAnswers(ctx.postgresUrl)) kinds.push("postgres");
  else ctx.log(`  PostgreSQL at ${ctx.postgresUrl} does not answer: no PostgreSQL reference`);
  const dbs = new Map<DatabaseKind, BenchDatabase>();
  const runs = new Map<DatabaseKind, Starts>(
    kinds.map((k) => [k, { startMs: [], cpuSeconds: [], idleRssMB: [] }]),
  );
  try {
    for (const kind of kinds) dbs.set(kind, await prepareDatabase(kind, { postgresUrl: ctx.postgresUrl }));
    // The first start applies the migrations to nothing new (prepareDatabase did): every start is a restart.
    for (let i = 0; i < Math.max(3, ctx.rounds); i++) {
      for (const kind of i % 2 === 0 ? kinds : [...kinds].reverse()) {
        const into = runs.get(kind)!;
        await startOnce(dbs.get(kind)!, into);
        ctx.log(
          `  ${kind} start ${i + 1}: ${into.startMs.at(-1)} ms, ${into.cpuSeconds.at(-1)} s CPU, ${into.idleRssMB.at(-1)} MB`,
        );
      }
    }
  } finally {
    for (const db of dbs.values()) await db.drop();
  }

  const medians = (s: Starts) => ({
    startMs: round(median(s.startMs), 0),
    cpuSeconds: round(median(s.cpuSeconds), 2),
    idleRssMB: round(median(s.idleRssMB), 1),
  });
  const pglite = runs.get("pglite")!;
  const postgres = runs.get("postgres");
  const med = medians(pglite);
  const ref = postgres && medians(postgres);
  const goal = (value: number, limit: number, unit: string) =>
    `≤ ${limit} ${unit} ${value <= limit ? "✓" : "✗"}`;
  return {
    figures: {
      goals: SERVER_GOALS,
      startMs: pglite.startMs,
      startMedianMs: med.startMs,
      startCpuSeconds: pglite.cpuSeconds,
      idleRssMB: pglite.idleRssMB,
      idleRssMedianMB: med.idleRssMB,
      ...(postgres ? { postgres: { ...postgres, medians: ref } } : {}),
    },
    markdown: [
      "PGlite is the `npm start` default; the same server on PostgreSQL, started alternately in the same run, is the reference (its database server's memory and CPU are not in its figures). The goals are PGlite's.",
      "",
      markdownTable(
        ["figure", "PGlite median", "PGlite runs", "PostgreSQL median", "PostgreSQL runs", "goal"],
        [
          [
            "spawn → first 200 on /healthz (ms, built web app; `node scripts/start.mjs`: build checks + server bundle)",
            med.startMs,
            pglite.startMs.join(", "),
            ref?.startMs ?? "—",
            postgres?.startMs.join(", ") ?? "—",
            goal(med.startMs, SERVER_GOALS.startMs, "ms"),
          ],
          [
            "CPU used until that first 200 (s, all threads)",
            med.cpuSeconds,
            pglite.cpuSeconds.join(", "),
            ref?.cpuSeconds ?? "—",
            postgres?.cpuSeconds.join(", ") ?? "—",
            "—",
          ],
          [
            "RSS 1 s after start (MB)",
            med.idleRssMB,
            pglite.idleRssMB.join(", "),
            ref?.idleRssMB ?? "—",
            postgres?.idleRssMB.join(", ") ?? "—",
            goal(med.idleRssMB, SERVER_GOALS.idleRssMB, "MB"),
          ],
        ],
      ),
    ].join("\n"),
  };
}
