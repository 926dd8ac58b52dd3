import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-context";
import {
  STREAMS_ROUTES,
  streamsPath,
  type CandidatesPage,
  type CorrectionResponse,
  type CreateCorrectionRequest,
  type CreateProjectRequest,
  type CreateProjectResponse,
  type ProjectsList,
  type StreamItemsList,
} from "@shared/streams";
import { candidatesPath } from "./candidates-path";

export const streamsKeys = {
  /** Everything the Streams page lists: a correction changes the candidates and the items of Streams and PulseMaps. */
  all: ["streams"] as const,
  // Per user: a user's candidates include what their own accounts found, and a tab can change user without a
  // reload (the auth client shares sessions between tabs), so one user's cached list must never answer another's.
  candidates: (userId: string | null) => ["streams", "candidates", userId] as const,
  // The company's: the same list for every user.
  projects: ["streams", "projects"] as const,
  // Per user, as the candidates: a Stream's or PulseMap's items are those the user may see.
  candidateItems: (userId: string | null, aliasId: string) =>
    ["streams", "candidate-items", userId, aliasId] as const,
  projectItems: (userId: string | null, projectId: string) =>
    ["streams", "project-items", userId, projectId] as const,
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

/** The items of the Stream whose candidate has this alias_id, each with why it was grouped there (issue 38). */
export function useCandidateItems(aliasId: string) {
  const { session } = useAuth();
  const accessToken = session?.access_token;
  return useQuery({
    queryKey: streamsKeys.candidateItems(session?.user.id ?? null, aliasId),
    queryFn: () =>
      apiRequest<StreamItemsList>(streamsPath(STREAMS_ROUTES.candidateItems, aliasId), { accessToken }),
    enabled: accessToken !== undefined,
  });
}

/** The items a PulseMap gathered. */
export function useProjectItems(projectId: string) {
  const { session } = useAuth();
  const accessToken = session?.access_token;
  return useQuery({
    queryKey: streamsKeys.projectItems(session?.user.id ?? null, projectId),
    queryFn: () =>
      apiRequest<StreamItemsList>(streamsPath(STREAMS_ROUTES.projectItems, projectId), { accessToken }),
    enabled: accessToken !== undefined,
  });
}

/** "Not this project": takes the item out of its Stream or PulseMap. */
export function createCorrection(itemId: string, accessToken: string): Promise<CorrectionResponse> {
  const body: CreateCorrectionRequest = { item_id: itemId };
  return apiRequest<CorrectionResponse>(STREAMS_ROUTES.corrections, { method: "POST", body, accessToken });
}

/** Undoes a correction: the item goes back where the resolver puts it. */
export function undoCorrection(correctionId: string, accessToken: string): Promise<void> {
  return apiRequest<void>(streamsPath(STREAMS_ROUTES.correction, correctionId), {
    method: "DELETE",
    accessToken,
  });
}
