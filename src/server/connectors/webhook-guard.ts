import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import { HttpError } from "../platform/errors";
import { createRateLimiter, type RateLimiter } from "../platform/rate-limit/limiter";

/** The connector routes that call the workflow service; each is limited on its own. */
export type WebhookAction = "connect" | "disconnect" | "sync";

/**
 * Per user and per action (issue #20). A person connects, disconnects or syncs a few times a minute; a script's loop
 * would do it hundreds of times, each request an outbound call (a connect up to three).
 */
export const CONNECTOR_WEBHOOK_RATE_LIMIT = { max: 10, windowMs: 60_000 } as const;

export const TOO_MANY_CONNECTOR_CALLS = "Too many connector requests. Please wait a moment and try again.";

export interface GuardedCall {
  action: WebhookAction;
  /** What the call reaches (the connector, and the kind of an Asana sync): one hook of one user. */
  target: string;
  userId: string;
  /** The request's log: a join or a refusal is said there, with the action and target only. */
  log: FastifyBaseLogger;
}

export interface WebhookGuard {
  /**
   * `send()`, unless the user is over the action's limit (429 with Retry-After) or the same call is already running
   * for them: then its outcome — the link, the acceptance or the failure, a 429 included — is this request's too,
   * and nothing more is sent or counted. A double click answers both clicks alike.
   */
  run<T>(call: GuardedCall, send: () => Promise<T>): Promise<T>;
}

/**
 * The count is in PostgreSQL, shared by every instance. The running calls are this instance's only: a repeat that
 * lands on another instance makes its own call, which the shared count still bounds; sharing a promise across
 * instances would cost a round trip and a lock on every click to save a call that is already paid for.
 */
export function createWebhookGuard(db: Database): WebhookGuard {
  const limiter = (action: WebhookAction): RateLimiter =>
    createRateLimiter(db, { name: `connectors:${action}`, ...CONNECTOR_WEBHOOK_RATE_LIMIT });
  const limiters: Record<WebhookAction, RateLimiter> = {
    connect: limiter("connect"),
    disconnect: limiter("disconnect"),
    sync: limiter("sync"),
  };
  const running = new Map<string, Promise<unknown>>();

  return {
    run<T>({ action, target, userId, log }: GuardedCall, send: () => Promise<T>): Promise<T> {
      const key = JSON.stringify([action, target, userId]);
      const shared = running.get(key);
      if (shared) {
        log.info({ action, target }, "connector call joined the same call in flight");
        return shared as Promise<T>;
      }
      // Registered before the first await, so a repeat arriving while the count is being checked joins this one.
      const started = (async () => {
        // A user id is a UUID: no ":" for the limiter to read as an IPv6 address.
        const counted = await limiters[action].hit(userId);
        if (!counted.allowed) {
          log.warn(
            { action, target, retryAfter: counted.retryAfterSeconds },
            "connector calls over the limit",
          );
          throw new HttpError(429, "rate_limited", TOO_MANY_CONNECTOR_CALLS, {
            "retry-after": String(counted.retryAfterSeconds),
          });
        }
        return send();
      })().finally(() => running.delete(key));
      running.set(key, started);
      return started;
    },
  };
}
