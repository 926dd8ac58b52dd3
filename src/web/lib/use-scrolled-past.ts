import { useCallback, useSyncExternalStore } from "react";

const isPast = (y: number, threshold: number, inclusive: boolean) =>
  inclusive ? y >= threshold : y > threshold;

function subscribeToScroll(onChange: () => void): () => void {
  window.addEventListener("scroll", onChange, { passive: true });
  return () => window.removeEventListener("scroll", onChange);
}

// A pre-rendered page is rendered at the top; hydration starts there too and then takes the real position.
const atTheTop = () => false;

/**
 * True while the window is scrolled more than `threshold` px — or, with `inclusive`, at least `threshold` px.
 * SPEC §2/§9: the navigation darkens once scrolled *more than* 50 px; the landing scroll hint shows only while the
 * position is *below* 50 px.
 */
export function useScrolledPast(
  threshold: number,
  { inclusive = false }: { inclusive?: boolean } = {},
): boolean {
  const scrolledPast = useCallback(
    () => isPast(window.scrollY, threshold, inclusive),
    [threshold, inclusive],
  );
  return useSyncExternalStore(subscribeToScroll, scrolledPast, atTheTop);
}
