// The server section of `npm run bench`: process start to the first 200 on /healthz with the built web app, and
// the idle memory of a started server, on PGlite (the `npm start` default). The process is what `npm start` runs
// (scripts/start.mjs: its build checks, then the server bundle), without npm's own start-up in front. The CPU
// time the process used until that first 200 moves much less than the wall time when other work shares the cores.
import { serverBuildIsStale, webBuildIsStale } from "../scripts/build-state.mjs";
import { rssOf, startPulse } from "../src/testing/pulse-process";
import { prepareDatabase } from "./fixtures";
import { markdownTable, mb, median, round } from "./measure";
import type { BenchContext, SectionResult } from "./sections";

export const START_GOAL_MS = 2_000;

export async function benchServer(ctx: BenchContext): Promise<SectionResult> {
  if (webBuildIsStale() || serverBuildIsStale()) {
    throw new Error("The web app or the server bundle is missing or stale (npm run build)");
  }
  const db = await prepareDatabase("pglite");
  const starts: number[] = [];
  const startCpu: number[] = [];
  const idle: number[] = [];
  try {
    // The first start applies the migrations to nothing new (prepareDatabase did): every start is a restart.
    for (let i = 0; i < Math.max(3, ctx.rounds); i++) {
      const pulse = await startPulse({ env: db.env, viaStartScript: true });
      starts.push(pulse.startMs);
      startCpu.push(pulse.startCpuSeconds ?? NaN);
      const index = await fetch(`${pulse.baseURL}/`);
      if (index.status !== 200) throw new Error(`GET / answered ${index.status}: no web app served`);
      await new Promise((r) => setTimeout(r, 1_000));
      idle.push(rssOf(pulse.pid) ?? NaN);
      await pulse.stop();
      ctx.log(`  start ${i + 1}: ${round(pulse.startMs, 0)} ms, ${round(startCpu[i]!, 2)} s CPU`);
    }
  } finally {
    await db.drop();
  }
  const startMedian = round(median(starts), 0);
  return {
    figures: {
      startMs: starts.map((s) => round(s, 0)),
      startMedianMs: startMedian,
      startCpuSeconds: startCpu.map((s) => round(s, 2)),
      goalMs: START_GOAL_MS,
      idleRssMB: idle.map(mb),
    },
    markdown: markdownTable(
      ["figure", "median", "runs", "goal"],
      [
        [
          "spawn → first 200 on /healthz (ms, PGlite, built web app; `node scripts/start.mjs`: build checks + server bundle)",
          startMedian,
          starts.map((s) => round(s, 0)).join(", "),
          `≤ ${START_GOAL_MS} ${startMedian <= START_GOAL_MS ? "✓" : "✗"}`,
        ],
        [
          "CPU used until that first 200 (s, all threads)",
          round(median(startCpu), 2),
          startCpu.map((s) => round(s, 2)).join(", "),
          "—",
        ],
        ["RSS 1 s after start (MB)", mb(median(idle)), idle.map(mb).join(", "), "—"],
      ],
    ),
  };
}
