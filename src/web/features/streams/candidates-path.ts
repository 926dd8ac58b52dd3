// Relative: the build reads it through src/web/app/route-data/route-data-paths.ts.
import { STREAMS_ROUTES } from "../../../shared/streams";

/** Candidates shown per screen; the next screen is fetched from the server's keyset cursor (decision 0051). */
export const CANDIDATES_PER_SCREEN = 50;

/**
 * The GET path of a screen of candidates: the first (`after` null) or the one after the cursor. Apart from the
 * query hooks (streams-api.ts), so the route data (src/web/app/route-data) can start the first screen without
 * bringing the query library into the first download.
 */
export function candidatesPath(after: string | null): string {
  const query = new URLSearchParams({ limit: String(CANDIDATES_PER_SCREEN) });
  if (after !== null) query.set("after", after);
  return `${STREAMS_ROUTES.candidates}?${query}`;
}
