import { queryOptions, useQuery } from "@tanstack/react-query";
import {
  CONNECTORS_ROUTES,
  connectorPath,
  type ConnectLinkResponse,
  type ConnectorStatus,
  type ConnectorsList,
  type ConnectorType,
  type PopupConnector,
  type SyncRequest,
} from "@shared/connectors";
import { apiRequest } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-context";

/** Per user, so one browser never shows a previous user's rows. */
export const connectorsKey = (userId: string | undefined) => ["connectors", userId ?? null] as const;

/** GET /api/connectors (SPEC §7: connectors by user_id). */
export const connectorsQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: connectorsKey(userId),
    queryFn: () => apiRequest<ConnectorsList>(CONNECTORS_ROUTES.list),
  });

export function useConnectorStatuses() {
  const { user, session } = useAuth();
  return useQuery({ ...connectorsQuery(user?.id), enabled: Boolean(user && session) });
}

// The changes below are written into `connectorsKey` by use-connectors.ts: the stored flip from its answer, the
// popup flows from the realtime change (or a refetch once the popup has closed).

/** PUT /api/connectors/:type — the stored flip of a connector that has no popup flow. */
export function setConnector(type: ConnectorType, isActive: boolean) {
  return apiRequest<ConnectorStatus>(connectorPath(CONNECTORS_ROUTES.set, type), {
    method: "PUT",
    body: { is_active: isActive },
  });
}

/** POST /api/connectors/:type/connect — the workflow service's connect link. */
export function connectConnector(type: PopupConnector) {
  return apiRequest<Partial<ConnectLinkResponse> | undefined>(
    connectorPath(CONNECTORS_ROUTES.connect, type),
    {
      method: "POST",
    },
  );
}

/** POST /api/connectors/:type/disconnect — accepted; the change itself arrives through realtime. */
export function disconnectConnector(type: PopupConnector) {
  return apiRequest<unknown>(connectorPath(CONNECTORS_ROUTES.disconnect, type), { method: "POST" });
}

/** POST /api/connectors/:type/sync — Asana with its kind; Google Meet with no body (SPEC §7). */
export function syncConnector(type: ConnectorType, request?: SyncRequest) {
  return apiRequest<unknown>(connectorPath(CONNECTORS_ROUTES.sync, type), { method: "POST", body: request });
}
