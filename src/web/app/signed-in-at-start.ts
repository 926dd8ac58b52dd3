import { isAuthorisedUser } from "@shared/auth-access";
import { startingSession } from "@/lib/auth/auth-client";
import type { AuthSession } from "@/lib/auth/auth-context";
import { publicConfig } from "@/lib/public-config";

/**
 * The session a signed-in page starts with, from the one the auth client adopts at start: none when there is no
 * session, when the auth client will replace it first (a sign-in being finished from the URL, a token due for a
 * refresh), or when the user would see the access-denied screen instead of the page. main.tsx loads the page's code
 * before the first render only then, so that render draws the page rather than a loading state.
 */
export function signedInSessionAtStart(): AuthSession | undefined {
  const session = startingSession();
  if (!session) return undefined;
  const { companyDomain, requireHostedDomain } = publicConfig();
  return isAuthorisedUser(session.user, companyDomain, requireHostedDomain) ? session : undefined;
}
