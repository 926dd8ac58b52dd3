import { describe, expect, it } from "vitest";
import { areaOf, summariseProfile, type CpuProfile } from "./cpu-profile";

const ROOT = "/repo";
const frame = (functionName: string, url = "", lineNumber = 0) => ({ functionName, url, lineNumber });

// Five nodes; samples every 100 µs from t=1000: idle, handler, handler, pino, GC, handler (outside the window).
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame("(root)"), children: [2, 3, 4, 5] },
    { id: 2, callFrame: frame("(idle)") },
    { id: 3, callFrame: frame("listConnectors", "file:///repo/dist/server/main.mjs", 41) },
    { id: 4, callFrame: frame("write", "file:///repo/node_modules/pino/lib/proto.js", 9) },
    { id: 5, callFrame: frame("(garbage collector)") },
  ],
  startTime: 1000,
  endTime: 1700,
  samples: [2, 3, 3, 4, 5, 3, 3],
  timeDeltas: [0, 100, 100, 100, 100, 100, 100],
};

describe("summariseProfile", () => {
  it("sums each function's and area's self time inside the window, idle left out, per request", () => {
    const summary = summariseProfile(profile, { fromUs: 1000, toUs: 1500, requests: 2, root: ROOT });
    expect(summary.busyUs).toBe(400);
    expect(summary.areas).toEqual([
      { name: "dist/server/main.mjs", selfUs: 200, share: 0.5, usPerRequest: 100 },
      { name: "pino", selfUs: 100, share: 0.25, usPerRequest: 50 },
      { name: "(garbage collector)", selfUs: 100, share: 0.25, usPerRequest: 50 },
    ]);
    expect(summary.functions[0]).toEqual({
      name: "listConnectors dist/server/main.mjs:42",
      selfUs: 200,
      share: 0.5,
      usPerRequest: 100,
    });
  });

  it("names a bundle's frames by the source they were built from", () => {
    const locate = ({ url, lineNumber }: { url: string; lineNumber: number }) =>
      url.endsWith("main.mjs")
        ? { url: "file:///repo/src/server/settings/routes.ts", lineNumber: 9 }
        : { url, lineNumber };
    const summary = summariseProfile(profile, { fromUs: 1000, toUs: 1500, requests: 2, root: ROOT, locate });
    expect(summary.functions[0]!.name).toBe("listConnectors src/server/settings/routes.ts:10");
  });

  it("counts nothing outside the window", () => {
    expect(summariseProfile(profile, { fromUs: 5000, toUs: 6000, requests: 1, root: ROOT }).busyUs).toBe(0);
  });
});

describe("areaOf", () => {
  it("names a package (scoped or not), Node's internals, V8's pseudo-frames and Pulse's own files", () => {
    expect(areaOf("file:///repo/node_modules/@fastify/cookie/plugin.js", "f", ROOT)).toBe("@fastify/cookie");
    expect(areaOf("file:///repo/node_modules/a/node_modules/b/x.js", "f", ROOT)).toBe("b");
    expect(areaOf("node:internal/async_hooks", "f", ROOT)).toBe("node:internal/async_hooks");
    expect(areaOf("", "(program)", ROOT)).toBe("(program)");
    expect(areaOf("", "stringify", ROOT)).toBe("(native)");
    expect(areaOf("file:///repo/src/server/auth/plugin.ts", "f", ROOT)).toBe("src/server/auth/plugin.ts");
  });
});
