import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";

// Code fetched on demand (Radix's select, the calendar, the menus, the dialogs) is transformed on its first import in
// each worker; on a loaded 2-core machine that alone has outlasted the default 1 s wait of `findBy…` and `waitFor`
// (add-project's test failed that way once). A longer wait only delays a test that fails anyway.
configure({ asyncUtilTimeout: 5_000 });

beforeEach(() => {
  // jsdom has no dialogs; tests that care assert on this spy.
  vi.spyOn(window, "alert").mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

// jsdom lacks the pointer-capture and scrolling calls Radix's Select makes while opening and choosing; stub them.
// (No ResizeObserver stub: code that finds one waits for callbacks a stub never sends.)
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.setPointerCapture ??= () => undefined;

// Testing Library flushes its async work with a setTimeout(0) that it advances itself only when it sees Jest's fake
// timers; pointing its `jest` check at Vitest's clock lets user-event run under vi.useFakeTimers() (the Console's
// 1.5 s reply, the timeline's and connectors' timers) instead of waiting forever.
Object.assign(globalThis, { jest: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) } });
