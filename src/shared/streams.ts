/** The Streams API (issue #11, decision 0050): shapes shared by the server and the web app. */

import { UNTITLED_PROJECT } from "./constants";

export const STREAMS_ROUTES = {
  candidates: "/api/streams/candidates",
  projects: "/api/projects",
} as const;

/**
 * A project candidate (SPEC §3) as the signed-in user sees it: the grouping of `pulse.v_project_candidates_grouped`
 * over the aliases they may see (reported without a user, or by their own connected accounts), so the count and
 * the apps leave out a colleague's discoveries of the same name.
 */
export interface ProjectCandidate {
  raw_name: string;
  alias_count: number;
  source_apps: string[];
  alias_id: string;
}

/** One page of candidates, ordered by raw_name; `next_after` is the cursor of the next page, or null at the end. */
export interface CandidatesPage {
  candidates: ProjectCandidate[];
  next_after: string | null;
}

/** A PulseMap as the Streams page lists it (SPEC §7: id, name, description, created_at). */
export interface ProjectSummary {
  id: string;
  name: string;
  description: string | null;
  created_at: string;
}

export interface ProjectsList {
  projects: ProjectSummary[];
}

export interface CreateProjectRequest {
  alias_id: string;
}

export interface CreateProjectResponse {
  project: ProjectSummary;
}

/**
 * A Stream's or PulseMap's name as the Streams page shows it: SPEC §2's "Untitled Project" for an empty one. A name
 * of spaces only reads as empty too, so it shows the same. The server stores a PulseMap made of such a Stream under
 * this name; PulseMaps stored blank before that still show it through here.
 */
export const displayName = (name: string): string => (name.trim() === "" ? UNTITLED_PROJECT : name);

/** SPEC §8 "Profile not found". */
export const PROFILE_NOT_FOUND_MESSAGE = "Could not find user profile for current user.";

export const CANDIDATES_PAGE_DEFAULT = 100;
export const CANDIDATES_PAGE_MAX = 500;
export const PROJECTS_LIST_MAX = 500;
