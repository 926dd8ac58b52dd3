import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AUTH_ROUTES, type SessionResponse } from "@shared/auth";
import { ApiError, type TokenRequestOptions as RequestOptions } from "@/lib/api-client";
import { AuthClient, storageKeyFor } from "./auth-client";
import type { AuthChangeEvent, AuthSession } from "./auth-context";
import { codeChallengeFor } from "./pkce";

const KEY = storageKeyFor(window.location.origin);
const ann = { id: "u-ann", email: "ann@acme.com", name: "Ann", hd: "acme.com" };

let serial = 0;
function sessionExpiringIn(seconds: number, user = ann): SessionResponse {
  serial += 1;
  return {
    access_token: `access-${serial}`,
    token_type: "bearer",
    expires_in: seconds,
    expires_at: Math.floor(Date.now() / 1000) + seconds,
    user: { email_verified: true, identities: [], factors: [], ...user },
  };
}

type Handler = (options: RequestOptions) => unknown;

/** A fake API: one handler per path; records every call. */
function fakeApi(handlers: Partial<Record<string, Handler>>) {
  const calls: { path: string; options: RequestOptions }[] = [];
  const request = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
    calls.push({ path, options });
    const handler = handlers[path];
    if (!handler) throw new Error(`unexpected request ${path}`);
    return (await handler(options)) as T;
  };
  return { request, calls, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

function setVisibility(state: "visible" | "hidden") {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
  document.dispatchEvent(new Event("visibilitychange"));
}

function record(client: AuthClient) {
  const events: [AuthChangeEvent, AuthSession | null][] = [];
  client.onAuthStateChange((event, session) => events.push([event, session]));
  return events;
}

let unmount: (() => void) | undefined;
function start(client: AuthClient) {
  unmount = client.mount();
  return client.initialize();
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-03-01T10:00:00Z") });
  localStorage.clear();
  window.history.replaceState(null, "", "/");
  setVisibility("visible");
});
afterEach(() => {
  unmount?.();
  unmount = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("storage key", () => {
  it("derives from the API host", () => {
    expect(storageKeyFor("http://localhost:3000")).toBe("pulse-auth-localhost:3000");
    expect(new AuthClient({ apiUrl: "https://api.pulse.example/v1" }).storageKey).toBe(
      "pulse-auth-api.pulse.example",
    );
  });
});

describe("start", () => {
  it("with nothing stored: INITIAL_SESSION without a session", async () => {
    const api = fakeApi({});
    const client = new AuthClient({ request: api.request });
    const events = record(client);
    await start(client);
    expect(events).toEqual([["INITIAL_SESSION", null]]);
    expect(api.calls).toEqual([]);
  });

  it("adopts a stored session, then, once the page has painted, checks the user with the server (USER_UPDATED when it changed)", async () => {
    const stored = sessionExpiringIn(3600);
    localStorage.setItem(KEY, JSON.stringify(stored));
    const api = fakeApi({ [AUTH_ROUTES.user]: () => ({ ...stored.user, name: "Ann Lee" }) });
    const afterPaint: (() => void)[] = [];
    const client = new AuthClient({ request: api.request, afterPaint: (task) => afterPaint.push(task) });
    const events = record(client);
    await start(client);
    expect(events[0]).toEqual([
      "INITIAL_SESSION",
      expect.objectContaining({ access_token: stored.access_token }),
    ]);
    await vi.advanceTimersByTimeAsync(0);
    expect(api.callsTo(AUTH_ROUTES.user)).toEqual([]);
    for (const task of afterPaint.splice(0)) task();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.callsTo(AUTH_ROUTES.user)[0]!.options.accessToken).toBe(stored.access_token);
    expect(events[1]?.[0]).toBe("USER_UPDATED");
    expect(client.getSession()?.user.name).toBe("Ann Lee");
    expect(JSON.parse(localStorage.getItem(KEY)!).user.name).toBe("Ann Lee");
  });

  it("removes a session stored before the refresh token moved into its cookie, and starts signed out", async () => {
    const legacy = { ...sessionExpiringIn(3600), refresh_token: "a-month-long-refresh-token" };
    localStorage.setItem(KEY, JSON.stringify(legacy));
    const api = fakeApi({});
    const client = new AuthClient({ request: api.request });
    // Not even the first render adopts it.
    expect(client.startingSession()).toBeNull();
    const events = record(client);
    await start(client);
    expect(events).toEqual([["INITIAL_SESSION", null]]);
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it("keeps only the access token, its expiry and the user, whatever else an answer carries", async () => {
    localStorage.setItem(`${KEY}-code-verifier`, "v".repeat(64));
    window.history.replaceState(null, "", "/dashboard#code=one-time-code");
    const session = sessionExpiringIn(3600);
    const api = fakeApi({ [AUTH_ROUTES.token]: () => ({ ...session, refresh_token: "must-not-be-kept" }) });
    const client = new AuthClient({ request: api.request });
    await start(client);
    const stored = localStorage.getItem(KEY)!;
    expect(stored).not.toContain("must-not-be-kept");
    expect(Object.keys(JSON.parse(stored)).sort()).toEqual([
      "access_token",
      "expires_at",
      "expires_in",
      "token_type",
      "user",
    ]);
    expect(client.getSession()).not.toHaveProperty("refresh_token");
  });

  it("ignores a malformed stored value", async () => {
    localStorage.setItem(KEY, '{"access_token": 1}');
    const client = new AuthClient({ request: fakeApi({}).request });
    const events = record(client);
    await start(client);
    expect(events).toEqual([["INITIAL_SESSION", null]]);
  });

  it("refreshes a stored session with 90 s or less left before announcing it", async () => {
    localStorage.setItem(KEY, JSON.stringify(sessionExpiringIn(90)));
    const fresh = sessionExpiringIn(3600);
    const api = fakeApi({ [AUTH_ROUTES.refresh]: () => fresh });
    const client = new AuthClient({ request: api.request });
    const events = record(client);
    await start(client);
    expect(events.map(([e]) => e)).toEqual(["TOKEN_REFRESHED", "INITIAL_SESSION"]);
    expect(client.getSession()?.access_token).toBe(fresh.access_token);
  });

  it("finishes a sign-in: exchanges the one-time code with this browser's verifier, then forgets both", async () => {
    localStorage.setItem(`${KEY}-code-verifier`, "v".repeat(64));
    window.history.replaceState(null, "", "/dashboard#code=one-time-code");
    const session = sessionExpiringIn(3600);
    const api = fakeApi({ [AUTH_ROUTES.token]: () => session });
    const client = new AuthClient({ request: api.request });
    const events = record(client);
    await start(client);
    expect(api.callsTo(AUTH_ROUTES.token)[0]!.options.body).toEqual({
      code: "one-time-code",
      code_verifier: "v".repeat(64),
    });
    expect(events.map(([e]) => e)).toEqual(["SIGNED_IN", "INITIAL_SESSION"]);
    expect(window.location.hash).toBe("");
    expect(window.location.pathname).toBe("/dashboard");
    expect(localStorage.getItem(`${KEY}-code-verifier`)).toBeNull();
    expect(JSON.parse(localStorage.getItem(KEY)!).access_token).toBe(session.access_token);
  });

  it("reports a failed exchange and starts signed out", async () => {
    localStorage.setItem(`${KEY}-code-verifier`, "v".repeat(64));
    window.history.replaceState(null, "", "/dashboard#code=spent");
    const refused = new ApiError(400, "invalid_grant", "This sign-in code is not valid or was already used.");
    const onError = vi.fn();
    const client = new AuthClient({
      request: fakeApi({
        [AUTH_ROUTES.token]: () => {
          throw refused;
        },
      }).request,
      onError,
    });
    const events = record(client);
    await start(client);
    expect(onError).toHaveBeenCalledWith(refused);
    expect(events).toEqual([["INITIAL_SESSION", null]]);
  });

  it("does not try a code this browser did not ask for", async () => {
    window.history.replaceState(null, "", "/dashboard#code=from-elsewhere");
    const api = fakeApi({});
    const onError = vi.fn();
    const client = new AuthClient({ request: api.request, onError });
    await start(client);
    expect(api.calls).toEqual([]);
    expect(onError).toHaveBeenCalledWith(expect.stringMatching(/another browser/));
  });

  it("tells a listener that arrives later the current session", async () => {
    const client = new AuthClient({ request: fakeApi({}).request });
    await start(client);
    const late = vi.fn();
    client.onAuthStateChange(late);
    await Promise.resolve();
    expect(late).toHaveBeenCalledWith("INITIAL_SESSION", null);
  });
});

describe("auto-refresh", () => {
  it("checks every 30 s and refreshes once 90 s or less remain", async () => {
    localStorage.setItem(KEY, JSON.stringify(sessionExpiringIn(200)));
    const fresh = sessionExpiringIn(3600);
    const api = fakeApi({ [AUTH_ROUTES.user]: () => ann, [AUTH_ROUTES.refresh]: () => fresh });
    const client = new AuthClient({ request: api.request });
    const events = record(client);
    await start(client);
    // Ticks at 30, 60, 90 s find 170, 140, 110 s left: nothing to do.
    await vi.advanceTimersByTimeAsync(119_000);
    expect(api.callsTo(AUTH_ROUTES.refresh)).toHaveLength(0);
    // The tick at 120 s finds 80 s left.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(api.callsTo(AUTH_ROUTES.refresh)).toHaveLength(1);
    expect(events.at(-1)).toEqual([
      "TOKEN_REFRESHED",
      expect.objectContaining({ access_token: fresh.access_token }),
    ]);
    // The refresh token is the HttpOnly cookie the browser sends by itself: nothing of it in the request.
    expect(api.callsTo(AUTH_ROUTES.refresh)[0]!.options).toEqual({ method: "POST" });
    expect(JSON.parse(localStorage.getItem(KEY)!).access_token).toBe(fresh.access_token);
    // The new session has an hour: the following ticks leave it alone.
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(api.callsTo(AUTH_ROUTES.refresh)).toHaveLength(1);
  });

  it("pauses while the page is hidden and resumes, checking at once, when it is visible again", async () => {
    localStorage.setItem(KEY, JSON.stringify(sessionExpiringIn(600)));
    const api = fakeApi({
      [AUTH_ROUTES.user]: () => ann,
      [AUTH_ROUTES.refresh]: () => sessionExpiringIn(3600),
    });
    const client = new AuthClient({ request: api.request });
    await start(client);
    expect(client.isAutoRefreshing()).toBe(true);
    setVisibility("hidden");
    expect(client.isAutoRefreshing()).toBe(false);
    await vi.advanceTimersByTimeAsync(9 * 60_000); // 60 s left, but nobody is looking
    expect(api.callsTo(AUTH_ROUTES.refresh)).toHaveLength(0);
    setVisibility("visible");
    await vi.advanceTimersByTimeAsync(0);
    expect(client.isAutoRefreshing()).toBe(true);
    expect(api.callsTo(AUTH_ROUTES.refresh)).toHaveLength(1);
  });

  it("does not start the ticker while the page starts hidden", async () => {
    setVisibility("hidden");
    const client = new AuthClient({ request: fakeApi({}).request });
    await start(client);
    await vi.advanceTimersByTimeAsync(0);
    expect(client.isAutoRefreshing()).toBe(false);
  });

  it("retries retryable failures after 200 ms, doubling, within one 30 s tick; then the next tick tries again", async () => {
    localStorage.setItem(KEY, JSON.stringify(sessionExpiringIn(600)));
    const times: number[] = [];
    const start0 = Date.now();
    const api = fakeApi({
      [AUTH_ROUTES.user]: () => ann,
      [AUTH_ROUTES.refresh]: () => {
        times.push(Date.now() - start0);
        throw new ApiError(0, "network_error", "offline");
      },
    });
    const client = new AuthClient({ request: api.request });
    await start(client);
    await vi.advanceTimersByTimeAsync(509_999);
    expect(times).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1); // the tick at 510 s finds 90 s left
    const first = times.length;
    await vi.advanceTimersByTimeAsync(29_999);
    const offsets = times.map((t) => t - times[0]!);
    // 200, 400, 800 … ms apart; the next wait (25.6 s) would end past one tick, so this round stops at 8 tries.
    expect(offsets).toEqual([0, 200, 600, 1_400, 3_000, 6_200, 12_600, 25_400]);
    expect(first).toBe(1);
    expect(client.getSession()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(times).toHaveLength(9);
    expect(times.at(-1)! - times[0]!).toBe(30_000);
  });

  it("retries 502, 503 and 504 but signs out when the server refuses the refresh token", async () => {
    localStorage.setItem(KEY, JSON.stringify(sessionExpiringIn(60)));
    let calls = 0;
    const api = fakeApi({
      [AUTH_ROUTES.refresh]: () => {
        calls += 1;
        if (calls === 1) throw new ApiError(503, "unavailable", "try later");
        throw new ApiError(401, "refresh_token_reused", "ended");
      },
    });
    const client = new AuthClient({ request: api.request });
    const events = record(client);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const started = start(client);
    await vi.advanceTimersByTimeAsync(200);
    await started;
    expect(calls).toBe(2);
    expect(events.map(([e]) => e)).toEqual(["SIGNED_OUT", "INITIAL_SESSION"]);
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});

describe("tabs", () => {
  const storageEvent = (newValue: string | null) =>
    window.dispatchEvent(new StorageEvent("storage", { key: KEY, newValue }));

  it("adopt a session another tab refreshed, signed into or signed out of", async () => {
    const mine = sessionExpiringIn(3600);
    localStorage.setItem(KEY, JSON.stringify(mine));
    const api = fakeApi({ [AUTH_ROUTES.user]: () => mine.user });
    const client = new AuthClient({ request: api.request });
    const events = record(client);
    await start(client);
    await vi.advanceTimersByTimeAsync(0);

    const refreshed = sessionExpiringIn(3600);
    storageEvent(JSON.stringify(refreshed));
    expect(events.at(-1)).toEqual([
      "TOKEN_REFRESHED",
      expect.objectContaining({ access_token: refreshed.access_token }),
    ]);

    storageEvent(null);
    expect(events.at(-1)).toEqual(["SIGNED_OUT", null]);

    const bo = sessionExpiringIn(3600, { ...ann, id: "u-bo", email: "bo@acme.com" });
    storageEvent(JSON.stringify(bo));
    expect(events.at(-1)).toEqual([
      "SIGNED_IN",
      expect.objectContaining({ user: expect.objectContaining({ email: "bo@acme.com" }) }),
    ]);

    // Another key changing is none of this client's business.
    window.dispatchEvent(new StorageEvent("storage", { key: "theme", newValue: "light" }));
    expect(events.at(-1)?.[0]).toBe("SIGNED_IN");
  });

  it("a refresh answered after another tab already moved on does not overwrite the newer session", async () => {
    localStorage.setItem(KEY, JSON.stringify(sessionExpiringIn(60)));
    let answer!: (s: SessionResponse) => void;
    const api = fakeApi({
      [AUTH_ROUTES.refresh]: () => new Promise<SessionResponse>((resolve) => (answer = resolve)),
    });
    const client = new AuthClient({ request: api.request });
    unmount = client.mount();
    const started = client.initialize();
    await vi.advanceTimersByTimeAsync(0);
    const fromOtherTab = sessionExpiringIn(3600);
    window.dispatchEvent(new StorageEvent("storage", { key: KEY, newValue: JSON.stringify(fromOtherTab) }));
    answer(sessionExpiringIn(3600));
    await started;
    expect(client.getSession()?.access_token).toBe(fromOtherTab.access_token);
  });
});

describe("sign-in and sign-out", () => {
  it("signInWithGoogle keeps a verifier here, sends its S256 challenge and this origin's /dashboard, then navigates", async () => {
    const navigate = vi.fn();
    const api = fakeApi({ [AUTH_ROUTES.start]: () => ({ url: "https://accounts.example/auth?x=1" }) });
    const client = new AuthClient({ request: api.request, navigate });
    await client.signInWithGoogle();
    const verifier = localStorage.getItem(`${KEY}-code-verifier`)!;
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(api.callsTo(AUTH_ROUTES.start)[0]!.options.body).toEqual({
      code_challenge: await codeChallengeFor(verifier),
      code_challenge_method: "S256",
      redirect_to: `${window.location.origin}/dashboard`,
    });
    expect(navigate).toHaveBeenCalledWith("https://accounts.example/auth?x=1");
  });

  it("signInWithGoogle passes the server's refusal to the caller and does not navigate", async () => {
    const navigate = vi.fn();
    const refusal = new ApiError(503, "provider_unavailable", "Google sign-in is not reachable right now.");
    const client = new AuthClient({
      request: fakeApi({
        [AUTH_ROUTES.start]: () => {
          throw refusal;
        },
      }).request,
      navigate,
    });
    await expect(client.signInWithGoogle()).rejects.toBe(refusal);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("signOut revokes the session on the server, then forgets it: SIGNED_OUT", async () => {
    const mine = sessionExpiringIn(3600);
    localStorage.setItem(KEY, JSON.stringify(mine));
    const api = fakeApi({ [AUTH_ROUTES.user]: () => mine.user, [AUTH_ROUTES.signOut]: () => undefined });
    const client = new AuthClient({ request: api.request });
    const events = record(client);
    await start(client);
    await client.signOut();
    expect(api.callsTo(AUTH_ROUTES.signOut)[0]!.options).toMatchObject({
      method: "POST",
      accessToken: mine.access_token,
    });
    expect(api.callsTo(AUTH_ROUTES.signOut)[0]!.options.body).toBeUndefined();
    expect(events.at(-1)).toEqual(["SIGNED_OUT", null]);
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it("signOut still signs out here when the server cannot be reached", async () => {
    localStorage.setItem(KEY, JSON.stringify(sessionExpiringIn(3600)));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const client = new AuthClient({
      request: fakeApi({
        [AUTH_ROUTES.user]: () => ann,
        [AUTH_ROUTES.signOut]: () => {
          throw new ApiError(0, "network_error", "offline");
        },
      }).request,
    });
    await start(client);
    await client.signOut();
    expect(client.getSession()).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});

describe("accessToken (what the API client attaches)", () => {
  it("is the adopted session's token, start first: a page's first request need not wait for the provider", async () => {
    const mine = sessionExpiringIn(3600);
    localStorage.setItem(KEY, JSON.stringify(mine));
    const api = fakeApi({ [AUTH_ROUTES.user]: () => ann });
    const client = new AuthClient({ request: api.request });
    expect(await client.accessToken()).toBe(mine.access_token);
    unmount = client.mount(); // the provider's effect, later: start is not run twice
    await client.initialize();
    expect(await client.accessToken()).toBe(mine.access_token);
    expect(api.calls).toEqual([]);
  });

  it("is null while nobody is signed in, and after sign-out", async () => {
    const api = fakeApi({ [AUTH_ROUTES.user]: () => ann, [AUTH_ROUTES.signOut]: () => undefined });
    const client = new AuthClient({ request: api.request });
    expect(await client.accessToken()).toBeNull();
    localStorage.setItem(KEY, JSON.stringify(sessionExpiringIn(3600)));
    const signedIn = new AuthClient({ request: api.request });
    await start(signedIn);
    await signedIn.signOut();
    expect(await signedIn.accessToken()).toBeNull();
  });

  it("is refreshed first when 90 s or less remain, by the one refresh the ticker runs too", async () => {
    localStorage.setItem(KEY, JSON.stringify(sessionExpiringIn(200)));
    const fresh = sessionExpiringIn(3600);
    let answer!: (session: SessionResponse) => void;
    const api = fakeApi({
      [AUTH_ROUTES.user]: () => ann,
      [AUTH_ROUTES.refresh]: () => new Promise<SessionResponse>((resolve) => (answer = resolve)),
    });
    const client = new AuthClient({ request: api.request });
    await start(client);
    const old = client.getSession()!.access_token;
    await vi.advanceTimersByTimeAsync(100_000); // 100 s left: still sent as it is
    expect(await client.accessToken()).toBe(old);
    expect(api.callsTo(AUTH_ROUTES.refresh)).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(15_000); // 85 s left, before the next tick
    const first = client.accessToken();
    const second = client.accessToken();
    await vi.advanceTimersByTimeAsync(5_000); // the tick at 120 s finds the refresh under way
    expect(api.callsTo(AUTH_ROUTES.refresh)).toHaveLength(1);
    answer(fresh);
    expect(await first).toBe(fresh.access_token);
    expect(await second).toBe(fresh.access_token);
    expect(api.callsTo(AUTH_ROUTES.refresh)).toHaveLength(1);
  });

  it("is null when the refresh is refused (signed out), so the request goes without one", async () => {
    localStorage.setItem(KEY, JSON.stringify(sessionExpiringIn(600)));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = fakeApi({
      [AUTH_ROUTES.user]: () => ann,
      [AUTH_ROUTES.refresh]: () => {
        throw new ApiError(401, "unauthorized", "Refresh token revoked");
      },
    });
    const client = new AuthClient({ request: api.request });
    setVisibility("hidden"); // no ticker: the request itself finds the token due
    await start(client);
    await vi.advanceTimersByTimeAsync(520_000);
    expect(await client.accessToken()).toBeNull();
    expect(api.callsTo(AUTH_ROUTES.refresh)).toHaveLength(1);
  });
});
