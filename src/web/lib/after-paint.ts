/**
 * Runs `task` once the browser has painted the frame it is preparing now: from a task queued in the next animation
 * frame, which runs after that frame is drawn. Work that is not on the first screen (checking the session with the
 * server, opening the realtime socket) waits for it, so that on a slow device the page paints first. A tab in the
 * background draws no frames: after `fallbackMs` the task runs anyway. Returns a function that cancels the task.
 */
export function afterNextPaint(task: () => void, fallbackMs = 1000): () => void {
  let pending = true;
  let afterFrame: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    pending = false;
    cancelAnimationFrame(frame);
    clearTimeout(afterFrame);
    clearTimeout(fallback);
  };
  const run = () => {
    if (!pending) return;
    cancel();
    task();
  };
  const frame = requestAnimationFrame(() => {
    afterFrame = setTimeout(run, 0);
  });
  const fallback = setTimeout(run, fallbackMs);
  return cancel;
}
