import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-context";
import {
  STREAMS_ROUTES,
  type CandidatesPage,
  type CreateProjectRequest,
  type CreateProjectResponse,
  type ProjectsList,
} from "@shared/streams";
import { candidatesPath } from "./candidates-path";

export const streamsKeys = {
  // Per user: a user's candidates include what their own accounts found, and a tab can change user without a
  // reload (the auth client shares sessions between tabs), so one user's cached list must never answer another's.
  candidates: (userId: string | null) => ["streams", "candidates", userId] as const,
  // The company's: the same list for every user.
  projects: ["streams", "projects"] as const,
};

/** SPEC §7 SELECT v_project_candidates_grouped as the user may see it, a screen at a time, by stream name. */
export function useCandidates() {
  const { session } = useAuth();
  const accessToken = session?.access_token;
  return useInfiniteQuery({
    queryKey: streamsKeys.candidates(session?.user.id ?? null),
    queryFn: ({ pageParam }) => apiRequest<CandidatesPage>(candidatesPath(pageParam), { accessToken }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_after,
    enabled: accessToken !== undefined,
  });
}

/** SPEC §7 SELECT projects (id, name, description, created_at). */
export function useProjects() {
  const { session } = useAuth();
  const accessToken = session?.access_token;
  return useQuery({
    queryKey: streamsKeys.projects,
    queryFn: () => apiRequest<ProjectsList>(STREAMS_ROUTES.projects, { accessToken }),
    enabled: accessToken !== undefined,
  });
}

export function createPulseMap(aliasId: string, accessToken: string): Promise<CreateProjectResponse> {
  const body: CreateProjectRequest = { alias_id: aliasId };
  return apiRequest<CreateProjectResponse>(STREAMS_ROUTES.projects, {
    method: "POST",
    body,
    accessToken,
  });
}
