import { useEffect, useState } from "react";

const isPast = (y: number, threshold: number, inclusive: boolean) =>
  inclusive ? y >= threshold : y > threshold;

/**
 * True while the window is scrolled more than `threshold` px — or, with `inclusive`, at least `threshold` px.
 * SPEC §2/§9: the navigation darkens once scrolled *more than* 50 px; the landing scroll hint shows only while the
 * position is *below* 50 px.
 */
export function useScrolledPast(
  threshold: number,
  { inclusive = false }: { inclusive?: boolean } = {},
): boolean {
  const [scrolled, setScrolled] = useState(
    () => typeof window !== "undefined" && isPast(window.scrollY, threshold, inclusive),
  );
  useEffect(() => {
    const update = () => setScrolled(isPast(window.scrollY, threshold, inclusive));
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold, inclusive]);
  return scrolled;
}
