// Measuring helpers of `npm run bench`: autocannon runs, medians, and the Markdown the report is made of.
import autocannon from "autocannon";
import { cpuSecondsOf } from "../src/testing/pulse-process";

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** The server's CPU time per answered request, in µs, when its `pid` was given. */
  cpuUsPerRequest?: number;
}

/**
 * One autocannon run against `url` with `headers`, for `seconds` or for exactly `requests` requests; loopback only.
 * With `pid`, the server's CPU per request too.
 */
export async function loadRun(
  url: string,
  options: { headers?: Record<string, string>; connections: number; pid?: number } & (
    { seconds: number; requests?: undefined } | { requests: number; seconds?: undefined }
  ),
): Promise<LoadFigures> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) throw new Error(`Loopback only: ${url}`);
  const cpuBefore = options.pid === undefined ? undefined : cpuSecondsOf(options.pid);
  // autocannon's own percentiles come from a histogram of whole milliseconds: on a route answered in 2–5 ms that
  // truncation alone moves a p99 ratio by a third (docs/performance.md, "A twentieth machine"). The latencies it
  // times are kept here as it reports them, to the microsecond, and only the 2xx answers, as autocannon counts them.
  const latenciesMs: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        headers: options.headers,
        connections: options.connections,
        ...(options.requests === undefined ? { duration: options.seconds } : { amount: options.requests }),
      },
      (err, finished) => (err ? reject(err as Error) : resolve(finished)),
    );
    instance.on("response", (_client, statusCode, _bytes, responseTimeMs) => {
      if (statusCode >= 200 && statusCode < 300) latenciesMs.push(responseTimeMs);
    });
  });
  const cpuAfter = options.pid === undefined ? undefined : cpuSecondsOf(options.pid);
  const cpu =
    cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0
      ? {}
      : { cpuUsPerRequest: round(((cpuAfter - cpuBefore) * 1e6) / result.requests.total, 0) };
  return {
    ...cpu,
    requestsPerSecond: result.requests.average,
    p50Ms: round(percentile(latenciesMs, 0.5), 3),
    p99Ms: round(percentile(latenciesMs, 0.99), 3),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** The value at quantile `q` (0–1) of `values`, by nearest rank; NaN for none. */
export function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? NaN : sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
/** A goal on a ratio: a floor (throughput) or a ceiling (latency, CPU). */
export type RatioGoal = { atLeast: number } | { atMost: number };

/**
 * A ratio written beside its goal's mark, the mark decided by the exact ratio: two decimals, or as many more as it
 * takes not to round across the goal (0.896 against "≥ 0.9" reads "0.896 ✗", never "0.9 ✓").
 */
export function ratioAgainstGoal(ratio: number, goal: RatioGoal): string {
  const { text, meets } = againstGoal(ratio, goal);
  return `${text} ${meets ? "✓" : "✗"}`;
}

function againstGoal(ratio: number, goal: RatioGoal): { text: string; meets: boolean } {
  const meets = (r: number) => ("atLeast" in goal ? r >= goal.atLeast : r <= goal.atMost);
  let digits = 2;
  while (digits < 6 && meets(round(ratio, digits)) !== meets(ratio)) digits++;
  return { text: String(round(ratio, digits)), meets: meets(ratio) };
}

/**
 * Each round's ratio of Pulse's figure to the reference's run of the same round: both sides read in the same state of
 * the machine, where each side's median may come from a different round. Reported beside the medians, which decide
 * the goals.
 */
export function roundRatios(pulse: readonly number[], reference: readonly number[]): number[] {
  if (pulse.length !== reference.length)
    throw new Error(`${pulse.length} rounds against ${reference.length}`);
  return pulse.map((value, i) => round(value / reference[i]!, 4));
}

/** The rounds' ratios in order, each miss of `goal` marked as `ratioAgainstGoal` marks it; without a goal, unmarked. */
export function roundsAgainstGoal(ratios: readonly number[], goal?: RatioGoal): string {
  return ratios
    .map((ratio) => {
      if (!goal) return String(round(ratio));
      const { text, meets } = againstGoal(ratio, goal);
      return meets ? text : `${text} ✗`;
    })
    .join(" · ");
}

export const mb = (bytes: number | undefined) => (bytes === undefined ? NaN : round(bytes / 1024 / 1024, 1));
export const kb = (bytes: number) => round(bytes / 1024, 1);

export function markdownTable(headers: string[], rows: (string | number)[][]): string {
  const cell = (v: string | number) => (typeof v === "number" ? (Number.isNaN(v) ? "—" : String(v)) : v);
  return [
    `| ${headers.join(" | ")} |`,
    `|${headers.map(() => "---").join("|")}|`,
    ...rows.map((r) => `| ${r.map(cell).join(" | ")} |`),
  ].join("\n");
}

/** Samples `sample()` every `everyMs` until stopped; returns the samples. */
export function sampler(sample: () => number | undefined, everyMs = 250): { stop(): number[] } {
  const values: number[] = [];
  const take = () => {
    const v = sample();
    if (v !== undefined) values.push(v);
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return values;
    },
  };
}
