import { describe, expect, it } from "vitest";
import { loadtestPassed, runLoadtest } from "./loadtest";

describe("npm run loadtest, short", () => {
  it("a few signed-in clients for a few seconds: no 5xx, every acknowledged PulseMap stored once, every switch as last acknowledged", async () => {
    const report = await runLoadtest({ clients: 4, seconds: 3, maxRequests: 2_000, database: "pglite" });
    expect(report.requests).toBeGreaterThan(0);
    expect(report.status5xx).toBe(0);
    expect(report.networkErrors).toBe(0);
    expect(report.writes.acknowledged).toBeGreaterThan(0);
    expect(report.writes).toMatchObject({ lost: 0, duplicated: 0, unacknowledgedFound: 0 });
    expect(report.writes.found).toBe(report.writes.acknowledged);
    expect(report.connectorSwitches.acknowledgedStates).toBeGreaterThan(0);
    expect(report.connectorSwitches.wrongAtEnd).toBe(0);
    expect(report.memory.samples).toBeGreaterThan(0);
    expect(loadtestPassed(report)).toBe(true);
  }, 180_000);
});
