import { describe, expect, it } from "vitest";
import { tallyConnectorEvents, type ConnectorEvent, type SwitchAttempt } from "./loadtest-realtime";

/** Switches of one connector 10 ms apart, each answered 5 ms after it was sent, alternating on/off. */
function switches(...outcomes: SwitchAttempt["outcome"][]): SwitchAttempt[] {
  return outcomes.map((outcome, i) => ({
    type: "slack",
    isActive: i % 2 === 0,
    sentAt: 1_000 + i * 10,
    settledAt: 1_005 + i * 10,
    outcome,
  }));
}

/** The event of a row as switch `i` of `switches()` left it (committed 2 ms after it was sent). */
const showing = (i: number): ConnectorEvent => ({
  type: "slack",
  isActive: i % 2 === 0,
  updatedAt: 1_002 + i * 10,
});

const clean = { missing: 0, unexpected: 0, fromUnacknowledged: 0, lastWrong: 0 };

describe("tallyConnectorEvents", () => {
  it("counts every acknowledged switch received when each has its event", () => {
    expect(
      tallyConnectorEvents(switches("acked", "acked", "acked"), [showing(0), showing(1), showing(2)]),
    ).toEqual({
      expected: 3,
      received: 3,
      ...clean,
    });
  });

  it("accepts an event that shows a later switch's state (the server reads the row when it handles the notice)", () => {
    const tally = tallyConnectorEvents(switches("acked", "acked"), [showing(1), showing(1)]);
    expect(tally).toEqual({ expected: 2, received: 2, ...clean });
  });

  it("counts a missing event, and the last switch not shown", () => {
    const tally = tallyConnectorEvents(switches("acked", "acked", "acked"), [showing(0), showing(1)]);
    expect(tally).toMatchObject({ expected: 3, received: 2, missing: 1, lastWrong: 1 });
  });

  it("refuses an event that shows a state older than the commit that caused it", () => {
    const tally = tallyConnectorEvents(switches("acked", "acked"), [showing(0), showing(0)]);
    expect(tally).toMatchObject({ received: 1, missing: 1, unexpected: 1, lastWrong: 1 });
  });

  it("refuses an event whose row no switch of the client wrote, and one of a connector never switched", () => {
    const foreign: ConnectorEvent = { type: "slack", isActive: false, updatedAt: 1_002 };
    const other: ConnectorEvent = { type: "jira", isActive: true, updatedAt: 1_002 };
    const tally = tallyConnectorEvents(switches("acked"), [foreign, showing(0), other]);
    expect(tally).toMatchObject({ expected: 1, received: 1, missing: 0, unexpected: 2 });
  });

  it("tells apart the event of a switch whose answer was lost from an unexpected one", () => {
    const committed = tallyConnectorEvents(switches("acked", "unknown", "acked"), [
      showing(0),
      showing(1),
      showing(2),
    ]);
    expect(committed).toEqual({ expected: 2, received: 2, ...clean, fromUnacknowledged: 1 });
    const notCommitted = tallyConnectorEvents(switches("acked", "unknown", "acked"), [
      showing(0),
      showing(2),
    ]);
    expect(notCommitted).toEqual({ expected: 2, received: 2, ...clean });
  });

  it("needs no event for a client that switched nothing", () => {
    expect(tallyConnectorEvents([], [])).toEqual({ expected: 0, received: 0, ...clean });
  });
});
