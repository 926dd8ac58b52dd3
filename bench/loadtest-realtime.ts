// The realtime side of `npm run loadtest` (issue #14): a socket per listening client, joined to its own connectors,
// and the tally of the events that arrived against the connector switches the server acknowledged.
import { REALTIME_HEARTBEAT_MS } from "@shared/constants";
import { REALTIME_PATH, type RealtimeServerMessage } from "@shared/realtime";
import { TestSocket } from "../src/testing/realtime-test-client";

/** One PUT of a connector switch, as its client saw it. Refused ones (4xx) changed nothing and are not kept. */
export interface SwitchAttempt {
  type: string;
  isActive: boolean;
  /**
   * Date.now() before the request and after its outcome. The row's updated_at is the statement's now(), on the
   * same machine's clock, so it lies between: that names the switch whose state an event shows.
   */
  sentAt: number;
  settledAt: number;
  /** "acked": a 200, committed. "unknown": no answer or a 5xx, so it may or may not have committed. */
  outcome: "acked" | "unknown";
}

/** A change event of the connectors channel, as received. */
export interface ConnectorEvent {
  type: string;
  isActive: boolean;
  /** The row's updated_at in ms, NaN when the row has none (a DELETE). */
  updatedAt: number;
}

export interface EventTally {
  /** Acknowledged switches: each committed one row change, so each must have produced an event. */
  expected: number;
  received: number;
  missing: number;
  /** Events that show no switch of this client, or a state older than the commit that caused them. */
  unexpected: number;
  /** Events of switches whose outcome the client never learnt (they committed after all). */
  fromUnacknowledged: number;
  /** Connectors whose last event does not show their last acknowledged switch. */
  lastWrong: number;
}

/** Milliseconds of slack around a switch's window (updated_at arrives rounded to the millisecond). */
const CLOCK_SLACK_MS = 1;

/**
 * Matches one client's events to its switches, connector by connector. A client's switches are sequential (it waits
 * for each answer), every committed upsert fires one NOTIFY, and the server handles one user's notices in order and
 * sends each as one event: so the n-th event of a connector was caused by its n-th committed switch. The server reads
 * the row when it handles the notice, so an event may show a later switch's state (two quick switches can both
 * arrive as the second one), never an earlier one. Hence, per connector: the n-th event must show a switch j ≥ n,
 * j never going back (an event that does not is unexpected and not counted in n), j found by the event's value and
 * its updated_at falling in switch j's window; there must be as many events as acknowledged switches; and the last
 * event must show the last acknowledged switch (or a later one whose answer was lost). With unknown outcomes the
 * count alone cannot tell which switch an event came from: the last-event check is what catches a missing one.
 */
export const emptyTally = (): EventTally => ({
  expected: 0,
  received: 0,
  missing: 0,
  unexpected: 0,
  fromUnacknowledged: 0,
  lastWrong: 0,
});

export function tallyConnectorEvents(
  attempts: SwitchAttempt[],
  /** In arrival order, which is the server's send order (one socket, one TCP stream). */
  events: ConnectorEvent[],
): EventTally {
  const tally = emptyTally();
  const types = new Set([...attempts.map((a) => a.type), ...events.map((e) => e.type)]);
  for (const type of types) {
    const mine = attempts.filter((a) => a.type === type);
    const shown = events.filter((e) => e.type === type);
    const acked = mine.filter((a) => a.outcome === "acked").length;
    let valid = 0;
    let previous = -1;
    let last = -1;
    shown.forEach((event, n) => {
      const j = switchShown(mine, event);
      // `valid` events so far came from as many commits: this one's cause is a later switch, and so is its state.
      if (j === undefined || j < valid || j < previous) {
        tally.unexpected++;
        return;
      }
      valid++;
      previous = j;
      if (n === shown.length - 1) last = j;
    });
    tally.expected += acked;
    tally.received += Math.min(valid, acked);
    tally.missing += acked - Math.min(valid, acked);
    // valid ≤ mine.length, as the n-th valid event shows a switch j ≥ n.
    tally.fromUnacknowledged += Math.max(0, valid - acked);
    const lastAcked = mine.findLastIndex((a) => a.outcome === "acked");
    if (lastAcked >= 0 && last < lastAcked) tally.lastWrong++;
  }
  return tally;
}

/** The index of the switch whose state `event` shows (the latest that fits, as windows may touch), if any. */
function switchShown(attempts: SwitchAttempt[], event: ConnectorEvent): number | undefined {
  for (let i = attempts.length - 1; i >= 0; i--) {
    const a = attempts[i]!;
    if (
      a.isActive === event.isActive &&
      event.updatedAt >= a.sentAt - CLOCK_SLACK_MS &&
      event.updatedAt <= a.settledAt + CLOCK_SLACK_MS
    ) {
      return i;
    }
  }
  return undefined;
}

