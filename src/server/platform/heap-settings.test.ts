import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const PROBE = path.join(import.meta.dirname, "heap-settings.probe.mjs");

/** The old generation's growth while 30,000 short-lived rows are made, after their literal was seen surviving. */
function oldGrowthBytes(settings: "server" | "default"): number {
  const out = execFileSync(
    process.execPath,
    // The young generation at its largest from the start: V8 decides to pretenure only at such a scavenge. One thread:
    // with V8's background compiler, how many rows went old depended on when the optimised code arrived, and on a
    // loaded machine (the whole suite beside it) as few as a tenth did; on one thread the count is the same each run.
    [
      "--import",
      "tsx",
      "--expose-gc",
      "--single-threaded",
      "--min-semi-space-size=16",
      "--max-semi-space-size=16",
      PROBE,
      settings,
    ],
    { encoding: "utf8" },
  );
  const { oldGrowthBytes: grown, rows } = JSON.parse(out) as { oldGrowthBytes: number; rows: number };
  expect(rows).toBe(30_000);
  return grown;
}

describe("the server's heap settings", () => {
  it("keep short-lived rows young where V8 by default would allocate them old", () => {
    // V8's default, the reference: the rows' literal is pretenured, so the 30,000 rows (about 2 MB) go old.
    expect(oldGrowthBytes("default")).toBeGreaterThan(1_000_000);
    // Loaded as the server loads them, at run time: the rows stay young, and the old generation barely moves.
    expect(oldGrowthBytes("server")).toBeLessThan(200_000);
  });
});
