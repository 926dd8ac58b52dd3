import { vi } from "vitest";

export interface FakeRequest {
  method: string;
  path: string;
  /** The JSON body, parsed; undefined when none was sent. */
  body: unknown;
  headers: Headers;
}

/** A route's answer: a status and a JSON body, a Response, or a promise of either (to hold it open). */
export type FakeAnswer = { status?: number; body?: unknown } | Response;
export type FakeRoute = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

/**
 * Replaces `fetch` with routes keyed "METHOD /path" (change `routes` at any time); records every request. An
 * unknown route answers 404 in Pulse's error shape.
 */
export function stubFetch(routes: Record<string, FakeRoute> = {}) {
  const calls: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: FakeRequest = {
      method: init.method ?? "GET",
      path: String(input),
      body: typeof init.body === "string" ? JSON.parse(init.body) : (init.body ?? undefined),
      headers: new Headers(init.headers),
    };
    calls.push(request);
    const route = routes[`${request.method} ${request.path}`];
    if (!route) return Response.json({ error: { code: "not_found", message: "Not found" } }, { status: 404 });
    const answer = await route(request);
    if (answer instanceof Response) return answer;
    return answer.body === undefined
      ? new Response(null, { status: answer.status ?? 200 })
      : Response.json(answer.body, { status: answer.status ?? 200 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    routes,
    calls,
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

/** A promise with its resolve handle: holds a fake answer open until the test lets it go. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
