import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether a CSS media query matches now, re-rendering when that changes. Where matchMedia is missing (jsdom), the
 * query counts as matching, so tests see the desktop layout unless they stub matchMedia.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== "function") return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (typeof window.matchMedia === "function" ? window.matchMedia(query).matches : true),
    () => true,
  );
}
