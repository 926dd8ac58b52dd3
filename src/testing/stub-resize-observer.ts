import { vi } from "vitest";

/**
 * Radix measures a radio or checkbox inside a <form> (its hidden native input) with a ResizeObserver, which jsdom
 * lacks. For a test whose form holds one and whose code waits for none of its callbacks; undone by
 * `vi.unstubAllGlobals()`. (setup-web.ts stubs none for every test: code that finds one waits for callbacks a stub
 * never sends.)
 */
export function stubResizeObserver(): void {
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
