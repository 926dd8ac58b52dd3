import { useEffect, useState } from "react";

/** Milliseconds from `at` to the next multiple of `intervalMs` since the epoch (the next whole minute for 60 000). */
const untilNextBoundary = (intervalMs: number, at: number) => intervalMs - (at % intervalMs);

const isHidden = () => document.visibilityState === "hidden";

/**
 * The current time, kept current on a page left open: it moves on at every `intervalMs` boundary of the clock (by
 * default each whole minute, so a date or time shown to the minute turns with the wall clock, at one re-render a
 * minute) and at once when the tab becomes visible again. A timeout chain re-aimed at the next boundary each time
 * rather than an interval, because browsers throttle and freeze timers in hidden or sleeping tabs, and an interval
 * would drift off the boundary or fire late. While hidden it does not tick: nothing is on screen to update.
 */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    };
    const schedule = () => {
      stop();
      if (!isHidden()) timer = setTimeout(tick, untilNextBoundary(intervalMs, Date.now()));
    };
    function tick() {
      setNow(new Date());
      schedule();
    }
    const onVisibility = () => (isHidden() ? stop() : tick());

    schedule();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stop();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [intervalMs]);

  return now;
}
