import { describe, expect, it } from "vitest";
import { percentile } from "./measure";

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
