/**
 * The Settings → Connectors API (issue #13): routes and shapes shared by the server and the web app.
 * Every route is behind the user guard (401 / 403); every read and write is scoped on the server to the token's
 * user, whatever the request says (ARCHITECTURE §5 Product API).
 */

import { CONNECTOR_TYPES, type ConnectorType } from "./constants";

export { CONNECTOR_TYPES, type ConnectorType };

/** SPEC §4: these two connect through the workflow service's popup flow and change only through its events. */
export const POPUP_CONNECTORS = ["asana", "google_drive"] as const satisfies readonly ConnectorType[];
export type PopupConnector = (typeof POPUP_CONNECTORS)[number];

export function isConnectorType(value: string): value is ConnectorType {
  return (CONNECTOR_TYPES as readonly string[]).includes(value);
}

export function isPopupConnector(type: ConnectorType): type is PopupConnector {
  return (POPUP_CONNECTORS as readonly string[]).includes(type);
}

export const CONNECTORS_ROUTES = {
  /** GET → ConnectorsList (SPEC §7: connectors by user_id, type and is_active). */
  list: "/api/connectors",
  /** PUT { is_active } → ConnectorStatus, for every type but the popup ones (409 `connect_through_flow` for those). */
  set: "/api/connectors/:type",
  /** POST (asana | google_drive) → ConnectLinkResponse: the workflow service's connect link. */
  connect: "/api/connectors/:type/connect",
  /** POST (asana | google_drive) → 202 { status: "requested" }; the change arrives as a realtime event. */
  disconnect: "/api/connectors/:type/disconnect",
  /** POST SyncRequest → 200 { status: "ok" } (asana: kind projects | data; google_meet_gemini: no body). */
  sync: "/api/connectors/:type/sync",
  /** GET → AsanaProjectsResponse (SPEC §7: user_identities by user_id and provider asana). */
  asanaProjects: "/api/identities/asana",
  /** GET → AsanaSyncPreferences (SPEC §7: project_sync_preferences by user_id and provider asana). */
  asanaPreferences: "/api/sync-preferences/asana",
  /** SPEC §7 Product API: POST with a bearer token, body SaveAsanaPreferencesRequest. */
  saveAsanaPreferences: "/functions/v1/syncAsanaPreferences",
} as const;

export function connectorPath(route: string, type: ConnectorType): string {
  return route.replace(":type", type);
}

export interface ConnectorStatus {
  type: ConnectorType;
  is_active: boolean;
}

export interface ConnectorsList {
  connectors: ConnectorStatus[];
}

export interface SetConnectorRequest {
  is_active: boolean;
}

export interface ConnectLinkResponse {
  connect_link_url: string;
}

export interface SyncRequest {
  /** Asana only: its first sync button is "projects" (credentials and projects), the second "data". */
  kind?: "projects" | "data";
}

export interface AsanaProject {
  gid: string;
  name: string;
}

export interface AsanaProjectsResponse {
  projects: AsanaProject[];
  updated_at: string | null;
}

export interface AsanaSyncPreferences {
  sync_all: boolean;
  selected_project_ids: string[];
}

export interface SaveAsanaPreferencesRequest extends AsanaSyncPreferences {
  user_id: string;
}

/** The answer of `saveAsanaPreferences` (SPEC §7: parsed as JSON, its fields not used by the page). */
export interface SaveAsanaPreferencesResponse extends AsanaSyncPreferences {
  status: "saved";
}

/**
 * The `error.code`s of the connector routes, for the page to pick SPEC §8's message. Every workflow failure of a
 * connect is "Failed to initiate … connect flow" except `connect_link_missing` ("No connection URL in response").
 */
export const CONNECTOR_ERRORS = {
  /** 404: `:type` is not one of CONNECTOR_TYPES. */
  unknownConnector: "unknown_connector",
  /** 409 on PUT: Asana and Google Drive change only through the connect flow and its events. */
  connectThroughFlow: "connect_through_flow",
  /** 400 on connect / disconnect: only the popup connectors have a connect flow. */
  noConnectFlow: "no_connect_flow",
  /** 400 on sync: this connector's sync is simulated in the browser (SPEC §4). */
  syncSimulated: "sync_simulated",
  /** 503: no webhook URL for this call (neither configured nor the development simulator). */
  workflowNotConfigured: "workflow_not_configured",
  /** 502: the workflow service could not be reached. */
  workflowUnreachable: "workflow_unreachable",
  /** 504: the workflow service did not answer within WORKFLOW_TIMEOUT_MS (5 s). */
  workflowTimeout: "workflow_timeout",
  /** 502: the workflow service answered with a non-2xx status. */
  workflowFailed: "workflow_failed",
  /** 502: the workflow service's answer was not the JSON expected. */
  workflowMalformed: "workflow_malformed_response",
  /** 502: the connect answer had no `connect_link_url` (SPEC §8 "No connection URL in response"). */
  connectLinkMissing: "connect_link_missing",
  /** 403 on saveAsanaPreferences: the body's user_id is not the token's user. */
  userMismatch: "user_mismatch",
} as const;
