import { describe, expect, it } from "vitest";
import { callgrindTotal, countPerRequest, parseCallgrindAnnotate, perfMapNames, UNNAMED } from "./callgrind";

// The head of a callgrind output file: `summary:` is written at start, `totals:` is what was counted.
const OUTPUT_FILE = `# callgrind format
version: 1
creator: callgrind-3.19.0
cmd:  /usr/bin/node dist/server/main.mjs
events: Ir
summary: 0
fl=(1) ???
fn=(1) Builtins_LoadIC
0 1000
totals: 4000000
`;

// The shape `callgrind_annotate --threshold=100 <file>` prints: its per-function lines, self cost first.
const ANNOTATE = `--------------------------------------------------------------------------------
Profile data file 'a.out' (creator: callgrind-3.19.0)
--------------------------------------------------------------------------------
Ir
--------------------------------------------------------------------------------
4,050,000 (100.0%)  PROGRAM TOTALS

--------------------------------------------------------------------------------
Ir                   file:function
--------------------------------------------------------------------------------
1,200,000 (30.00%)  ???:0x000000000cb1a0c0 [???]
  800,000 (20.00%)  ???:Builtins_LoadIC [/usr/bin/node]
  600,000 (15.00%)  ???:v8::internal::compiler::Scheduler::ComputeSpecialRPO() [/usr/bin/node]
  500,000 (12.50%)  ./malloc/./malloc/malloc.c:_int_free [/usr/lib/x86_64-linux-gnu/libc.so.6]
  400,000 (10.00%)  ???:0x000000000cb1b3e0 [???]
  300,000 ( 7.50%)  ???:Builtins_InterpreterEntryTrampoline'2 [/usr/bin/node]
  250,000 ( 6.25%)  ???:Builtins_InterpreterEntryTrampoline [/usr/bin/node]
`;

describe("callgrindTotal", () => {
  it("reads the totals line, not the summary written at start", () => {
    expect(callgrindTotal(OUTPUT_FILE)).toBe(4_000_000);
  });

  it("refuses a file without totals", () => {
    expect(() => callgrindTotal("events: Ir\nsummary: 12\n")).toThrow(/no totals/);
  });
});

describe("parseCallgrindAnnotate", () => {
  it("names each function without its file or object, sums recursion depths and unnamed code, costliest first", () => {
    expect(parseCallgrindAnnotate(ANNOTATE)).toEqual([
      { name: UNNAMED, instructions: 1_600_000 },
      { name: "Builtins_LoadIC", instructions: 800_000 },
      { name: "v8::internal::compiler::Scheduler::ComputeSpecialRPO()", instructions: 600_000 },
      { name: "Builtins_InterpreterEntryTrampoline", instructions: 550_000 },
      { name: "_int_free", instructions: 500_000 },
    ]);
  });
});

describe("perfMapNames", () => {
  // V8's /tmp/perf-<pid>.map: "start size name" in hex; 0x1000 held code that was collected, then new code.
  const nameAt = perfMapNames(`1000 100 JS:~handler file:///repo/dist/server/main.mjs:10:5
2000 40 RegExp:^Bearer ([A-Za-z0-9._~+/-]+=*)$
1000 80 JS:*processHeader node:_http_outgoing:546:23
`);

  it("names an address by the code that covers it, the last written where code took another's place", () => {
    expect(nameAt(0x1000)).toBe("JS:*processHeader node:_http_outgoing:546:23");
    expect(nameAt(0x1050)).toBe("JS:*processHeader node:_http_outgoing:546:23");
    expect(nameAt(0x1090)).toBe("JS:~handler file:///repo/dist/server/main.mjs:10:5");
    expect(nameAt(0x2020)).toBe("RegExp:^Bearer ([A-Za-z0-9._~+/-]+=*)$");
  });

  it("names nothing outside every range", () => {
    expect(nameAt(0xfff)).toBeUndefined();
    expect(nameAt(0x1100)).toBeUndefined();
    expect(nameAt(0x2040)).toBeUndefined();
  });

  it("names callgrind's unnamed addresses when parsing, and leaves the rest unnamed", () => {
    const named = parseCallgrindAnnotate(
      ANNOTATE.replace("0x000000000cb1a0c0", "0x0000000000001010"),
      (address) => (address === 0x1010 ? "JS:*processHeader node:_http_outgoing:546:23" : undefined),
    );
    expect(named).toContainEqual({
      name: "JS:*processHeader node:_http_outgoing:546:23",
      instructions: 1_200_000,
    });
    expect(named).toContainEqual({ name: UNNAMED, instructions: 400_000 });
  });
});

describe("countPerRequest", () => {
  it("divides every count by the requests, and sets V8's compilers apart", () => {
    const count = countPerRequest(OUTPUT_FILE, ANNOTATE, 1_000);
    expect(count.perRequest).toBe(4_000);
    expect(count.compilerPerRequest).toBe(600);
    expect(count.functions[0]).toEqual({ name: UNNAMED, instructions: 1_600 });
  });

  it("refuses a count of nothing: instrumentation that never came on is not a cheap request", () => {
    expect(() =>
      countPerRequest(OUTPUT_FILE.replace("totals: 4000000", "totals: 0"), ANNOTATE, 1_000),
    ).toThrow(/never switched on/);
  });
});
