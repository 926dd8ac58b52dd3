import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deferred, stubFetch } from "../../testing/fake-fetch";
import { requestAs } from "../../testing/request-as";
import {
  ApiError,
  apiRequest,
  apiRequestWithToken,
  dropPrefetches,
  prefetchGet,
  setAccessTokenSource,
} from "./api-client";

const LIST = "/api/things?limit=50";

beforeEach(() => {
  dropPrefetches();
  setAccessTokenSource(() => Promise.resolve(null));
});
afterEach(() => vi.unstubAllGlobals());

describe("credentials", () => {
  it("every request carries the token its source gives then, asked afresh each time (a refresh in between counts)", async () => {
    const api = stubFetch({
      [`GET ${LIST}`]: (r) => ({ body: { for: r.headers.get("authorization") } }),
      [`POST ${LIST}`]: (r) => ({ body: { for: r.headers.get("authorization") } }),
    });
    const tokens = ["token-1", "token-2"];
    const source = vi.fn(() => Promise.resolve(tokens.shift() ?? null));
    setAccessTokenSource(source);
    expect(await apiRequest(LIST)).toEqual({ for: "Bearer token-1" });
    expect(await apiRequest(LIST, { method: "POST", body: { n: 1 } })).toEqual({ for: "Bearer token-2" });
    // Signed out: no header at all, and the server answers as it does to anyone.
    expect(await apiRequest(LIST)).toEqual({ for: null });
    expect(source).toHaveBeenCalledTimes(3);
    expect(api.calls[1]!.headers.get("content-type")).toBe("application/json");
  });

  it("a request waits for the token its source is still refreshing", async () => {
    const api = stubFetch({ [`GET ${LIST}`]: (r) => ({ body: { for: r.headers.get("authorization") } }) });
    const refreshed = deferred<string | null>();
    setAccessTokenSource(() => refreshed.promise);
    const page = apiRequest(LIST);
    await Promise.resolve();
    expect(api.calls).toHaveLength(0);
    refreshed.resolve("token-new");
    expect(await page).toEqual({ for: "Bearer token-new" });
  });

  it("the auth client's own requests carry exactly the token they name, or none, never asking the source", async () => {
    stubFetch({ [`POST ${LIST}`]: (r) => ({ body: { for: r.headers.get("authorization") } }) });
    const source = vi.fn(() => Promise.resolve("session-token"));
    setAccessTokenSource(source);
    expect(await apiRequestWithToken(LIST, { method: "POST" })).toEqual({ for: null });
    expect(await apiRequestWithToken(LIST, { method: "POST", accessToken: "mine" })).toEqual({
      for: "Bearer mine",
    });
    expect(source).not.toHaveBeenCalled();
  });

  it("no feature file handles an access token: credentials are this client's business (STYLE 9)", () => {
    const root = path.resolve("src/web/features");
    const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
    );
    expect(files.length).toBeGreaterThan(20);
    const mentions = files.filter((file) =>
      /access_?token|bearer/i.test(readFileSync(path.join(root, file), "utf8")),
    );
    expect(mentions).toEqual([]);
  });
});

describe("prefetched GETs", () => {
  it("the prefetch is the page's request as it would send it", async () => {
    const api = stubFetch({ [`GET ${LIST}`]: () => ({ body: { n: 1 } }) });
    prefetchGet(LIST, "token-1");
    await requestAs("token-1", LIST);
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
    expect(await requestAs("token-1", LIST)).toEqual({ served: 1 });
    expect(await requestAs("token-1", LIST)).toEqual({ served: 2 });
    expect(api.callsTo(`GET ${LIST}`)).toHaveLength(2);
  });

  it("a request still under way is waited for, not sent again", async () => {
    const answer = deferred<{ body: unknown }>();
    const api = stubFetch({ [`GET ${LIST}`]: () => answer.promise });
    prefetchGet(LIST, "token-1");
    const page = requestAs("token-1", LIST);
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
    expect(await requestAs("token-2", LIST)).toEqual({ for: "Bearer token-2" });
    expect(await requestAs("token-1", "/api/other")).toEqual({ other: true });
    expect(await requestAs("token-1", LIST, { method: "POST", body: {} })).toEqual({
      posted: true,
    });
    expect(await requestAs(null, LIST)).toEqual({ for: null });
    expect(api.calls).toHaveLength(5); // the prefetch and each of the four, none of them served by the prefetch

    // Still there for the request it was made for.
    expect(await requestAs("token-1", LIST)).toEqual({ for: "Bearer token-1" });
    expect(api.calls).toHaveLength(5);
  });

  it("a failed prefetch is not taken: the request goes to the server and meets its own answer", async () => {
    const answers = [
      Response.json({ error: { code: "unauthorized", message: "Session expired" } }, { status: 401 }),
      Response.json({ fresh: true }),
    ];
    const api = stubFetch({ [`GET ${LIST}`]: () => answers.shift()! });
    prefetchGet(LIST, "token-1");
    expect(await requestAs("token-1", LIST)).toEqual({ fresh: true });
    expect(api.calls).toHaveLength(2);
  });

  it("a request after a failed prefetch fails as it would have without one", async () => {
    const refuse = () => ({
      status: 401,
      body: { error: { code: "unauthorized", message: "Session expired" } },
    });
    stubFetch({ [`GET ${LIST}`]: refuse });
    prefetchGet(LIST, "token-1");
    const failure = await requestAs("token-1", LIST).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, code: "unauthorized", message: "Session expired" });
  });

  it("dropped prefetches are not taken", async () => {
    let served = 0;
    const api = stubFetch({ [`GET ${LIST}`]: () => ({ body: { served: ++served } }) });
    prefetchGet(LIST, "token-1");
    dropPrefetches();
    expect(api.calls).toHaveLength(1);
    expect(await requestAs("token-1", LIST)).toEqual({ served: 2 });
  });
});
