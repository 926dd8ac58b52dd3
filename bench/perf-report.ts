// Reading `perf report` for `npm run bench:profile -- --perf`: where a server process's CPU went while it answered
// a load, sampled by Linux's perf rather than by V8's profiler. perf without call chains costs the process nothing
// measurable (V8's profiler costs 17–60 % on the API bench's routes, unevenly; docs/performance.md), and it sees
// what V8 does not: the kernel (the socket writes and reads), Node's C++ and the HTTP parser, and V8's helper
// threads. V8 names its compiled code in /tmp/perf-<pid>.map (`--perf-basic-prof`), which keeps every name an
// address ever had: a frame named after start-up code (a module's top level) may be code that later took its place.
// V8's jitdump (`--perf-prof` and `perf inject --jit`) names each sample right, but cost the connector list 40 %
// more CPU here: not used.
// Weighed before writing this reader: 0x and Clinic.js Flame draw flame graphs (from V8's tick profiler, or from perf
// with 0x's --kernel-tracing), with no per-request table to read beside the ceiling's; @datadog/pprof and pprof
// sample through V8's CPU profiler, whose cost is what this avoids.
import { areaOf, summaryOf, type Locate, type ProfileSummary } from "./cpu-profile";

export interface PerfSample {
  /** Share of the recorded event count. */
  share: number;
  /** The shared object the code is in: "node", "[kernel.kallsyms]", "[JIT] tid 123", "libc.so.6" … */
  dso: string;
  kernel: boolean;
  symbol: string;
}

/**
 * The lines of `perf report --stdio --no-children -g none --sort dso,sym`, and its event count (nanoseconds when the
 * event is `cpu-clock`, which bench/profile.ts records).
 */
export function parsePerfReport(text: string): { eventCount: number; samples: PerfSample[] } {
  const count = /^# Event count \(approx\.\): (\d+)/m.exec(text);
  if (!count) throw new Error("perf report: no event count in its header");
  const samples: PerfSample[] = [];
  for (const line of text.split("\n")) {
    const m = /^\s*([\d.]+)%\s+(.+?)\s+\[([k.])\]\s+(.*)$/.exec(line);
    if (!m) continue;
    samples.push({ share: Number(m[1]) / 100, dso: m[2]!, kernel: m[3] === "k", symbol: m[4]!.trim() });
  }
  return { eventCount: Number(count[1]), samples };
}

/** Names V8 gives the code it writes under `--perf-basic-prof`: "JS:*name url:line:col" (the mark is its tier). */
const JS_FRAME = /^JS:[*^~+]?\s*(.*?)\s*(\S+):(\d+):(\d+)$/;
const GARBAGE_COLLECTOR =
  /Scaveng|MarkCompact|ConcurrentMarking|Sweeper|v8::internal::Heap::|MinorMark|Evacuat/;

/**
 * The area a sample belongs to: a package, Pulse's file, Node's own module (as bench:profile's V8 mode names them),
 * or what only perf sees: "(kernel)", "(garbage collector)", "(V8 builtins)" (the interpreter, inline caches,
 * promise jobs), "(native)" (V8's and Node's C++, the HTTP parser), "(regular expressions)", "(WebAssembly)",
 * "(unnamed compiled code)", or a library ("libc.so.6").
 */
export function perfAreaOf(
  sample: Pick<PerfSample, "dso" | "kernel" | "symbol">,
  root: string,
  locate?: Locate,
): { area: string; name: string } {
  const { dso, kernel, symbol } = sample;
  if (kernel) return { area: "(kernel)", name: symbol };
  if (symbol.startsWith("RegExp:")) return { area: "(regular expressions)", name: symbol };
  if (symbol.startsWith("JS:wasm-function")) return { area: "(WebAssembly)", name: symbol };
  const js = JS_FRAME.exec(symbol);
  if (js) {
    const frame = { url: js[2]!, lineNumber: Number(js[3]) - 1, columnNumber: Number(js[4]) - 1 };
    const url = frame.url.startsWith("/") ? `file://${frame.url}` : frame.url;
    const { url: at, lineNumber } = locate
      ? locate({ ...frame, url })
      : { url, lineNumber: frame.lineNumber };
    const area = areaOf(at, js[1]!, root);
    return { area, name: `${js[1] || "(anonymous)"} ${area}:${lineNumber + 1}` };
  }
  if (dso === "node") {
    if (symbol.startsWith("Builtins_")) return { area: "(V8 builtins)", name: symbol };
    return { area: GARBAGE_COLLECTOR.test(symbol) ? "(garbage collector)" : "(native)", name: symbol };
  }
  // Compiled code at an address the map does not name: perf prints the address.
  if (dso.startsWith("[JIT]")) return { area: "(unnamed compiled code)", name: symbol };
  return { area: dso, name: symbol };
}

/** The report's time by area and by function, largest first, in µs per request when the window answered `requests`. */
export function summarisePerfReport(
  text: string,
  options: { requests: number; root: string; top?: number; locate?: Locate },
): ProfileSummary {
  const { eventCount, samples } = parsePerfReport(text);
  const busyUs = eventCount / 1000;
  const timed = samples.map((sample) => ({
    ...perfAreaOf(sample, options.root, options.locate),
    us: sample.share * busyUs,
  }));
  return summaryOf(timed, busyUs, options);
}
