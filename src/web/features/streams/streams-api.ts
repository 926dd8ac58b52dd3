import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-context";
import { getOrTakeEarlyAnswer } from "@/lib/early-answers";
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

/**
 * SPEC §7 SELECT v_project_candidates_grouped as the user may see it, a screen at a time, by stream name. The first
 * screen is /projects' first GET (STREAMS_PAGE_FIRST_GETS): its answer may have been asked for before this code
 * loaded, and is taken rather than asked for again.
 */
export const candidatesQuery = (userId: string | null) =>
  infiniteQueryOptions({
    queryKey: streamsKeys.candidates(userId),
    queryFn: ({ pageParam }) => getOrTakeEarlyAnswer<CandidatesPage>(candidatesPath(pageParam), userId),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_after,
  });

export function useCandidates() {
  const { session } = useAuth();
  return useInfiniteQuery({ ...candidatesQuery(session?.user.id ?? null), enabled: session !== null });
}

/** SPEC §7 SELECT projects (id, name, description, created_at). */
export const projectsQuery = queryOptions({
  queryKey: streamsKeys.projects,
  queryFn: () => apiRequest<ProjectsList>(STREAMS_ROUTES.projects),
});

export function useProjects() {
  const { session } = useAuth();
  return useQuery({ ...projectsQuery, enabled: session !== null });
}

/** SPEC §2/§5: creates a PulseMap; as SPEC says, neither list is refreshed afterwards (nothing to invalidate). */
export function createPulseMap(aliasId: string): Promise<CreateProjectResponse> {
  const body: CreateProjectRequest = { alias_id: aliasId };
  return apiRequest<CreateProjectResponse>(STREAMS_ROUTES.projects, { method: "POST", body });
}

/** The items of the Stream whose candidate has this alias_id, each with why it was grouped there (issue 38). */
export const candidateItemsQuery = (userId: string | null, aliasId: string) =>
  queryOptions({
    queryKey: streamsKeys.candidateItems(userId, aliasId),
    queryFn: () => apiRequest<StreamItemsList>(streamsPath(STREAMS_ROUTES.candidateItems, aliasId)),
  });

export function useCandidateItems(aliasId: string) {
  const { session } = useAuth();
  return useQuery({ ...candidateItemsQuery(session?.user.id ?? null, aliasId), enabled: session !== null });
}

/** The items a PulseMap gathered. */
export const projectItemsQuery = (userId: string | null, projectId: string) =>
  queryOptions({
    queryKey: streamsKeys.projectItems(userId, projectId),
    queryFn: () => apiRequest<StreamItemsList>(streamsPath(STREAMS_ROUTES.projectItems, projectId)),
  });

export function useProjectItems(projectId: string) {
  const { session } = useAuth();
  return useQuery({ ...projectItemsQuery(session?.user.id ?? null, projectId), enabled: session !== null });
}

/**
 * "Not this project": takes the item out of its Stream or PulseMap. It changes every list of the page: the caller
 * invalidates `streamsKeys.all` (use-take-item-out.ts).
 */
export function createCorrection(itemId: string): Promise<CorrectionResponse> {
  const body: CreateCorrectionRequest = { item_id: itemId };
  return apiRequest<CorrectionResponse>(STREAMS_ROUTES.corrections, { method: "POST", body });
}

/** Undoes a correction: the item goes back where the resolver puts it (the caller invalidates `streamsKeys.all`). */
export function undoCorrection(correctionId: string): Promise<void> {
  return apiRequest<void>(streamsPath(STREAMS_ROUTES.correction, correctionId), { method: "DELETE" });
}
