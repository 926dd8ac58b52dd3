import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deferred, stubFetch } from "../../testing/fake-fetch";
import { apiRequest, apiRequestWithToken, setAccessTokenSource } from "./api-client";

const LIST = "/api/things?limit=50";

beforeEach(() => {
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
