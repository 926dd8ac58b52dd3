import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";

beforeEach(() => {
  // jsdom has no dialogs; tests that care assert on this spy.
  vi.spyOn(window, "alert").mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

// jsdom lacks the layout APIs Radix's popups (Select, Popover, Tooltip) call; stub them so they open in tests.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.setPointerCapture ??= () => undefined;

// Testing Library flushes its async work with a setTimeout(0) that it advances itself only when it sees Jest's fake
// timers; pointing its `jest` check at Vitest's clock lets user-event run under vi.useFakeTimers() (the Console's
// 1.5 s reply, the timeline's and connectors' timers) instead of waiting forever.
Object.assign(globalThis, { jest: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) } });
