/** The Streams API (issue #11, decision 0050): shapes shared by the server and the web app. */

import { UNTITLED_PROJECT } from "./constants";

export const STREAMS_ROUTES = {
  candidates: "/api/streams/candidates",
  /** The items of the Stream whose candidate has this alias_id (issue 38): what it holds, and why. */
  candidateItems: "/api/streams/candidates/:alias_id/items",
  projects: "/api/projects",
  /** The items a PulseMap gathered. */
  projectItems: "/api/projects/:id/items",
  /** "Not this project": takes an item out of its Stream (or PulseMap); the correction is kept and honoured. */
  corrections: "/api/streams/corrections",
  /** Undoes one correction. */
  correction: "/api/streams/corrections/:id",
} as const;

/** A route of STREAMS_ROUTES with its one parameter filled in. */
export const streamsPath = (route: string, id: string): string =>
  route.replace(/:[a-z_]+/, encodeURIComponent(id));

/**
 * One discovered item of a Stream as the tool showed it, with the short human reason it was grouped there
 * ("same name once 'RE:' is removed", "channel name", "shares 'website relaunch' and 4 of its people").
 */
export interface StreamItem {
  /** The item's own id (a row of pulse.project_aliases): what a correction names. */
  id: string;
  external_id: string;
  source_app: string;
  raw_name: string;
  seen_at: string;
  reason: string;
}

export interface StreamItemsList {
  items: StreamItem[];
}

/** POST STREAMS_ROUTES.corrections. */
export interface CreateCorrectionRequest {
  item_id: string;
}

/** A person's correction of the resolver: who took which item out, and when (undone_at once undone). */
export interface StreamCorrection {
  id: string;
  item_id: string;
  created_at: string;
  created_by: string;
  undone_at: string | null;
}

export interface CorrectionResponse {
  correction: StreamCorrection;
}

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
