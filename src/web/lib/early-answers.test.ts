import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deferred, stubFetch } from "../../testing/fake-fetch";
import { ApiError, answerOf, apiRequestWithToken, setAccessTokenSource } from "./api-client";
import { dropEarlyAnswers, getOrTakeEarlyAnswer, keepEarlyAnswer } from "./early-answers";

const LIST = "/api/things?limit=50";

/** What a page's route data does: GET `path` with the user's token now, and keep the answer for the page. */
const askEarly = (path: string, userId: string, token: string) =>
  keepEarlyAnswer(path, userId, apiRequestWithToken(path, { accessToken: token }));

beforeEach(() => {
  dropEarlyAnswers();
  setAccessTokenSource(() => Promise.resolve("token-1"));
});
afterEach(() => vi.unstubAllGlobals());

describe("early answers", () => {
  it("the first query of the same GET for the same user takes the answer; the next one asks the server", async () => {
    let served = 0;
    const api = stubFetch({ [`GET ${LIST}`]: () => ({ body: { served: ++served } }) });
    askEarly(LIST, "u-ada", "token-1");
    expect(await getOrTakeEarlyAnswer(LIST, "u-ada")).toEqual({ served: 1 });
    expect(await getOrTakeEarlyAnswer(LIST, "u-ada")).toEqual({ served: 2 });
    expect(api.callsTo(`GET ${LIST}`)).toHaveLength(2);
    expect(api.calls.map((c) => c.headers.get("authorization"))).toEqual([
      "Bearer token-1",
      "Bearer token-1",
    ]);
  });

  it("an answer still under way is waited for, not asked for again", async () => {
    const answer = deferred<{ body: unknown }>();
    const api = stubFetch({ [`GET ${LIST}`]: () => answer.promise });
    askEarly(LIST, "u-ada", "token-1");
    const page = getOrTakeEarlyAnswer(LIST, "u-ada");
    answer.resolve({ body: { ready: true } });
    expect(await page).toEqual({ ready: true });
    expect(api.calls).toHaveLength(1);
  });

  it("another user, another path or nobody signed in asks the server itself", async () => {
    const api = stubFetch({
      [`GET ${LIST}`]: (r) => ({ body: { for: r.headers.get("authorization") } }),
      "GET /api/other": () => ({ body: { other: true } }),
    });
    askEarly(LIST, "u-ada", "token-early");
    expect(await getOrTakeEarlyAnswer(LIST, "u-bob")).toEqual({ for: "Bearer token-1" });
    expect(await getOrTakeEarlyAnswer("/api/other", "u-ada")).toEqual({ other: true });
    expect(await getOrTakeEarlyAnswer(LIST, null)).toEqual({ for: "Bearer token-1" });
    expect(api.calls).toHaveLength(4); // the early GET and each of the three, none of them served by it

    // Still there for the query it was asked for.
    expect(await getOrTakeEarlyAnswer(LIST, "u-ada")).toEqual({ for: "Bearer token-early" });
    expect(api.calls).toHaveLength(4);
  });

  it("a failed early answer is not taken: the query goes to the server and meets its own answer", async () => {
    const answers = [
      Response.json({ error: { code: "unauthorized", message: "Session expired" } }, { status: 401 }),
      Response.json({ fresh: true }),
    ];
    const api = stubFetch({ [`GET ${LIST}`]: () => answers.shift()! });
    askEarly(LIST, "u-ada", "token-1");
    expect(await getOrTakeEarlyAnswer(LIST, "u-ada")).toEqual({ fresh: true });
    expect(api.calls).toHaveLength(2);
  });

  it("a query after a failed early answer fails as it would have without one", async () => {
    stubFetch({
      [`GET ${LIST}`]: () => ({
        status: 401,
        body: { error: { code: "unauthorized", message: "Session expired" } },
      }),
    });
    askEarly(LIST, "u-ada", "token-1");
    const failure = await getOrTakeEarlyAnswer(LIST, "u-ada").catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, code: "unauthorized", message: "Session expired" });
  });

  it("dropped answers are not taken", async () => {
    let served = 0;
    const api = stubFetch({ [`GET ${LIST}`]: () => ({ body: { served: ++served } }) });
    askEarly(LIST, "u-ada", "token-1");
    dropEarlyAnswers();
    expect(api.calls).toHaveLength(1);
    expect(await getOrTakeEarlyAnswer(LIST, "u-ada")).toEqual({ served: 2 });
  });
});

describe("answerOf: a request sent by other code, read as apiRequest reads its own", () => {
  it("gives the JSON, the server's error, or the network error when the request never reached the server", async () => {
    expect(await answerOf(Promise.resolve(Response.json({ n: 1 })))).toEqual({ n: 1 });
    const refused = Response.json({ error: { code: "forbidden", message: "No" } }, { status: 403 });
    await expect(answerOf(Promise.resolve(refused))).rejects.toMatchObject({
      status: 403,
      code: "forbidden",
    });
    await expect(answerOf(Promise.resolve(null))).rejects.toMatchObject({ status: 0, code: "network_error" });
  });
});
