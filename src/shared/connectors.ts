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
