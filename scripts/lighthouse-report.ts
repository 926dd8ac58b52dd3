// The judging half of `npm run lighthouse` (scripts/lighthouse.ts runs the audits): what a run must show to count,
// the medians over runs, the budgets of issue #14 and the printed table.

/** Category budgets (scores 0-100). SEO is judged on the public pages only: the signed-in area is not indexed. */
export const CATEGORY_BUDGETS = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 95,
} as const;
export type Category = keyof typeof CATEGORY_BUDGETS;

/** Largest Contentful Paint under Lighthouse's mobile emulation, at most (issue #14). */
export const LCP_BUDGET_MS = 1_500;

export type PageKind = "public" | "signed-in";

export function categoriesFor(kind: PageKind): Category[] {
  const all = Object.keys(CATEGORY_BUDGETS) as Category[];
  return kind === "public" ? all : all.filter((c) => c !== "seo");
}

/** The slice of a Lighthouse result (lhr) read here. */
export interface AuditedRun {
  finalDisplayedUrl: string;
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: unknown }>;
}

interface NetworkRequest {
  url: string;
  statusCode: number;
}

function networkRequests(run: AuditedRun): NetworkRequest[] {
  const details = run.audits["network-requests"]?.details as { items?: NetworkRequest[] } | undefined;
  return details?.items ?? [];
}

/**
 * Why a run does not show the page it was meant to audit, or undefined when it does: the page it ended on is
 * another one (a signed-in page that fell back to /auth, say), or one of its API requests failed (a refused token,
 * a page showing its error state). Such a run would score a page nobody sees.
 */
export function renderProblem(run: AuditedRun, path: string): string | undefined {
  const finalPath = new URL(run.finalDisplayedUrl).pathname;
  if (finalPath !== path) return `ended on ${finalPath}, not ${path}`;
  const failed = networkRequests(run).filter(
    (r) => new URL(r.url).pathname.startsWith("/api/") && (r.statusCode === 0 || r.statusCode >= 400),
  );
  if (failed.length > 0) {
    return `API requests failed: ${failed.map((r) => `${new URL(r.url).pathname} ${r.statusCode}`).join(", ")}`;
  }
  return undefined;
}

export interface PageFigures {
  scores: Partial<Record<Category, number>>;
  lcpMs: number;
}

export function figuresOf(run: AuditedRun, categories: readonly Category[]): PageFigures {
  const scores: Partial<Record<Category, number>> = {};
  for (const id of categories) scores[id] = Math.round((run.categories[id]?.score ?? 0) * 100);
  return { scores, lcpMs: run.audits["largest-contentful-paint"]?.numericValue ?? Number.POSITIVE_INFINITY };
}

/** The lower middle value (of 1, 2, 3 … runs), so that one lucky run among two never decides. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

/** Each figure's median over the runs of one page: one noisy run on a busy 2-core machine should not decide. */
export function medianFigures(runs: readonly PageFigures[], categories: readonly Category[]): PageFigures {
  const scores: Partial<Record<Category, number>> = {};
  for (const id of categories) scores[id] = median(runs.map((r) => r.scores[id] ?? 0));
  // The LCP is "at most": its median is taken from the top, the worse of two middle values.
  const lcps = runs.map((r) => r.lcpMs).sort((a, b) => a - b);
  return { scores, lcpMs: lcps[Math.floor(lcps.length / 2)] ?? Number.POSITIVE_INFINITY };
}

/** The index of the run whose performance score is the median: the lhr worth keeping for a look at the causes. */
export function medianRunIndex(runs: readonly PageFigures[]): number {
  const order = runs.map((r, i) => ({ i, p: r.scores.performance ?? 0 })).sort((a, b) => a.p - b.p);
  return order[Math.floor((order.length - 1) / 2)]?.i ?? 0;
}

const COLUMN = 16;
const PAGE_COLUMN = 14;

export function tableHeader(): string {
  return ["page".padEnd(PAGE_COLUMN), ...Object.keys(CATEGORY_BUDGETS), "LCP"]
    .map((h, i) => (i === 0 ? h : h.padEnd(COLUMN)))
    .join(" ")
    .trimEnd();
}

/** One row of the table: each median, marked when it misses its budget; `failed` when any does. */
export function tableRow(
  label: string,
  figures: PageFigures,
  categories: readonly Category[],
): { line: string; failed: boolean } {
  let failed = false;
  const cells = (Object.keys(CATEGORY_BUDGETS) as Category[]).map((id) => {
    const value = figures.scores[id];
    if (!categories.includes(id) || value === undefined) return "—";
    const min = CATEGORY_BUDGETS[id];
    if (value < min) failed = true;
    return value < min ? `${value} (< ${min})` : String(value);
  });
  const lcpSeconds = (figures.lcpMs / 1000).toFixed(2);
  const lcpOver = !(figures.lcpMs <= LCP_BUDGET_MS);
  if (lcpOver) failed = true;
  cells.push(lcpOver ? `${lcpSeconds} s (> ${LCP_BUDGET_MS / 1000})` : `${lcpSeconds} s`);
  const line = [label.padEnd(PAGE_COLUMN), ...cells.map((c) => c.padEnd(COLUMN))].join(" ").trimEnd();
  return { line, failed };
}
