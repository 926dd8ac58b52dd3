import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { databaseStats, type Database } from "../../db/client";
import { RequestDurations } from "./request-durations";

/** The realtime counts (the realtime hub's `metrics()`), read on each scrape. */
export interface RealtimeCounts {
  sockets: number;
  preAuth: number;
  users: number;
  channels: number;
}

/**
 * This instance's metrics. The platform owns the registry — one per app, never prom-client's global one, so two
 * apps in one process (tests, two instances) keep theirs apart — and features record through these methods
 * without knowing a metric's name or type.
 */
export interface PulseMetrics {
  readonly registry: Registry;
  /** A finished HTTP request: its route's template (never the raw URL) and status. */
  request(method: string, route: string, statusCode: number, seconds: number): void;
  /** One attempt of an outbound workflow webhook: `ok`, or why it failed. */
  workflowWebhook(hook: string, outcome: string): void;
  /** A session check the cache answered (`hit`) or the database did (`miss`). */
  sessionLookup(result: "hit" | "miss"): void;
  /** A contact submission stored. */
  contactStored(): void;
  /** A change frame handed to a socket, `seconds` after this instance heard its NOTIFY. */
  realtimeDelivered(seconds: number): void;
  /** Where the realtime counts come from (the realtime feature sets it); absent, they are not reported. */
  realtimeCounts: (() => RealtimeCounts) | undefined;
}

/** Time buckets for work that is usually milliseconds and is in trouble at seconds. */
const SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(db: Database): PulseMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requests = new RequestDurations(
    "pulse_http_request_duration_seconds",
    "HTTP requests by route template and status class, from arrival to the last byte written.",
    SECONDS_BUCKETS,
  );
  RequestDurations.register(registry, requests);
  const webhooks = new Counter({
    name: "pulse_workflow_webhook_calls_total",
    help: "Outbound workflow webhook attempts by hook and outcome (ok, or the failure); a retried call counts each attempt.",
    labelNames: ["hook", "outcome"] as const,
    registers,
  });
  // Every signed-in request checks its session: counted as plain numbers and carried over on each scrape, so that
  // no request pays prom-client's label validation and hashing for it (docs/performance.md, "An eighteenth machine").
  const lookups = { hit: 0, miss: 0 };
  const lookupsSeen = { hit: 0, miss: 0 };
  new Counter({
    name: "pulse_session_cache_lookups_total",
    help: "Session checks answered by the instance's session cache (hit) or by the database (miss).",
    labelNames: ["result"] as const,
    registers,
    collect() {
      for (const result of ["hit", "miss"] as const) {
        if (lookups[result] > lookupsSeen[result])
          this.inc({ result }, lookups[result] - lookupsSeen[result]);
        lookupsSeen[result] = lookups[result];
      }
    },
  });
  const contacts = new Counter({
    name: "pulse_contact_submissions_stored_total",
    help: "Contact submissions stored.",
    registers,
  });
  const delivered = new Histogram({
    name: "pulse_realtime_notify_to_send_seconds",
    help: "From this instance hearing a change's NOTIFY to the change frame handed to a socket (the row's read included).",
    buckets: SECONDS_BUCKETS,
    registers,
  });

  const metrics: PulseMetrics = {
    registry,
    request(method, route, statusCode, seconds) {
      requests.observe(method, route, statusCode, seconds);
    },
    workflowWebhook(hook, outcome) {
      webhooks.inc({ hook, outcome });
    },
    sessionLookup(result) {
      lookups[result]++;
    },
    contactStored() {
      contacts.inc();
    },
    realtimeDelivered(seconds) {
      delivered.observe(seconds);
    },
    realtimeCounts: undefined,
  };

  const realtimeGauge = (name: string, help: string, read: (counts: RealtimeCounts) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        const counts = metrics.realtimeCounts?.();
        if (counts) this.set(read(counts));
      },
    });
  realtimeGauge("pulse_realtime_sockets", "Open realtime sockets, authenticated or not.", (c) => c.sockets);
  realtimeGauge(
    "pulse_realtime_sockets_unauthenticated",
    "Realtime sockets not yet authenticated (handshakes under way included).",
    (c) => c.preAuth,
  );
  realtimeGauge(
    "pulse_realtime_channels_joined",
    "Joined realtime channels, summed over all sockets.",
    (c) => c.channels,
  );
  realtimeGauge("pulse_realtime_users", "Distinct users with an authenticated socket.", (c) => c.users);

  const stats = () => databaseStats(db);
  // Read on each scrape and carried over as the difference: the count lives in the database handle.
  let errorsSeen = 0;
  new Counter({
    name: "pulse_db_statement_errors_total",
    help: "Database statements that failed: refused by the database, or lost with its connection.",
    registers,
    collect() {
      const now = stats()?.statementErrors ?? errorsSeen;
      if (now > errorsSeen) this.inc(now - errorsSeen);
      errorsSeen = now;
    },
  });
  // PGlite is one in-process connection: no pool to report.
  if (stats()?.pool) {
    const poolGauge = (
      name: string,
      help: string,
      read: (pool: { total: number; idle: number; waiting: number }) => number,
    ) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          const pool = stats()?.pool;
          if (pool) this.set(read(pool));
        },
      });
    poolGauge("pulse_db_pool_clients", "Connections the PostgreSQL pool holds (at most 10).", (p) => p.total);
    poolGauge("pulse_db_pool_idle_clients", "Pool connections not running a statement.", (p) => p.idle);
    poolGauge(
      "pulse_db_pool_waiting_requests",
      "Statements waiting for a pool connection (all 10 busy).",
      (p) => p.waiting,
    );
  }
  return metrics;
}
