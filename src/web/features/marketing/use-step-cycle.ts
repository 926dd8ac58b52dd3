import { useEffect, useState } from "react";

/**
 * The index of the highlighted step of a cycle of `count` steps, advancing every `intervalMs` and wrapping to 0.
 * While `running` is false the index holds; resuming restarts the interval.
 */
export function useStepCycle(count: number, intervalMs: number, running = true): number {
  const [active, setActive] = useState(0);
  useEffect(() => {
    if (!running || count < 2) return;
    const id = window.setInterval(() => setActive((i) => (i + 1) % count), intervalMs);
    return () => window.clearInterval(id);
  }, [count, intervalMs, running]);
  return active;
}
