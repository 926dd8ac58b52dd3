import { QueryClient } from "@tanstack/react-query";
import { candidatesQuery } from "../web/features/streams/streams-api";
import { setAccessTokenSource } from "../web/lib/api-client";

/**
 * The Streams page's first query (its first screen of candidates), run as the page runs it for the signed-in user
 * `userId` whose access token is `token`: the query that takes an early answer (lib/early-answers.ts) when one was
 * asked for that user.
 */
export async function streamsFirstScreenAs(token: string, userId = "u-ada") {
  setAccessTokenSource(() => Promise.resolve(token));
  const data = await new QueryClient().fetchInfiniteQuery(candidatesQuery(userId));
  return data.pages[0];
}
