import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { candidatesPath } from "@/features/streams/candidates-path";
import { apiRequest, dropPrefetches } from "@/lib/api-client";
import { storageKeyFor } from "@/lib/auth/auth-client";
import { setPublicConfigForTests } from "@/lib/public-config";
import { deferred, stubFetch } from "../../../testing/fake-fetch";
import { EARLY_GETS_GLOBAL, takeEarlyGets } from "./early-gets";
import { signedInSessionAtStart, startRouteData } from "./route-data";

// The pre-paint script, as the browser runs it: a classic script file from src/web/public.
const prePaintScript = readFileSync(path.resolve("src/web/public/theme.js"), "utf8");

const NOW = new Date("2026-03-01T10:00:00Z");
const CANDIDATES = candidatesPath(null);
const ANSWER = { candidates: [], next_after: null };

interface Setting {
  companyDomain: string;
  requireHostedDomain: boolean;
}

interface StoredSession {
  secondsLeft?: number;
  email?: unknown;
  hd?: unknown;
  refreshToken?: unknown;
  accessToken?: string;
}

function storeSession({
  secondsLeft = 3600,
  email = "ada@acme.com",
  hd = "acme.com",
  refreshToken,
  accessToken = "access-ada",
}: StoredSession = {}) {
  const session = {
    access_token: accessToken,
    // Only a session stored before the refresh token moved into its cookie carries one (decision 0094).
    ...(refreshToken === undefined ? {} : { refresh_token: refreshToken }),
    token_type: "bearer",
    expires_at: NOW.getTime() / 1000 + secondsLeft,
    user: { id: "u-ada", email, hd },
  };
  localStorage.setItem(storageKeyFor(window.location.origin), JSON.stringify(session));
}

/** Runs the pre-paint script as the server writes it into a page whose first GETs are `gets`. */
function runPrePaintScript({ companyDomain, requireHostedDomain }: Setting, gets = [CANDIDATES]) {
  const script = document.createElement("script");
  script.dataset.sessionGets = gets.join(" ");
  script.dataset.companyDomain = companyDomain;
  if (requireHostedDomain) script.dataset.requireHostedDomain = "";
  Object.defineProperty(document, "currentScript", { value: script, configurable: true });
  try {
    new Function(prePaintScript)();
  } finally {
    Object.defineProperty(document, "currentScript", { value: null, configurable: true });
  }
}

function configure(setting: Setting) {
  setPublicConfigForTests({ ...setting, captcha: { provider: "altcha", challengeUrl: "/x" } });
}

let api: ReturnType<typeof stubFetch>;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
  vi.stubGlobal("matchMedia", () => ({ matches: true }));
  localStorage.clear();
  window.history.replaceState(null, "", "/projects");
  dropPrefetches();
  takeEarlyGets();
  api = stubFetch({ [`GET ${CANDIDATES}`]: () => ({ body: ANSWER }) });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setPublicConfigForTests(undefined);
  takeEarlyGets();
});

describe("the pre-paint script's early GETs agree with the session the app starts with", () => {
  const ACME: Setting = { companyDomain: "acme.com", requireHostedDomain: false };
  const ACME_WORKSPACE: Setting = { companyDomain: "acme.com", requireHostedDomain: true };
  const UPPER: Setting = { companyDomain: "Acme.COM", requireHostedDomain: false };
  const cases: [string, Setting, () => void][] = [
    ["a company user", ACME, () => storeSession()],
    ["no stored session", ACME, () => undefined],
    [
      "a stored session that is not JSON",
      ACME,
      () => localStorage.setItem(storageKeyFor(location.origin), "{x"),
    ],
    [
      "a session stored with its refresh token, from before the cookie",
      ACME,
      () => storeSession({ refreshToken: "r" }),
    ],
    ["a session without an e-mail", ACME, () => storeSession({ email: null })],
    ["91 s left", ACME, () => storeSession({ secondsLeft: 91 })],
    ["90 s left (refreshed first)", ACME, () => storeSession({ secondsLeft: 90 })],
    ["an expired session", ACME, () => storeSession({ secondsLeft: -10 })],
    ["another domain", ACME, () => storeSession({ email: "eve@elsewhere.com", hd: null })],
    ["a domain ending like the company's", ACME, () => storeSession({ email: "eve@notacme.com", hd: null })],
    ["an e-mail in capitals", ACME, () => storeSession({ email: "ADA@ACME.COM" })],
    ["a company domain set in capitals", UPPER, () => storeSession()],
    ["a hosted domain set in capitals", UPPER, () => storeSession({ hd: "Acme.COM" })],
    ["another hosted domain", ACME, () => storeSession({ hd: "elsewhere.com" })],
    ["no hosted domain", ACME, () => storeSession({ hd: null })],
    ["an empty hosted domain", ACME, () => storeSession({ hd: "" })],
    ["no hosted domain where one is required", ACME_WORKSPACE, () => storeSession({ hd: null })],
    ["an empty one where one is required", ACME_WORKSPACE, () => storeSession({ hd: "" })],
    ["the company's where one is required", ACME_WORKSPACE, () => storeSession()],
    [
      "a sign-in being finished from the address",
      ACME,
      () => {
        storeSession();
        window.history.replaceState(null, "", "/projects#code=one-time");
      },
    ],
  ];

  it.each(cases)("%s", (_name, setting, arrange) => {
    configure(setting);
    arrange();
    const appStartsWith = signedInSessionAtStart();
    runPrePaintScript(setting);
    const sent = api.calls.map((c) => [c.path, c.headers.get("authorization")]);
    expect(sent).toEqual(appStartsWith ? [[CANDIDATES, `Bearer ${appStartsWith.access_token}`]] : []);
  });

  it("the table holds both outcomes (the rule is exercised, not always one answer)", () => {
    const outcomes = cases.map(([, setting, arrange]) => {
      localStorage.clear();
      window.history.replaceState(null, "", "/projects");
      configure(setting);
      arrange();
      return signedInSessionAtStart() !== undefined;
    });
    expect(outcomes.filter(Boolean).length).toBeGreaterThan(3);
    expect(outcomes.filter((o) => !o).length).toBeGreaterThan(3);
  });
});

