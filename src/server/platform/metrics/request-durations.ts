import type { Metric, MetricValueWithName } from "prom-client";

type Label = "method" | "route" | "status_class" | "le";
type Value = MetricValueWithName<Label>;

/** What the registry reads from a metric's `get()` (prom-client's typings give `type` as a numeric enum; it is the name). */
interface Exposition {
  name: string;
  help: string;
  type: "histogram";
  aggregator: "sum";
  values: Value[];
}

interface Series {
  labels: { method: string; route: string; status_class: string };
  /** Requests per bucket, not cumulative: slot i counts durations ≤ bounds[i] and > bounds[i - 1]; the last, the rest. */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * The HTTP request histogram: every request's duration by method, route template and status class, written out by
 * the app's prom-client registry in its exposition like any of its histograms. prom-client's own Histogram validates,
 * joins and looks up the label values on every `observe`, and keys its buckets by their bounds as numbers: about 6.6k
 * instructions of every request, the most of any piece of Pulse's own on the connector list (docs/performance.md, "An
 * eighteenth machine"). Here a request finds its series through two maps keyed by the strings Fastify and Node hand
 * over as the same objects each time (the route's template, the method) and counts into an array.
 *
 * Weighed: prom-client's `labels(…)` children (they validate and hash on every call too), a Summary (costlier), one
 * Histogram per route (label values in metric names); `fastify-metrics` records through prom-client's Histogram.
 */
export class RequestDurations {
  readonly type = "histogram" as const;
  readonly aggregator = "sum" as const;
  private readonly byRoute = new Map<string, Map<string, (Series | undefined)[]>>();

  constructor(
    readonly name: string,
    readonly help: string,
    /** Upper bounds in seconds, ascending. */
    private readonly bounds: readonly number[],
  ) {}

  /** Registers this histogram in `registry`, whose exposition then includes it. */
  static register(registry: { registerMetric(metric: Metric): void }, durations: RequestDurations): void {
    // The registry reads a metric's name, help, type, aggregator and `get()`, and calls `reset()`: the shape of its
    // own metric classes, which it names in its types.
    registry.registerMetric(durations as unknown as Metric);
  }

  observe(method: string, route: string, statusCode: number, seconds: number): void {
    let byMethod = this.byRoute.get(route);
    if (byMethod === undefined) this.byRoute.set(route, (byMethod = new Map()));
    let byClass = byMethod.get(method);
    if (byClass === undefined) byMethod.set(method, (byClass = []));
    const statusClass = Math.floor(statusCode / 100);
    let series = byClass[statusClass];
    if (series === undefined) {
      series = byClass[statusClass] = {
        labels: { method, route, status_class: `${statusClass}xx` },
        counts: new Array<number>(this.bounds.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
    }
    let slot = 0;
    while (slot < this.bounds.length && seconds > this.bounds[slot]!) slot++;
    series.counts[slot]!++;
    series.sum += seconds;
    series.count++;
  }

  /** The exposition's values, as prom-client's Histogram gives them: cumulative buckets, +Inf, sum and count. */
  async get(): Promise<Exposition> {
    const values: Value[] = [];
    for (const byMethod of this.byRoute.values()) {
      for (const byClass of byMethod.values()) {
        for (const series of byClass) {
          if (series) values.push(...this.valuesOf(series));
        }
      }
    }
    const { name, help, type, aggregator } = this;
    return { name, help, type, aggregator, values };
  }

  reset(): void {
    this.byRoute.clear();
  }

  private valuesOf({ labels, counts, sum, count }: Series): Value[] {
    const bucket = `${this.name}_bucket`;
    let below = 0;
    const buckets = this.bounds.map((le, slot) => {
      below += counts[slot]!;
      return { labels: { le, ...labels }, value: below, metricName: bucket };
    });
    return [
      ...buckets,
      { labels: { le: "+Inf", ...labels }, value: count, metricName: bucket },
      { labels, value: sum, metricName: `${this.name}_sum` },
      { labels, value: count, metricName: `${this.name}_count` },
    ];
  }
}