export interface ListenerUser {
  userId: string;
  token: string;
}

export interface Listeners {
  readonly count: number;
  /** Waits until every user's socket has seen `expected(userId)` connector events, or `boundMs` passed. */
  drain(expected: (userId: string) => number, boundMs: number): Promise<void>;
  /** The connector events a user's socket received, in arrival order (empty for a user without a socket). */
  events(userId: string): ConnectorEvent[];
  /** Sockets the server closed (or that dropped) before `close()`, by close code. */
  closedUnexpectedly(): Record<string, number>;
  /** How often a socket was told to resynchronise (a `joined` again: the server's LISTEN came back). */
  resyncs(): number;
  /** Change frames whose seq is not the one after the previous (from 1 after each `joined`): a frame lost. */
  seqGaps(): number;
  close(): Promise<void>;
}

/**
 * Sockets opened at a time while setting up: the server holds at most 20 not-yet-authenticated sockets per client
 * address (issue 20), and each batch authenticates before the next opens.
 */
const OPEN_BATCH = 20;

/**
 * Opens one socket per user on `baseURL`'s /realtime with `origin` (one the server allows: it refuses a handshake
 * from any other before the upgrade), authenticates and joins the user's own connectors, as the web client does.
 * Each socket pings once per heartbeat so the server does not close it as idle; with the join that stays far below
 * the per-user message limit.
 */
export async function openListeners(
  baseURL: string,
  origin: string,
  users: ListenerUser[],
): Promise<Listeners> {
  const url = `${baseURL.replace(/^http/, "ws")}${REALTIME_PATH}`;
  const sockets = new Map<string, TestSocket>();
  const closes: Record<string, number> = {};
  let closing = false;
  const open = async (user: ListenerUser) => {
    const socket = await TestSocket.open(url, origin);
    sockets.set(user.userId, socket);
    void socket.closed.then(({ code }) => {
      if (!closing) closes[code] = (closes[code] ?? 0) + 1;
    });
    await socket.authAndJoin(user.token, [{ type: "join", channel: "connectors", user_id: user.userId }]);
  };
  const all = () => [...sockets.values()];
  try {
    for (let i = 0; i < users.length; i += OPEN_BATCH) {
      await Promise.all(users.slice(i, i + OPEN_BATCH).map(open));
    }
  } catch (err) {
    closing = true;
    for (const socket of all()) socket.close();
    throw err;
  }
  let ref = 0;
  const heartbeat = setInterval(() => {
    for (const socket of all())
      if (socket.ws.readyState === socket.ws.OPEN) socket.send({ type: "ping", ref });
    ref++;
  }, REALTIME_HEARTBEAT_MS);

  return {
    count: sockets.size,
    async drain(expected, boundMs) {
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, boundMs)));
      const arrived = Promise.all(
        [...sockets].map(([userId, socket]) => {
          const n = expected(userId);
          // A socket that closes first has what it has: the tally counts the rest as missing.
          return n === 0 ? undefined : socket.next("change", (m) => m.seq >= n).catch(() => undefined);
        }),
      );
      await Promise.race([arrived, bound]);
      clearTimeout(timer);
    },
    events(userId) {
      return (sockets.get(userId)?.received ?? []).flatMap(connectorEvent);
    },
    closedUnexpectedly: () => ({ ...closes }),
    resyncs() {
      let n = 0;
      for (const socket of all()) n += socket.received.filter((m) => m.type === "joined").length - 1;
      return n;
    },
    seqGaps() {
      let gaps = 0;
      for (const socket of all()) {
        let seq = 0;
        for (const m of socket.received) {
          if (m.type === "joined") seq = 0;
          else if (m.type === "change") {
            if (m.seq !== seq + 1) gaps++;
            seq = m.seq;
          }
        }
      }
      return gaps;
    },
    async close() {
      closing = true;
      clearInterval(heartbeat);
      for (const socket of all()) socket.close();
      await Promise.all(all().map((s) => s.closed));
    },
  };
}

function connectorEvent(message: RealtimeServerMessage): ConnectorEvent[] {
  if (message.type !== "change" || message.channel !== "connectors") return [];
  const row = message.row ?? {};
  return [
    {
      type: String(row.type),
      isActive: row.is_active === true,
      updatedAt: row.updated_at === undefined ? NaN : new Date(String(row.updated_at)).getTime(),
    },
  ];
}
