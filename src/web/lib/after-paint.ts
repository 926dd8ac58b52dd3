/**
 * Runs `task` once the browser has shown the page's content: from a task queued when the browser reports its first
 * largest-contentful-paint candidate, which it does once that frame is on screen. Work that is not on the first
 * screen (checking the session with the server, opening the realtime socket) waits for it, so that on a slow
 * connection the page's code and data do not share the bandwidth with it. Waiting only for the next animation frame
 * is not enough: a request started there still ends before the frame is presented, on a fast connection, and so
 * counts as part of the page's load (docs/performance.md, "First paint").
 *
 * Where the browser does not report that paint, the task runs after the next animation frame instead. A tab in the
 * background paints nothing: after `fallbackMs` the task runs anyway. Returns a function that cancels the task.
 */
export function afterContentPaint(task: () => void, fallbackMs = 3000): () => void {
  let pending = true;
  let observer: PerformanceObserver | undefined;
  let frame: number | undefined;
  let painted: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    pending = false;
    observer?.disconnect();
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(painted);
    clearTimeout(fallback);
  };
  const run = () => {
    if (!pending) return;
    cancel();
    task();
  };
  const afterPaint = () => {
    painted ??= setTimeout(run, 0);
  };
  if (reportsContentPaint()) {
    observer = new PerformanceObserver(afterPaint);
    // Buffered: a page that has already painted (the app starting after a sign-in) runs the task at once.
    observer.observe({ type: "largest-contentful-paint", buffered: true });
  } else {
    frame = requestAnimationFrame(afterPaint);
  }
  const fallback = setTimeout(run, fallbackMs);
  return cancel;
}

function reportsContentPaint(): boolean {
  return (
    typeof PerformanceObserver !== "undefined" &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes("largest-contentful-paint")
  );
}