describe("what the app does with them", () => {
  const ACME: Setting = { companyDomain: "acme.com", requireHostedDomain: false };

  it("the page's request takes the early answer: the server is asked once, with the app's own request", async () => {
    configure(ACME);
    storeSession();
    runPrePaintScript(ACME);
    startRouteData("/projects");
    expect(await apiRequest(CANDIDATES, { accessToken: "access-ada" })).toEqual(ANSWER);
    expect(api.calls).toHaveLength(1);
    // The very request the app sends (api-client): the same headers, so the server cannot tell them apart.
    const own = stubFetch({ [`GET ${CANDIDATES}`]: () => ({ body: ANSWER }) });
    await apiRequest(CANDIDATES, { accessToken: "access-ada" });
    expect([...own.calls[0]!.headers]).toEqual([...api.calls[0]!.headers]);
  });

  it("waits for an early answer still on its way rather than asking again", async () => {
    const held = deferred<{ body: unknown }>();
    api.routes[`GET ${CANDIDATES}`] = () => held.promise;
    configure(ACME);
    storeSession();
    runPrePaintScript(ACME);
    startRouteData("/projects");
    const page = apiRequest(CANDIDATES, { accessToken: "access-ada" });
    held.resolve({ body: ANSWER });
    expect(await page).toEqual(ANSWER);
    expect(api.calls).toHaveLength(1);
  });

  it("an early GET that failed is as if never sent: the page asks itself and meets what it meets", async () => {
    api.routes[`GET ${CANDIDATES}`] = () => ({ status: 503 });
    configure(ACME);
    storeSession();
    runPrePaintScript(ACME);
    startRouteData("/projects");
    api.routes[`GET ${CANDIDATES}`] = () => ({ body: ANSWER });
    expect(await apiRequest(CANDIDATES, { accessToken: "access-ada" })).toEqual(ANSWER);
    expect(api.calls).toHaveLength(2);
  });

  it("one that never reached the server likewise", async () => {
    configure(ACME);
    storeSession();
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    runPrePaintScript(ACME);
    api = stubFetch({ [`GET ${CANDIDATES}`]: () => ({ body: ANSWER }) });
    startRouteData("/projects");
    expect(await apiRequest(CANDIDATES, { accessToken: "access-ada" })).toEqual(ANSWER);
    expect(api.calls).toHaveLength(1);
  });

  it("is taken only with the token it was sent with, and only at start-up", async () => {
    configure(ACME);
    storeSession();
    runPrePaintScript(ACME);
    // Another tab refreshed the session in between: the app's token is not the one sent.
    storeSession({ accessToken: "access-ada-2" });
    startRouteData("/projects");
    await apiRequest(CANDIDATES, { accessToken: "access-ada-2" });
    expect(api.calls.map((c) => c.headers.get("authorization"))).toEqual([
      "Bearer access-ada",
      "Bearer access-ada-2",
    ]);

    startRouteData("/dashboard");
    startRouteData("/projects"); // a navigation back: its own request, nothing left from start-up
    expect(api.calls).toHaveLength(3);
  });
});

describe("takeEarlyGets", () => {
  it("hands them over once and ignores anything not shaped like one", () => {
    const holder = window as unknown as Record<string, unknown>;
    const response = Promise.resolve(null);
    holder[EARLY_GETS_GLOBAL] = [
      { path: "/api/a", accessToken: "t", response },
      { path: "/api/b", accessToken: 1, response },
      { path: "/api/c", accessToken: "t", response: "not a promise" },
      null,
    ];
    expect(takeEarlyGets()).toEqual([{ path: "/api/a", accessToken: "t", response }]);
    expect(takeEarlyGets()).toEqual([]);
    holder[EARLY_GETS_GLOBAL] = "nonsense";
    expect(takeEarlyGets()).toEqual([]);
    expect(EARLY_GETS_GLOBAL in holder).toBe(false);
  });
});
