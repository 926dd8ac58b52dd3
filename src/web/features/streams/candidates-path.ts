// Relative: the build reads it through src/web/app/route-data/route-data-paths.ts.
import { STREAMS_ROUTES } from "../../../shared/streams";

/** Candidates shown per screen; the next screen is fetched from the server's keyset cursor (decision 0051). */
export const CANDIDATES_PER_SCREEN = 50;

/** The GET path of a screen of candidates: the first (`after` null) or the one after the cursor. */
export function candidatesPath(after: string | null): string {
  const query = new URLSearchParams({ limit: String(CANDIDATES_PER_SCREEN) });
  if (after !== null) query.set("after", after);
  return `${STREAMS_ROUTES.candidates}?${query}`;
}

/**
 * What the Streams page (/projects) asks for on its first render: the New Items tab's first screen of candidates
 * (the tab open first; the Existing PulseMaps load on their tab). The route data (src/web/app/route-data) starts it
 * alongside the page's code, and candidatesQuery takes its answer. Apart from the query hooks (streams-api.ts), so
 * that starting it does not bring the query library into the first download.
 */
export const STREAMS_PAGE_FIRST_GETS: readonly string[] = [candidatesPath(null)];
