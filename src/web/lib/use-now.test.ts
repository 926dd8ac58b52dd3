import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useNow } from "./use-now";

const START = new Date(2026, 10, 23, 23, 58, 20);

function setVisibility(state: "visible" | "hidden") {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
  document.dispatchEvent(new Event("visibilitychange"));
}

/** Renders the hook, counting renders so a test can see it re-renders once a minute, not more. */
function renderNow(intervalMs?: number) {
  let renders = 0;
  const hook = renderHook(() => {
    renders += 1;
    return useNow(intervalMs);
  });
  return { ...hook, renders: () => renders };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
  // Back to jsdom's own getter on the prototype.
  delete (document as { visibilityState?: unknown }).visibilityState;
});

describe("useNow", () => {
  it("starts at the current time and moves on at each whole minute, re-rendering once a minute", () => {
    const { result, renders } = renderNow();
    expect(result.current).toEqual(START);
    const before = renders();
    advance(39_999);
    expect(result.current).toEqual(START);
    expect(renders()).toBe(before);
    advance(1);
    expect(result.current).toEqual(new Date(2026, 10, 23, 23, 59));
    expect(renders()).toBe(before + 1);
    // Past midnight: the next day.
    advance(60_000);
    expect(result.current).toEqual(new Date(2026, 10, 24, 0, 0));
    for (let minute = 1; minute <= 10; minute += 1) {
      advance(30_000);
      expect(result.current).toEqual(new Date(2026, 10, 24, 0, minute - 1));
      advance(30_000);
      expect(result.current).toEqual(new Date(2026, 10, 24, 0, minute));
    }
    expect(renders()).toBe(before + 12);
  });

  it("catches up at once when the tab becomes visible again, and does not tick while hidden", () => {
    const { result, renders } = renderNow();
    act(() => setVisibility("hidden"));
    const before = renders();
    advance(10 * 60_000);
    expect(renders()).toBe(before);
    expect(result.current).toEqual(START);

    // A laptop asleep for two days: the clock jumped, no timer ran.
    vi.setSystemTime(new Date(2026, 10, 26, 8, 15, 30));
    act(() => setVisibility("visible"));
    expect(result.current).toEqual(new Date(2026, 10, 26, 8, 15, 30));
    // Back on the minute boundary afterwards.
    advance(29_999);
    expect(result.current).toEqual(new Date(2026, 10, 26, 8, 15, 30));
    advance(1);
    expect(result.current).toEqual(new Date(2026, 10, 26, 8, 16));
  });

  it("a visibilitychange while visible (timers frozen, clock jumped) updates it too", () => {
    const { result } = renderNow();
    vi.setSystemTime(new Date(2026, 10, 25, 7, 0, 5));
    act(() => document.dispatchEvent(new Event("visibilitychange")));
    expect(result.current).toEqual(new Date(2026, 10, 25, 7, 0, 5));
  });

  it("takes another interval, still aligned to its boundary", () => {
    const { result } = renderNow(1_000);
    advance(999);
    expect(result.current).toEqual(START);
    advance(1);
    expect(result.current).toEqual(new Date(START.getTime() + 1_000));
  });

  it("leaves no timer or listener behind when unmounted", () => {
    const remove = vi.spyOn(document, "removeEventListener");
    const { unmount } = renderNow();
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
    expect(remove).toHaveBeenCalledWith("visibilitychange", expect.any(Function));
  });
});
