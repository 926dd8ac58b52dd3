import { isAuthorisedUser } from "@shared/auth-access";
import { answerOf, apiRequestWithToken } from "@/lib/api-client";
import { startingSession } from "@/lib/auth/auth-client";
import type { AuthSession } from "@/lib/auth/auth-context";
import { dropEarlyAnswers, keepEarlyAnswer } from "@/lib/early-answers";
import { publicConfig } from "@/lib/public-config";
import { takeEarlyGets } from "./early-gets";
import { routeDataFor } from "./route-data-paths";

/**
 * The session a signed-in page starts with, from the one the auth client adopts at start: none when there is no
 * session, when the auth client will replace it first (a sign-in being finished from the URL, a token due for a
 * refresh), or when the user would see the access-denied screen instead of the page.
 */
export function signedInSessionAtStart(): AuthSession | undefined {
  const session = startingSession();
  if (!session) return undefined;
  const { companyDomain, requireHostedDomain } = publicConfig();
  return isAuthorisedUser(session.user, companyDomain, requireHostedDomain) ? session : undefined;
}

/**
 * Starts the first GETs of the page at `pathname` for the stored session, if there is one, so they run while the
 * page's code loads instead of after it has rendered; the page's queries take their answers (lib/early-answers.ts).
 * Called at start-up before the first render (main.tsx) and on each navigation (RouteDataOnNavigate). What an
 * earlier page left untaken is dropped. At start-up, a GET the page's pre-paint script already sent with the same
 * token (early-gets.ts) is taken instead of sent again.
 */
export function startRouteData(pathname: string): void {
  dropEarlyAnswers();
  const early = takeEarlyGets();
  const paths = routeDataFor(pathname);
  if (paths.length === 0) return;
  const session = signedInSessionAtStart();
  if (!session) return;
  const accessToken = session.access_token;
  for (const path of paths) {
    const sent = early.find((get) => get.path === path && get.accessToken === accessToken);
    const answer = sent ? answerOf(sent.response) : apiRequestWithToken(path, { accessToken });
    keepEarlyAnswer(path, session.user.id, answer);
  }
}
