// The judging half of `npm run lighthouse` (bench/lighthouse.ts runs the audits): what a run must show to count,
// the medians over runs, the goals of issue #23 and the printed table.

/** The Lighthouse categories scored, in the table's order. */
export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

export type PageKind = "public" | "signed-in";

export interface Budget {
  /** The lowest score (0-100) of each category judged on the page. */
  scores: Partial<Record<Category, number>>;
  /** Largest Contentful Paint under Lighthouse's mobile emulation, at most. */
  lcpMs: number;
  /** Pulse's LCP over its static reference's (bench/lighthouse-reference.ts), at most; public pages only. */
  referenceRatio?: number;
}

/**
 * Issue #23's goals. A public page must paint about as soon as its own HTML could (pre-rendered, code after the
 * first paint); a signed-in page waits for its data. SEO is judged on the public pages only: the signed-in area is
 * not indexed.
 */
export const BUDGETS: Record<PageKind, Budget> = {
  public: {
    scores: { performance: 98, accessibility: 100, "best-practices": 100, seo: 95 },
    lcpMs: 1_200,
    referenceRatio: 1.15,
  },
  "signed-in": {
    scores: { performance: 95, accessibility: 100, "best-practices": 100 },
    lcpMs: 2_000,
  },
};

export function categoriesFor(kind: PageKind): Category[] {
  return CATEGORIES.filter((c) => BUDGETS[kind].scores[c] !== undefined);
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

/** The lower middle value (of 1, 2, 3 … runs), so that one lucky run among two never decides a score. */
function lowerMedian(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

/** The upper middle value: for figures that must stay under a ceiling ("at most"), the worse of two middles. */
function upperMedian(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.POSITIVE_INFINITY;
}

/** Each figure's median over the runs of one page: one noisy run on a busy 2-core machine should not decide. */
export function medianFigures(runs: readonly PageFigures[], categories: readonly Category[]): PageFigures {
  const scores: Partial<Record<Category, number>> = {};
  for (const id of categories) scores[id] = lowerMedian(runs.map((r) => r.scores[id] ?? 0));
  return { scores, lcpMs: upperMedian(runs.map((r) => r.lcpMs)) };
}

/** The index of the run whose performance score is the median: the lhr worth keeping for a look at the causes. */
export function medianRunIndex(runs: readonly PageFigures[]): number {
  const order = runs.map((r, i) => ({ i, p: r.scores.performance ?? 0 })).sort((a, b) => a.p - b.p);
  return order[Math.floor((order.length - 1) / 2)]?.i ?? 0;
}

/** A public page's static reference: its LCP, and Pulse's LCP over it. */
export interface ReferenceFigures {
  lcpMs: number;
  ratio: number;
}

/**
 * What the table shows in the reference columns: the figures; `unrendered` when the page's HTML shows nothing
 * without its scripts (not pre-rendered: its reference would paint nothing); undefined on a signed-in page.
 */
export type Reference = ReferenceFigures | "unrendered" | undefined;

/**
 * The reference's median LCP, and the median of each run's ratio: page and reference are audited back to back in
 * every run, so the load of the machine at that moment weighs on both and divides out of the ratio.
 */
export function referenceFigures(
  pageLcpMs: readonly number[],
  referenceLcpMs: readonly number[],
): ReferenceFigures {
  if (pageLcpMs.length !== referenceLcpMs.length || pageLcpMs.length === 0) {
    throw new Error("Each run audits the page and its reference: the two lists of LCPs must pair up");
  }
  const ratios = pageLcpMs.map((lcp, i) => lcp / referenceLcpMs[i]!);
  // A run without an LCP on either side (Infinity) gives no ratio: then neither does the page, rather than a 0 or an
  // Infinity that would pass or fail it by accident.
  const ratio = ratios.every((r) => Number.isFinite(r) && r > 0) ? upperMedian(ratios) : Number.NaN;
  return { lcpMs: upperMedian([...referenceLcpMs]), ratio };
}

const COLUMN = 15;
const PAGE_COLUMN = 17;
const HEADER = ["page", ...CATEGORIES, "LCP", "reference LCP", "LCP ratio"];

function line(cells: readonly string[]): string {
  return cells
    .map((c, i) => c.padEnd(i === 0 ? PAGE_COLUMN : COLUMN))
    .join(" ")
    .trimEnd();
}

export function tableHeader(): string {
  return line(HEADER);
}

/**
 * A figure over its limit, with two decimals, or as many more as it takes to print it over the limit: 1.1534 against
 * 1.15 reads 1.154, never "1.15 (> 1.15)".
 */
function over(value: number, limit: number): string {
  let digits = 2;
  while (digits < 6 && Number(value.toFixed(digits)) <= limit) digits++;
  return value.toFixed(digits);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const limitSeconds = (ms: number) => (ms / 1000).toFixed(1);

/**
 * One row of the table: each median, marked when it misses its goal; `missed` says which goals, in words, and
 * `failed` whether there is any.
 */
export function tableRow(
  label: string,
  figures: PageFigures,
  kind: PageKind,
  reference?: Reference,
): { line: string; failed: boolean; missed: string[] } {
  const budget = BUDGETS[kind];
  const missed: string[] = [];
  const cells = CATEGORIES.map((id) => {
    const value = figures.scores[id];
    const min = budget.scores[id];
    if (min === undefined || value === undefined) return "—";
    if (value >= min) return String(value);
    missed.push(`${id} ${value} < ${min}`);
    return `${value} (< ${min})`;
  });
  // Written so that a missing LCP (NaN) misses too.
  if (figures.lcpMs <= budget.lcpMs) cells.push(seconds(figures.lcpMs));
  else {
    const lcp = `${over(figures.lcpMs / 1000, budget.lcpMs / 1000)} s`;
    missed.push(`LCP ${lcp} > ${limitSeconds(budget.lcpMs)} s`);
    cells.push(`${lcp} (> ${limitSeconds(budget.lcpMs)})`);
  }
  const maxRatio = budget.referenceRatio;
  if (maxRatio === undefined || reference === undefined) cells.push("—", "—");
  else if (reference === "unrendered") {
    missed.push("no reference: the page's HTML shows nothing without its scripts (not pre-rendered)");
    cells.push("nothing shown", `— (≤ ${maxRatio})`);
  } else {
    cells.push(seconds(reference.lcpMs));
    if (reference.ratio <= maxRatio) cells.push(reference.ratio.toFixed(2));
    else if (Number.isNaN(reference.ratio)) {
      missed.push("no LCP ratio: a run of the page or of its reference has no LCP");
      cells.push(`— (≤ ${maxRatio})`);
    } else {
      const ratio = over(reference.ratio, maxRatio);
      missed.push(`LCP ${ratio}× the reference's > ${maxRatio}×`);
      cells.push(`${ratio} (> ${maxRatio})`);
    }
  }
  return { line: line([label, ...cells]), failed: missed.length > 0, missed };
}

/**
 * The host's speed as Lighthouse measured it before each audit (`environment.benchmarkIndex`, higher is faster). The
 * simulated 4× CPU slowdown is applied to this machine's own timings, so the same build scores lower on a slower
 * host: figures from two machines compare only beside their indexes.
 */
export function hostSpeedLine(benchmarkIndexes: readonly number[]): string {
  const known = benchmarkIndexes.filter((i) => Number.isFinite(i) && i > 0);
  if (known.length === 0) return "Host speed: no benchmark index reported";
  const median = Math.round(lowerMedian(known));
  const range = `${Math.round(Math.min(...known))}–${Math.round(Math.max(...known))}`;
  return `Host speed: Lighthouse benchmark index ${median} (median of ${known.length} audits, ${range}; higher is faster)`;
}
