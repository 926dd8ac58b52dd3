// The sections of `npm run bench`: each measures one thing and returns its figures (for latest.json) and its
// Markdown (for latest.md). bench/run.ts lists them; adding a measurement is one entry there.
import { markdownTable } from "./measure";

export interface BenchContext {
  /** --quick: fewer and shorter runs, slow sections skipped. */
  quick: boolean;
  postgresUrl: string;
  /** Alternating runs per comparison; the report gives their median. */
  rounds: number;
  /** Seconds per autocannon run. */
  seconds: number;
  connections: number;
  log(message: string): void;
}

export interface SectionResult {
  figures: unknown;
  markdown: string;
}

export interface BenchSection {
  name: string;
  title: string;
  /** Skipped by --quick (and by --skip=name). */
  slow?: boolean;
  run(ctx: BenchContext): Promise<SectionResult>;
}

/**
 * A section from a measuring function written elsewhere (bench/realtime.ts, bench/streams-candidates.ts) that returns
 * plain figures: a `markdown` string it gives is used as is, otherwise its numbers become a two-column table.
 */
export function fromFigures(
  name: string,
  title: string,
  measure: (ctx: BenchContext) => Promise<unknown>,
  options: { slow?: boolean } = {},
): BenchSection {
  return {
    name,
    title,
    slow: options.slow,
    async run(ctx) {
      const figures = await measure(ctx);
      const given = (figures as { markdown?: unknown } | null)?.markdown;
      if (typeof given === "string") return { figures, markdown: given };
      const rows: [string, string | number][] = [];
      const walk = (value: unknown, key: string) => {
        if (Array.isArray(value)) {
          value.forEach((v, i) => walk(v, `${key}[${i}]`));
        } else if (value !== null && typeof value === "object") {
          for (const [k, v] of Object.entries(value)) walk(v, key ? `${key}.${k}` : k);
        } else if (typeof value === "number" || typeof value === "string" || typeof value === "boolean") {
          rows.push([key, typeof value === "boolean" ? String(value) : value]);
        }
      };
      walk(figures, "");
      return { figures, markdown: markdownTable(["figure", "value"], rows) };
    },
  };
}
