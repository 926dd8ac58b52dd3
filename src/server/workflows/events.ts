import { type z } from "zod";
import type { Orm } from "../db/client";

/** Every event type the workflow service may send (ARCHITECTURE §5 Workflow automation). */
export const KNOWN_EVENT_TYPES = ["streams.discovered", "connector.updated", "identity.projects"] as const;
export type EventType = (typeof KNOWN_EVENT_TYPES)[number];

/** What a handler answers; sent back to the workflow service as the 200 body beside `status`. */
export type HandlerResult = Record<string, unknown>;

export type Transaction = Parameters<Parameters<Orm["transaction"]>[0]>[0];

/**
 * One event type's handler: its body schema (checked before anything is stored; `parseInput` also refuses a U+0000
 * in any string it lets through, which PostgreSQL could not store) and what it does, inside the same
 * transaction that records the `webhook-id`, so an event is handled exactly once or not at all.
 */
export interface EventHandler<T = unknown> {
  type: EventType;
  schema: z.ZodType<T>;
  handle(tx: Transaction, event: T): Promise<HandlerResult>;
}

/**
 * The handlers by event type (routes.ts `defaultEventRegistry` has every known type). A known type without a handler
 * answers 400 `event_not_supported` and nothing is recorded, so the workflow service may send it again once it is
 * handled (decision 0050).
 */
export class EventRegistry {
  private readonly handlers = new Map<string, EventHandler>();

  register<T>(handler: EventHandler<T>): void {
    if (this.handlers.has(handler.type))
      throw new Error(`A handler for ${handler.type} is already registered`);
    this.handlers.set(handler.type, handler as EventHandler);
  }

  get(type: string): EventHandler | undefined {
    return this.handlers.get(type);
  }
}

export function isKnownEventType(type: string): type is EventType {
  return (KNOWN_EVENT_TYPES as readonly string[]).includes(type);
}
