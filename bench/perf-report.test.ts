import { describe, expect, it } from "vitest";
import { parsePerfReport, perfAreaOf, summarisePerfReport } from "./perf-report";

const ROOT = "/repo";

// The shape `perf report --stdio --no-children -g none --sort dso,sym` prints: 2 ms of cpu-clock in all.
const REPORT = `# To display the perf.data header info, please use --header/--header-only options.
#
# Total Lost Samples: 0
#
# Samples: 4  of event 'cpu-clock:ppp'
# Event count (approx.): 2000000
#
# Overhead  Shared Object        Symbol
# ........  ...................  ......
#
    40.00%  [kernel.kallsyms]    [k] _raw_spin_unlock_irqrestore
    25.00%  [JIT] tid 4242       [.] JS:*listConnectors file:///repo/dist/server/main.mjs:1007:30
    20.00%  node                 [.] Builtins_KeyedLoadIC_Megamorphic
    10.00%  node                 [.] v8::internal::Scavenger::ScavengeObject<v8::internal::FullHeapObjectSlot>
     5.00%  [JIT] tid 4242       [.] JS:~ /repo/node_modules/@fastify/cookie/plugin.js:12:3


#
# (Tip: to see a call graph, use --children)
#
`;

describe("parsePerfReport", () => {
  it("reads each line's share, shared object, kernel mark and symbol, and the event count", () => {
    const { eventCount, samples } = parsePerfReport(REPORT);
    expect(eventCount).toBe(2_000_000);
    expect(samples).toHaveLength(5);
    expect(samples[0]).toEqual({
      share: 0.4,
      dso: "[kernel.kallsyms]",
      kernel: true,
      symbol: "_raw_spin_unlock_irqrestore",
    });
    expect(samples[1]).toMatchObject({ dso: "[JIT] tid 4242", kernel: false });
  });

  it("refuses a report without its header rather than dividing by nothing", () => {
    expect(() => parsePerfReport("    40.00%  node  [.] main\n")).toThrow(/event count/);
  });
});

describe("perfAreaOf", () => {
  const area = (dso: string, symbol: string, kernel = false) =>
    perfAreaOf({ dso, kernel, symbol }, ROOT).area;

  it("names what only perf sees, and JavaScript by its package or file as the V8 profile does", () => {
    expect(area("[kernel.kallsyms]", "tcp_sendmsg", true)).toBe("(kernel)");
    expect(area("node", "Builtins_LoadIC")).toBe("(V8 builtins)");
    expect(area("node", "v8::internal::ConcurrentMarking::RunMajor")).toBe("(garbage collector)");
    expect(area("node", "llhttp__internal_execute")).toBe("(native)");
    expect(area("[JIT] tid 1", "RegExp:^Bearer ([A-Za-z0-9._~+/-]+=*)$")).toBe("(regular expressions)");
    expect(area("[JIT] tid 1", "JS:wasm-function[2274]-2274-turbofan")).toBe("(WebAssembly)");
    expect(area("libc.so.6", "_int_malloc")).toBe("libc.so.6");
    expect(area("[JIT] tid 1", "0x00007f3a2c0412e0")).toBe("(unnamed compiled code)");
    expect(area("[JIT] tid 1", "JS:*end node:_http_outgoing:1034:45")).toBe("node:_http_outgoing");
    expect(area("[JIT] tid 1", "JS:*find /repo/node_modules/find-my-way/index.js:618:39")).toBe(
      "find-my-way",
    );
  });

  it("names a bundle's frames by the source they were built from", () => {
    const located = perfAreaOf(
      {
        dso: "[JIT] tid 1",
        kernel: false,
        symbol: "JS:*listConnectors file:///repo/dist/server/main.mjs:1007:30",
      },
      ROOT,
      ({ url, lineNumber }) =>
        url.endsWith("main.mjs") && lineNumber === 1006
          ? { url: "file:///repo/src/server/connectors/store.ts", lineNumber: 20 }
          : { url, lineNumber },
    );
    expect(located).toEqual({
      area: "src/server/connectors/store.ts",
      name: "listConnectors src/server/connectors/store.ts:21",
    });
  });
});

describe("summarisePerfReport", () => {
  it("gives each area and function its time, largest first, per request", () => {
    const summary = summarisePerfReport(REPORT, { requests: 4, root: ROOT });
    expect(summary.busyUs).toBe(2000);
    expect(summary.areas.map((a) => [a.name, a.usPerRequest])).toEqual([
      ["(kernel)", 200],
      ["dist/server/main.mjs", 125],
      ["(V8 builtins)", 100],
      ["(garbage collector)", 50],
      ["@fastify/cookie", 25],
    ]);
    expect(summary.functions[1]).toEqual({
      name: "listConnectors dist/server/main.mjs:1007",
      selfUs: 500,
      share: 0.25,
      usPerRequest: 125,
    });
    expect(summary.functions[4]!.name).toBe("(anonymous) @fastify/cookie:12");
  });
});
