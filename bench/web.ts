// The web sections of `npm run bench`: per-route JS and CSS gzip sizes from Vite's manifest (the code of
// `npm run size`), and Lighthouse through `npm run lighthouse` (its table, its budgets).
import { spawnSync } from "node:child_process";
import { BUDGETS, measureRoot } from "../scripts/bundle-size";
import { publicPages, ROUTE_TABLE } from "../src/web/route-table";
import { kb, markdownTable } from "./measure";
import type { BenchContext, SectionResult } from "./sections";

export async function benchWebSizes(): Promise<SectionResult> {
  const pages = [...publicPages(), ...ROUTE_TABLE.protected];
  const sizes = pages.map((p) => {
    const weight = measureRoot(undefined, [p.page]);
    return { path: p.path, page: p.page, jsGzip: weight.js, cssGzip: weight.css };
  });
  return {
    figures: { budgetsForRoot: BUDGETS, pages: sizes },
    markdown: [
      `Everything the browser fetches to render each route (entry chunk, its imports, the page chunk, CSS), gzip level 9. Budgets for "/": ${kb(BUDGETS.js)} KB JS, ${kb(BUDGETS.css)} KB CSS.`,
      "",
      markdownTable(
        ["route", "JS gzip KB", "CSS gzip KB"],
        sizes.map((s) => [s.path, kb(s.jsGzip), kb(s.cssGzip)]),
      ),
    ].join("\n"),
  };
}

export async function benchLighthouse(ctx: BenchContext): Promise<SectionResult> {
  ctx.log("  npm run lighthouse (public and signed-in pages, mobile, system Chromium)");
  const run = spawnSync("npx", ["tsx", "bench/lighthouse.ts"], { encoding: "utf8" });
  const table = run.stdout.trim();
  return {
    figures: { exitCode: run.status, output: table },
    markdown: [
      `\`npm run lighthouse\` (exit ${run.status}${run.status === 0 ? ", every budget met" : ", a budget missed or a run failed"}):`,
      "",
      "```",
      table || run.stderr.trim().slice(-2000),
      "```",
    ].join("\n"),
  };
}
