import type { FastifyInstance } from "fastify";

export interface DrainOptions {
  /** How long the instance keeps serving, /readyz answering 503, before it closes (SHUTDOWN_DRAIN_SECONDS). */
  drainMs: number;
  /** Past this long closing, the connections still open are cut: one that never sends a request would hold it. */
  closeDeadlineMs: number;
  /** Waits out the drain window; tests pass one they end themselves. */
  wait?: (ms: number) => Promise<void>;
}

const realWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A rolling restart's way out (SIGTERM in main.ts). First the instance stops being ready, so /readyz answers 503
 * at once; it then serves everything as before for the drain window, long enough for a load balancer to see the
 * 503 and stop sending; then it closes: realtime sockets get 1012 and reconnect to another instance, requests in
 * flight finish, idle keep-alive connections close.
 */
export async function drainAndClose(
  app: FastifyInstance,
  { drainMs, closeDeadlineMs, wait = realWait }: DrainOptions,
): Promise<void> {
  app.readiness.startDraining();
  if (drainMs > 0) {
    app.log.info(
      { drainSeconds: drainMs / 1000 },
      "shutting down: /readyz answers 503; serving on until the load balancer stops sending",
    );
    await wait(drainMs);
  }
  app.log.info("shutting down: closing realtime sockets and draining requests");
  const deadline = setTimeout(() => {
    app.log.warn("drain deadline passed: closing the remaining connections");
    app.server.closeAllConnections();
  }, closeDeadlineMs);
  deadline.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(deadline);
  }
}
