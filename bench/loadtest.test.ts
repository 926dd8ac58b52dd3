import { describe, expect, it } from "vitest";
import { postgresServerUrl } from "../src/testing/test-database";
import { loadtestPassed, runLoadtest } from "./loadtest";

// On PGlite; on PostgreSQL when TEST_DATABASE_URL names a server (as the server suites).
const postgresUrl = postgresServerUrl();

describe("npm run loadtest, short", () => {
  it("a few signed-in clients for a few seconds: no 5xx, every acknowledged PulseMap stored once, every switch as last acknowledged and seen on the realtime socket", async () => {
    const report = await runLoadtest({
      clients: 4,
      seconds: 3,
      maxRequests: 2_000,
      // Enough turns of every kind (a ninth of them creates, a ninth switches) however slow the machine is today.
      minRequests: 150,
      ...(postgresUrl ? { database: "postgres", postgresUrl } : { database: "pglite" }),
    });
    expect(report.requests).toBeGreaterThan(0);
    expect(report.status5xx).toBe(0);
    expect(report.networkErrors).toBe(0);
    expect(report.writes.acknowledged).toBeGreaterThan(0);
    expect(report.writes).toMatchObject({ lost: 0, duplicated: 0, unacknowledgedFound: 0 });
    expect(report.writes.found).toBe(report.writes.acknowledged);
    expect(report.candidates.createTurnsWithoutCandidate).toBe(0);
    expect(report.connectorSwitches.acknowledgedStates).toBeGreaterThan(0);
    expect(report.connectorSwitches.wrongAtEnd).toBe(0);
    expect(report.realtime.sockets).toBe(4);
    expect(report.realtime.events.expected).toBeGreaterThan(0);
    expect(report.realtime.events).toMatchObject({ missing: 0, unexpected: 0, lastWrong: 0 });
    expect(report.realtime.events.received).toBe(report.realtime.events.expected);
    expect(report.realtime).toMatchObject({ socketsClosedUnexpectedly: 0, seqGaps: 0 });
    expect(report.realtime.pulseMapCreationNotifies).toBe(false);
    expect(report.memory.samples).toBeGreaterThan(0);
    expect(loadtestPassed(report)).toBe(true);
  }, 180_000);
});
