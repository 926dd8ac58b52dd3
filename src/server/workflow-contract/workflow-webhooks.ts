import { CONNECTOR_ERRORS, type PopupConnector } from "@shared/connectors";
import type { WorkflowHook } from "../config";
import { HttpError } from "../platform/errors";

/** Why a webhook call failed; each maps to one status and `error.code` of the Pulse API. */
export type WorkflowFailure =
  "not_configured" | "unreachable" | "timeout" | "http_error" | "malformed_response" | "missing_link";

const ANSWERS: Record<WorkflowFailure, [number, string, string]> = {
  not_configured: [503, CONNECTOR_ERRORS.workflowNotConfigured, "This workflow webhook is not configured."],
  unreachable: [502, CONNECTOR_ERRORS.workflowUnreachable, "The workflow service could not be reached."],
  timeout: [504, CONNECTOR_ERRORS.workflowTimeout, "The workflow service did not answer in time."],
  http_error: [502, CONNECTOR_ERRORS.workflowFailed, "The workflow service refused the request."],
  malformed_response: [
    502,
    CONNECTOR_ERRORS.workflowMalformed,
    "The workflow service's answer could not be read.",
  ],
  missing_link: [502, CONNECTOR_ERRORS.connectLinkMissing, "No connection URL in response"],
};

/**
 * A failed webhook call. An HttpError, so a route that lets it through answers the mapped status and code; the
 * workflow service's own words never reach the browser (they are in the log).
 */
export class WorkflowCallError extends HttpError {
  override name = "WorkflowCallError";
  constructor(
    readonly hook: WorkflowHook,
    readonly failure: WorkflowFailure,
    /** The workflow service's status, for `http_error`. */
    readonly upstreamStatus?: number,
  ) {
    const [status, code, message] = ANSWERS[failure];
    super(status, code, message);
  }
}

/**
 * The outbound side of the workflow-automation service (SPEC §7 webhooks), as the features see it. The
 * implementation is src/server/workflows/webhook-client.ts, decorated onto the app in app.ts; the port lives in the
 * workflow contract, the layer between the platform and the features, so the connectors feature calls it without
 * importing the workflows feature. Every method takes the signed-in user's id, never one from a request body, and
 * rejects with a WorkflowCallError.
 */
export interface WorkflowWebhooks {
  /** The connect webhook's `connect_link_url` (top level or nested in a `body` JSON string). */
  connectLink(connector: PopupConnector, externalUserId: string): Promise<string>;
  disconnect(connector: PopupConnector, externalUserId: string): Promise<void>;
  /** ASANA_SYNC (`projects`, credentials and projects) or ASANA_DATA_SYNC (`data`). */
  syncAsana(kind: "projects" | "data", externalUserId: string): Promise<void>;
  /** GOOGLE_MEET_SYNC: a POST with no body (SPEC §7). */
  syncGoogleMeet(externalUserId: string): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    workflowWebhooks: WorkflowWebhooks;
  }
}
