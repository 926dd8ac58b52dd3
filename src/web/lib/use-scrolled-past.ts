import { useCallback, useSyncExternalStore } from "react";

/** SPEC §9: navigation darkens and the landing scroll hint hides past this scroll position (px). */
export const SCROLL_THRESHOLD_PX = 50;

const isPast = (y: number, threshold: number, inclusive: boolean) =>
  inclusive ? y >= threshold : y > threshold;

// The window's scroll position as last read: at the first render that asks (when no change to the page is pending,
// so reading it costs no layout), then in every scroll event, which the browser fires for each change of position.
// React reads the snapshot again right after a commit: reading window.scrollY there would make the browser lay out
// the page it has just changed in the middle of that task, instead of once when it draws the frame.
let knownScrollY: number | undefined;
const readScrollY = () => {
  knownScrollY = window.scrollY;
};

function scrollY(): number {
  if (knownScrollY === undefined) {
    readScrollY();
    // Kept while nothing listens, so a hook mounted later starts from where the window is.
    window.addEventListener("scroll", readScrollY, { passive: true });
  }
  return knownScrollY ?? 0;
}

function subscribeToScroll(onChange: () => void): () => void {
  // Reads the position itself before telling React: listeners run in the order they were added.
  const listener = () => {
    readScrollY();
    onChange();
  };
  window.addEventListener("scroll", listener, { passive: true });
  return () => window.removeEventListener("scroll", listener);
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
  const scrolledPast = useCallback(() => isPast(scrollY(), threshold, inclusive), [threshold, inclusive]);
  return useSyncExternalStore(subscribeToScroll, scrolledPast, atTheTop);
}
