import { apiRequest } from "./api-client";

/*
 * A signed-in page's first GETs start before its code has loaded (src/web/app/route-data; at start-up, the pre-paint
 * script's, src/web/pre-paint). Their answers wait here, each for the user it was asked for, until the page's query
 * asks for the same GET: its queryFn calls getOrTakeEarlyAnswer, and TanStack Query receives the early answer as if
 * it had fetched it (features/streams/streams-api.ts). This module is the only place an early answer is kept.
 */

type Answer = { ok: true; data: unknown } | { ok: false };

interface EarlyAnswer {
  path: string;
  userId: string;
  answer: Promise<Answer>;
}

/** Answers no query has taken yet, oldest first. */
let kept: EarlyAnswer[] = [];

/** Keeps the answer to `GET path`, asked for `userId`, for the first query of the same GET for that user. */
export function keepEarlyAnswer(path: string, userId: string, request: Promise<unknown>): void {
  const answer = request.then(
    (data): Answer => ({ ok: true, data }),
    (): Answer => ({ ok: false }),
  );
  kept.push({ path, userId, answer });
}

/** Forgets the answers no query took (another page's come next); requests under way finish unread. */
export function dropEarlyAnswers(): void {
  kept = [];
}

/**
 * `GET path` through the API client, or, once, the early answer to that GET asked for this user. An early answer
 * that failed is as if it had never been asked for: the request goes to the server and meets its own answer.
 */
export async function getOrTakeEarlyAnswer<T>(path: string, userId: string | null): Promise<T> {
  const index = kept.findIndex((early) => early.path === path && early.userId === userId);
  if (index >= 0) {
    const answer = await kept.splice(index, 1)[0]!.answer;
    if (answer.ok) return answer.data as T;
  }
  return apiRequest<T>(path);
}
