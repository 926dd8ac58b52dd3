import type { FastifyInstance } from "fastify";
import { signEvent } from "../server/workflows/signature";

export interface SignedEventOptions {
  id?: string;
  at?: Date;
  /** Another secret than the app's, to be refused. */
  secret?: string;
  /** Added over the signature headers. */
  headers?: Record<string, string>;
}

/**
 * Posts a workflow event to POST /api/workflows/events as the workflow service does: `body` (an object, or a raw
 * string sent as is) signed the Standard Webhooks way with the app's WORKFLOW_SECRET.
 */
export function postSignedEvent(
  app: FastifyInstance,
  body: unknown,
  { id, at, secret, headers }: SignedEventOptions = {},
) {
  const payload = typeof body === "string" ? body : JSON.stringify(body);
  return app.inject({
    method: "POST",
    url: "/api/workflows/events",
    headers: {
      "content-type": "application/json",
      ...signEvent(secret ?? app.config.workflow.secret, payload, {
        ...(id === undefined ? {} : { id }),
        ...(at === undefined ? {} : { at }),
      }),
      ...headers,
    },
    payload,
  });
}
