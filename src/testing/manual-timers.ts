import type { Timers } from "../server/platform/timers";

/**
 * A clock that moves only when a test says so: timers fire, in due order, inside `advance`. Starts at the real
 * time, so tokens signed for "now" line up with it.
 */
export class ManualTimers implements Timers {
  private current = Date.now();
  private nextId = 1;
  private readonly pending = new Map<number, { at: number; fn: () => void }>();

  now(): number {
    return this.current;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.pending.set(id, { at: this.current + Math.max(0, ms), fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }

  /** Moves the clock forward by `ms`, running every timer that falls due on the way. */
  advance(ms: number): void {
    const until = this.current + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | undefined;
      for (const entry of this.pending)
        if (entry[1].at <= until && (!next || entry[1].at < next[1].at)) next = entry;
      if (!next) break;
      this.pending.delete(next[0]);
      this.current = next[1].at;
      next[1].fn();
    }
    this.current = until;
  }
}
