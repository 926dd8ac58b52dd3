// Reading valgrind's callgrind for `npm run bench:instructions`: how many instructions a server process ran, in all
// and per function, while it answered a counted number of requests. A count does not depend on what else shares the
// cores, which decides changes of a few microseconds that timed runs on these machines cannot (docs/performance.md,
// "A fourteenth machine"). Its limits: user space only (the kernel's socket work is not counted), and V8's compiled
// JavaScript has no names (its instructions are counted, under "???").
// Weighed before writing this reader: `perf stat -e instructions` counts the kernel too but is "not supported" on
// some of these machines; `callgrind_annotate` is the reader valgrind ships, used here for the per-function lines.

export interface CallgrindFunction {
  /** Self cost: the instructions run in the function itself, not in what it called. */
  instructions: number;
  /** The function's name, without its file or the recursion depth callgrind appends ("'2"). */
  name: string;
}

/** The `totals:` line of a callgrind output file: every instruction counted while instrumentation was on. */
export function callgrindTotal(outputFile: string): number {
  const totals = /^totals: (\d+)/m.exec(outputFile);
  if (!totals) throw new Error("callgrind: no totals line in the output file");
  return Number(totals[1]);
}

/**
 * The per-function lines of `callgrind_annotate --threshold=100 <file>`, the costs of one name summed (callgrind
 * lists a recursive function once per depth). Code without a symbol, which callgrind names by its address, takes
 * the name `nameAt` gives that address (V8's perf map: `perfMapNames`), or UNNAMED.
 */
export function parseCallgrindAnnotate(
  text: string,
  nameAt: (address: number) => string | undefined = () => undefined,
): CallgrindFunction[] {
  const byName = new Map<string, number>();
  for (const line of text.split("\n")) {
    const match = /^\s*([\d,]+) \(\s*[\d.]+%\)\s+(.+?)(?: \[[^\]]*\])?\s*$/.exec(line);
    if (!match || match[2] === "PROGRAM TOTALS") continue;
    // "file:function": the file part holds no colon; the function's may ("v8::internal::…").
    const name = match[2]!.replace(/^[^:]*:(?!:)/, "").replace(/'\d+$/, "");
    const address = /^0x([\da-f]+)$/.exec(name);
    const key = address ? (nameAt(parseInt(address[1]!, 16)) ?? UNNAMED) : name === "???" ? UNNAMED : name;
    byName.set(key, (byName.get(key) ?? 0) + Number(match[1]!.replaceAll(",", "")));
  }
  return [...byName].map(([name, instructions]) => ({ name, instructions })).sort(byCost);
}

/** Code without a symbol that no map names: V8's compiled JavaScript above all. */
export const UNNAMED = "(code without a name: V8's compiled JavaScript)";

/**
 * The names V8 writes for its code under `--perf-basic-prof` (/tmp/perf-<pid>.map: "start size name", hex): the
 * name of the code at an address. V8 reuses addresses as code is collected and compiled again; the map keeps every
 * name an address ever had, so the last line written for a range wins.
 */
export function perfMapNames(map: string): (address: number) => string | undefined {
  const entries = map
    .split("\n")
    .map((line, order) => {
      const match = /^([\da-f]+) ([\da-f]+) (.+)$/.exec(line);
      return (
        match && {
          start: parseInt(match[1]!, 16),
          end: parseInt(match[1]!, 16) + parseInt(match[2]!, 16),
          name: match[3]!,
          order,
        }
      );
    })
    .filter((e) => e !== null)
    .sort((a, b) => a.start - b.start);
  const longest = entries.reduce((max, e) => Math.max(max, e.end - e.start), 0);
  return (address) => {
    // The last entry starting at or before the address, then back over those that may still cover it.
    let low = 0;
    let high = entries.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (entries[mid]!.start <= address) low = mid + 1;
      else high = mid - 1;
    }
    let found: (typeof entries)[number] | undefined;
    for (let i = high; i >= 0 && entries[i]!.start > address - longest; i--) {
      const e = entries[i]!;
      if (address < e.end && (!found || e.order > found.order)) found = e;
    }
    return found?.name;
  };
}

/** Costliest first. */
export const byCost = (a: CallgrindFunction, b: CallgrindFunction) => b.instructions - a.instructions;

/**
 * V8's optimising compilers (TurboFan and Maglev) and its baseline compiler: work of the warm-up that may still be
 * going on in a counted window, and that moves from run to run; reported apart from the rest.
 */
export const isCompiler = (name: string) => /^v8::internal::(compiler|maglev|baseline)::/.test(name);

export interface InstructionCount {
  perRequest: number;
  compilerPerRequest: number;
  functions: CallgrindFunction[];
  /** The same instructions by area (a package, a file of Pulse's, V8's builtins …), where the reader grouped them. */
  areas?: CallgrindFunction[];
  /** Functions counted with everything they call (`callgrind_annotate --inclusive=yes`), where asked for. */
  inclusive?: CallgrindFunction[];
}

/** A run's figures per request: every instruction, the compilers' share, and each function's. */
export function countPerRequest(
  outputFile: string,
  annotate: string,
  requests: number,
  nameAt?: (address: number) => string | undefined,
): InstructionCount {
  const total = callgrindTotal(outputFile);
  if (total === 0) throw new Error("callgrind counted nothing: instrumentation was never switched on");
  const functions = parseCallgrindAnnotate(annotate, nameAt);
  const compiler = functions.filter((f) => isCompiler(f.name)).reduce((sum, f) => sum + f.instructions, 0);
  return {
    perRequest: total / requests,
    compilerPerRequest: compiler / requests,
    functions: functions.map((f) => ({ name: f.name, instructions: f.instructions / requests })),
  };
}
