import type { AuthClient } from "./auth-client";
import { reportAuthError } from "./auth-errors";

let loading: Promise<AuthClient> | undefined;

/**
 * The page's one auth client, its code fetched on first use (issue 23): a visitor without a session needs it only
 * to sign in, or when another tab signs in, so it stays out of the first download. A browser holding a session
 * preloads it with the page (scripts/route-preloads.ts). A failed fetch is forgotten, so the next use tries again.
 */
export function pageAuthClient(): Promise<AuthClient> {
  loading ??= import("./auth-client").then(
    ({ AuthClient }) => new AuthClient({ onError: reportAuthError }),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
