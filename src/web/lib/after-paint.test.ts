import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { afterContentPaint } from "./after-paint";

// The browser's frames under the test's clock too.
beforeEach(() =>
  vi.useFakeTimers({
    toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame"],
  }),
);
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/**
 * A browser that reports largest-contentful-paint: `paint()` delivers a candidate to every observer watching, as the
 * browser does once a frame with new content is on screen; `buffered` says whether one was shown before.
 */
function reportingBrowser({ buffered = false } = {}) {
  const watching = new Set<PerformanceObserverCallback>();
  class FakePerformanceObserver {
    static readonly supportedEntryTypes = ["paint", "largest-contentful-paint"];
    constructor(private readonly callback: PerformanceObserverCallback) {}
    observe(options: PerformanceObserverInit) {
      expect(options).toEqual({ type: "largest-contentful-paint", buffered: true });
      watching.add(this.callback);
      if (buffered) queueMicrotask(() => this.deliver());
    }
    disconnect() {
      watching.delete(this.callback);
    }
    deliver() {
      this.callback({} as PerformanceObserverEntryList, this as unknown as PerformanceObserver);
    }
  }
  vi.stubGlobal("PerformanceObserver", FakePerformanceObserver);
  return {
    paint: () => {
      for (const callback of [...watching])
        callback({} as PerformanceObserverEntryList, {} as PerformanceObserver);
    },
    watchers: () => watching.size,
  };
}

describe("afterContentPaint, where the browser reports the page's content paint", () => {
  it("runs the task once, in a task after the content is shown, however many frames come first", async () => {
    const browser = reportingBrowser();
    const task = vi.fn();
    afterContentPaint(task);
    await vi.advanceTimersToNextFrame();
    await vi.advanceTimersToNextFrame();
    await vi.advanceTimersByTimeAsync(100);
    expect(task).not.toHaveBeenCalled();
    browser.paint();
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    // A larger candidate later, and the fallback's time, run nothing more; the observer is gone.
    browser.paint();
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(1);
    expect(browser.watchers()).toBe(0);
  });

  it("runs the task at once on a page whose content was shown before (the app starting after a sign-in)", async () => {
    reportingBrowser({ buffered: true });
    const task = vi.fn();
    afterContentPaint(task);
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("runs the task after the fallback time when nothing is shown (a tab in the background)", async () => {
    const browser = reportingBrowser();
    const task = vi.fn();
    afterContentPaint(task, 3000);
    await vi.advanceTimersByTimeAsync(2999);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(1);
    expect(browser.watchers()).toBe(0);
  });

  it("a cancelled task never runs, and stops watching", async () => {
    const browser = reportingBrowser();
    const task = vi.fn();
    const cancel = afterContentPaint(task);
    cancel();
    expect(browser.watchers()).toBe(0);
    browser.paint();
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).not.toHaveBeenCalled();
  });
});

describe("afterContentPaint, where the browser does not report it", () => {
  beforeEach(() => vi.stubGlobal("PerformanceObserver", undefined));

  it("runs the task once, in a task after the next animation frame, not before", async () => {
    const task = vi.fn();
    afterContentPaint(task);
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
    afterContentPaint(task, 1000);
    await vi.advanceTimersByTimeAsync(999);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(1);
    raf.mockRestore();
  });

  it("a cancelled task never runs", async () => {
    const task = vi.fn();
    const cancel = afterContentPaint(task);
    cancel();
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).not.toHaveBeenCalled();
  });
});
