import { queryOptions, useQuery } from "@tanstack/react-query";
import {
  CONNECTORS_ROUTES,
  type AsanaProjectsResponse,
  type AsanaSyncPreferences,
  type SaveAsanaPreferencesRequest,
} from "@shared/connectors";
import { apiRequest } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-context";

export const asanaProjectsKey = (userId: string | undefined) =>
  ["user_identities", "asana", userId ?? null] as const;
export const asanaPreferencesKey = (userId: string | undefined) =>
  ["project_sync_preferences", "asana", userId ?? null] as const;

/** GET /api/identities/asana (SPEC §7: user_identities by user_id and provider asana). */
export const asanaProjectsQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: asanaProjectsKey(userId),
    queryFn: () => apiRequest<AsanaProjectsResponse>(CONNECTORS_ROUTES.asanaProjects),
  });

export function useAsanaProjects(enabled: boolean) {
  const { user, session } = useAuth();
  return useQuery({ ...asanaProjectsQuery(user?.id), enabled: enabled && Boolean(user && session) });
}

/** GET /api/sync-preferences/asana (SPEC §7: project_sync_preferences by user_id and provider asana). */
export const asanaPreferencesQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: asanaPreferencesKey(userId),
    queryFn: () => apiRequest<AsanaSyncPreferences>(CONNECTORS_ROUTES.asanaPreferences),
  });

export function useAsanaPreferences(enabled: boolean) {
  const { user, session } = useAuth();
  return useQuery({ ...asanaPreferencesQuery(user?.id), enabled: enabled && Boolean(user && session) });
}

/**
 * SPEC §7 Product API: POST /functions/v1/syncAsanaPreferences, signed in. The caller writes what was saved into
 * `asanaPreferencesKey` (the server's answer says nothing more).
 */
export function saveAsanaPreferences(body: SaveAsanaPreferencesRequest) {
  return apiRequest<unknown>(CONNECTORS_ROUTES.saveAsanaPreferences, { method: "POST", body });
}
