import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { workflowEventIds } from "../db/schema";
import { JSON_TOO_DEEP_MESSAGE, jsonNestsDeeperThan, MAX_JSON_DEPTH } from "../platform/body-limits";
import { badRequest, HttpError, parseInput } from "../platform/errors";
import { connectorUpdatedHandler, identityProjectsHandler } from "./connector-events";
import { EventRegistry, isKnownEventType } from "./events";
import { verifySignedEvent } from "./signature";
import { MAX_DISCOVERY_BATCH, streamsDiscoveredHandler, type StreamPlacement } from "./streams-discovered";

export const WORKFLOW_EVENTS_ROUTE = "/api/workflows/events";

const envelope = z.object({ type: z.string() });

export interface WorkflowEventsOptions {
  /** The handlers; the default has every known event type. */
  registry?: EventRegistry;
  /** The Streams feature's placement of discovered items (issue 38), for the default registry. */
  streams?: StreamPlacement;
}

export function defaultEventRegistry(streams: StreamPlacement): EventRegistry {
  const registry = new EventRegistry();
  registry.register(streamsDiscoveredHandler(streams));
  registry.register(connectorUpdatedHandler);
  registry.register(identityProjectsHandler);
  return registry;
}

/**
 * POST /api/workflows/events (ARCHITECTURE §5 Workflow automation, issue #11): the one inbound endpoint of the
 * workflow service. Public to the user guard (access.ts) but signed the Standard Webhooks way over the raw body.
 * Order: signature and timestamp (401), JSON and event type (400), the event's own schema (400 / 413 for an
 * oversize batch), then — in one transaction — the `webhook-id` is recorded and the handler runs. A repeated id
 * answers 200 `duplicate` with nothing changed. Every refusal stores nothing.
 */
export const workflowRoutes: FastifyPluginAsync<WorkflowEventsOptions> = async (app, options) => {
  const registry =
    options.registry ??
    defaultEventRegistry(
      options.streams ??
        (() => {
          throw new Error("workflowRoutes needs the Streams feature's placement (app.ts hands it over)");
        })(),
    );

  // In this plugin's scope only: JSON arrives as the raw string, so the signature is checked over the bytes sent.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    done(null, body);
  });

  // Its body limit (room for a full batch of long names) is in platform/body-limits.ts with every other route's.
  app.post(WORKFLOW_EVENTS_ROUTE, async (request) => {
    if (typeof request.body !== "string") {
      throw new HttpError(415, "unsupported_media_type", "Send the event as application/json.");
    }
    const rawBody = request.body;
    const webhookId = verifySignedEvent(app.config.workflow.secret, rawBody, request.headers);

    if (jsonNestsDeeperThan(rawBody, MAX_JSON_DEPTH)) {
      throw badRequest(JSON_TOO_DEEP_MESSAGE, "json_too_deep");
    }
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      throw badRequest("The request body is not valid JSON.", "invalid_json");
    }
    const head = envelope.safeParse(json);
    if (!head.success) throw badRequest("The event has no type.", "validation_failed");
    const { type } = head.data;
    if (!isKnownEventType(type))
      throw badRequest(`Unknown event type "${type.slice(0, 100)}".`, "unknown_event_type");
    const handler = registry.get(type);
    if (!handler) throw badRequest(`Event type "${type}" is not supported yet.`, "event_not_supported");

    if (type === "streams.discovered") {
      const items = (json as { items?: unknown }).items;
      if (Array.isArray(items) && items.length > MAX_DISCOVERY_BATCH) {
        throw new HttpError(
          413,
          "batch_too_large",
          `A streams.discovered event carries at most ${MAX_DISCOVERY_BATCH} items; this one has ${items.length}.`,
        );
      }
    }
    const event = parseInput(handler.schema, json, "The event is not valid.");

    return app.db.orm.transaction(async (tx) => {
      const recorded = await tx
        .insert(workflowEventIds)
        .values({ webhookId, eventType: type })
        .onConflictDoNothing()
        .returning({ id: workflowEventIds.webhookId });
      if (recorded.length === 0) return { status: "duplicate" as const };
      const result = await handler.handle(tx, event);
      return { status: "processed" as const, ...result };
    });
  });
};
