import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deferred, stubFetch } from "../../testing/fake-fetch";
import { ApiError, apiRequest, dropPrefetches, prefetchGet } from "./api-client";

const LIST = "/api/things?limit=50";

beforeEach(() => dropPrefetches());
afterEach(() => vi.unstubAllGlobals());

describe("prefetched GETs", () => {
  it("the prefetch is the page's request as it would send it", async () => {
    const api = stubFetch({ [`GET ${LIST}`]: () => ({ body: { n: 1 } }) });
    prefetchGet(LIST, "token-1");
    await apiRequest(LIST, { accessToken: "token-1" });
    const [sent] = api.calls;
    expect(api.calls).toHaveLength(1);
    expect(sent!.path).toBe(LIST);
    expect(sent!.headers.get("authorization")).toBe("Bearer token-1");
    expect(sent!.headers.get("accept")).toBe("application/json");
  });

  it("the first identical request takes the prefetched answer; the next one asks the server", async () => {
    let served = 0;
    const api = stubFetch({ [`GET ${LIST}`]: () => ({ body: { served: ++served } }) });
    prefetchGet(LIST, "token-1");
    expect(await apiRequest(LIST, { accessToken: "token-1" })).toEqual({ served: 1 });
    expect(await apiRequest(LIST, { accessToken: "token-1" })).toEqual({ served: 2 });
    expect(api.callsTo(`GET ${LIST}`)).toHaveLength(2);
  });

  it("a request still under way is waited for, not sent again", async () => {
    const answer = deferred<{ body: unknown }>();
    const api = stubFetch({ [`GET ${LIST}`]: () => answer.promise });
    prefetchGet(LIST, "token-1");
    const page = apiRequest(LIST, { accessToken: "token-1" });
    answer.resolve({ body: { ready: true } });
    expect(await page).toEqual({ ready: true });
    expect(api.calls).toHaveLength(1);
  });

  it("another token, another path or another kind of request asks the server itself", async () => {
    const api = stubFetch({
      [`GET ${LIST}`]: (r) => ({ body: { for: r.headers.get("authorization") } }),
      "GET /api/other": () => ({ body: { other: true } }),
      [`POST ${LIST}`]: () => ({ body: { posted: true } }),
    });
    prefetchGet(LIST, "token-1");
    expect(await apiRequest(LIST, { accessToken: "token-2" })).toEqual({ for: "Bearer token-2" });
    expect(await apiRequest("/api/other", { accessToken: "token-1" })).toEqual({ other: true });
    expect(await apiRequest(LIST, { accessToken: "token-1", method: "POST", body: {} })).toEqual({
      posted: true,
    });
    expect(await apiRequest(LIST)).toEqual({ for: null });
    expect(api.calls).toHaveLength(5); // the prefetch and each of the four, none of them served by the prefetch

    // Still there for the request it was made for.
    expect(await apiRequest(LIST, { accessToken: "token-1" })).toEqual({ for: "Bearer token-1" });
    expect(api.calls).toHaveLength(5);
  });

  it("a failed prefetch is not taken: the request goes to the server and meets its own answer", async () => {
    const answers = [
      Response.json({ error: { code: "unauthorized", message: "Session expired" } }, { status: 401 }),
      Response.json({ fresh: true }),
    ];
    const api = stubFetch({ [`GET ${LIST}`]: () => answers.shift()! });
    prefetchGet(LIST, "token-1");
    expect(await apiRequest(LIST, { accessToken: "token-1" })).toEqual({ fresh: true });
    expect(api.calls).toHaveLength(2);
  });

  it("a request after a failed prefetch fails as it would have without one", async () => {
    const refuse = () => ({
      status: 401,
      body: { error: { code: "unauthorized", message: "Session expired" } },
    });
    stubFetch({ [`GET ${LIST}`]: refuse });
    prefetchGet(LIST, "token-1");
    const failure = await apiRequest(LIST, { accessToken: "token-1" }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, code: "unauthorized", message: "Session expired" });
  });

  it("dropped prefetches are not taken", async () => {
    let served = 0;
    const api = stubFetch({ [`GET ${LIST}`]: () => ({ body: { served: ++served } }) });
    prefetchGet(LIST, "token-1");
    dropPrefetches();
    expect(api.calls).toHaveLength(1);
    expect(await apiRequest(LIST, { accessToken: "token-1" })).toEqual({ served: 2 });
  });
});
