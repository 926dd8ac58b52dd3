import { describe, expect, it } from "vitest";
import { percentile, ratioAgainstGoal, roundRatios, roundsAgainstGoal } from "./measure";

describe("percentile", () => {
  it("is the nearest-rank value, fractions kept", () => {
    const latencies = Array.from({ length: 100 }, (_, i) => 3 + i / 100); // 3.00 … 3.99 ms
    expect(percentile(latencies, 0.99)).toBe(3.98);
    expect(percentile(latencies, 0.5)).toBe(3.49);
    expect(percentile([4.2, 1.5, 3.7], 1)).toBe(4.2);
    expect(percentile([2.5], 0.99)).toBe(2.5);
  });

  it("does not depend on the order it is given, nor change it", () => {
    const values = [5, 1, 4, 2, 3];
    expect(percentile(values, 0.6)).toBe(3);
    expect(values).toEqual([5, 1, 4, 2, 3]);
  });

  it("is NaN for no values", () => {
    expect(percentile([], 0.5)).toBeNaN();
  });
});

describe("ratioAgainstGoal", () => {
  it("writes two decimals and marks the goal met or missed", () => {
    expect(ratioAgainstGoal(1.0912, { atLeast: 0.9 })).toBe("1.09 ✓");
    expect(ratioAgainstGoal(0.8712, { atLeast: 0.9 })).toBe("0.87 ✗");
    expect(ratioAgainstGoal(1.1612, { atMost: 1.2 })).toBe("1.16 ✓");
    expect(ratioAgainstGoal(1.2789, { atMost: 1.2 })).toBe("1.28 ✗");
  });

  it("marks by the exact ratio, with the digits that keep it on its side of the goal", () => {
    expect(ratioAgainstGoal(1383 / 1543, { atLeast: 0.9 })).toBe("0.896 ✗");
    expect(ratioAgainstGoal(0.89996, { atLeast: 0.9 })).toBe("0.89996 ✗");
    expect(ratioAgainstGoal(1.2041, { atMost: 1.2 })).toBe("1.204 ✗");
    expect(ratioAgainstGoal(1.1996, { atMost: 1.2 })).toBe("1.2 ✓");
  });

  it("meets a goal it equals", () => {
    expect(ratioAgainstGoal(0.9, { atLeast: 0.9 })).toBe("0.9 ✓");
    expect(ratioAgainstGoal(1.2, { atMost: 1.2 })).toBe("1.2 ✓");
  });
});

describe("roundRatios", () => {
  it("divides each round's figure by the reference's of the same round, to four decimals", () => {
    expect(roundRatios([224, 207, 276], [185, 183, 205])).toEqual([1.2108, 1.1311, 1.3463]);
  });

  it("refuses sides with different numbers of rounds", () => {
    expect(() => roundRatios([1, 2], [1])).toThrow("2 rounds against 1");
  });
});

describe("roundsAgainstGoal", () => {
  it("lists the rounds in order and marks only the misses, by the exact ratio", () => {
    expect(roundsAgainstGoal([1.2108, 1.1311, 1.2, 1.2041], { atMost: 1.2 })).toBe(
      "1.21 ✗ · 1.13 · 1.2 · 1.204 ✗",
    );
    expect(roundsAgainstGoal([0.8712, 1.0912], { atLeast: 0.9 })).toBe("0.87 ✗ · 1.09");
  });

  it("marks nothing without a goal", () => {
    expect(roundsAgainstGoal([1.3463, 0.8712])).toBe("1.35 · 0.87");
  });
});
