import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { afterNextPaint } from "./after-paint";

// The browser's frames under the test's clock too.
beforeEach(() =>
  vi.useFakeTimers({
    toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame"],
  }),
);
afterEach(() => vi.useRealTimers());

describe("afterNextPaint", () => {
  it("runs the task once, in a task after the next animation frame, not before", async () => {
    const task = vi.fn();
    afterNextPaint(task);
    await vi.advanceTimersByTimeAsync(0);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersToNextFrame();
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("runs the task after the fallback time when no frame is drawn (a tab in the background)", async () => {
    const raf = vi.spyOn(window, "requestAnimationFrame").mockImplementation(() => 0);
    const task = vi.fn();
    afterNextPaint(task, 1000);
    await vi.advanceTimersByTimeAsync(999);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(1);
    raf.mockRestore();
  });

  it("a cancelled task never runs", async () => {
    const task = vi.fn();
    const cancel = afterNextPaint(task);
    cancel();
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).not.toHaveBeenCalled();
  });
});
