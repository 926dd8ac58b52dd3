import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { candidatesPath } from "@/features/streams/candidates-path";
import { apiRequest, setAccessTokenSource } from "@/lib/api-client";
import { storageKeyFor } from "@/lib/auth/auth-client";
import { dropEarlyAnswers } from "@/lib/early-answers";
import { setPublicConfigForTests } from "@/lib/public-config";
import { deferred, stubFetch } from "../../testing/fake-fetch";
import { streamsFirstScreenAs } from "../../testing/streams-first-screen";
import { EARLY_GETS_GLOBAL, takeEarlyGets } from "@/app/route-data/early-gets";
import { startRouteData } from "@/app/route-data/route-data";
import { routeDataFor } from "@/app/route-data/route-data-paths";
import { applyStoredTheme, startSignedInPage } from "./pre-paint";

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

/** Runs the pre-paint script's session step as the server names a page whose first GETs are `gets`. */
function runPrePaintScript({ companyDomain, requireHostedDomain }: Setting, gets = [CANDIDATES]) {
  const script = document.createElement("script");
  script.dataset.sessionGets = gets.join(" ");
  script.dataset.companyDomain = companyDomain;
  if (requireHostedDomain) script.dataset.requireHostedDomain = "";
  startSignedInPage(window, script.dataset);
}

function configure(setting: Setting) {
  setPublicConfigForTests({ ...setting, captcha: { provider: "altcha", challengeUrl: "/x" } });
}

let api: ReturnType<typeof stubFetch>;

beforeEach(() => {
  document.documentElement.removeAttribute("data-stored-session");
  document.documentElement.className = "dark";
  document.head.replaceChildren();
  vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
  vi.stubGlobal("matchMedia", () => ({ matches: true }));
  localStorage.clear();
  window.history.replaceState(null, "", "/projects");
  dropEarlyAnswers();
  takeEarlyGets();
  api = stubFetch({ [`GET ${CANDIDATES}`]: () => ({ body: ANSWER }) });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setPublicConfigForTests(undefined);
  takeEarlyGets();
});

describe("the pre-paint script's early GETs", () => {
  const ACME: Setting = { companyDomain: "acme.com", requireHostedDomain: false };
  const ACME_WORKSPACE: Setting = { companyDomain: "acme.com", requireHostedDomain: true };
  const UPPER: Setting = { companyDomain: "Acme.COM", requireHostedDomain: false };
  const signedIn = () => window.history.replaceState(null, "", "/projects");

  it("sends /projects' first GET, as the app would send it, with the stored session's token", () => {
    configure(ACME);
    storeSession();
    runPrePaintScript(ACME, [...routeDataFor("/projects")]);
    expect(api.calls.map((c) => [c.method, c.path, c.headers.get("authorization")])).toEqual([
      ["GET", candidatesPath(null), "Bearer access-ada"],
    ]);
    expect(takeEarlyGets().map((get) => [get.path, get.accessToken])).toEqual([
      [candidatesPath(null), "access-ada"],
    ]);
  });

  // Every session the app would start with on this page gets its GET; every other gets nothing, so no request meets
  // a refusal the app would never have risked.
  const cases: [string, Setting, () => void, "sent" | "nothing"][] = [
    ["a company user", ACME, () => storeSession(), "sent"],
    ["no stored session", ACME, () => undefined, "nothing"],
    [
      "a stored session that is not JSON",
      ACME,
      () => localStorage.setItem(storageKeyFor(location.origin), "{x"),
      "nothing",
    ],
    [
      "a session stored with its refresh token, from before the cookie",
      ACME,
      () => storeSession({ refreshToken: "r" }),
      "nothing",
    ],
    ["a session without an e-mail", ACME, () => storeSession({ email: null }), "nothing"],
    ["91 s left", ACME, () => storeSession({ secondsLeft: 91 }), "sent"],
    ["90 s left (the app refreshes it first)", ACME, () => storeSession({ secondsLeft: 90 }), "nothing"],
    ["an expired session", ACME, () => storeSession({ secondsLeft: -10 }), "nothing"],
    ["another domain", ACME, () => storeSession({ email: "eve@elsewhere.com", hd: null }), "nothing"],
    [
      "a domain ending like the company's",
      ACME,
      () => storeSession({ email: "eve@notacme.com", hd: null }),
      "nothing",
    ],
    ["an e-mail in capitals", ACME, () => storeSession({ email: "ADA@ACME.COM" }), "sent"],
    ["a company domain set in capitals", UPPER, () => storeSession(), "sent"],
    ["a hosted domain set in capitals", UPPER, () => storeSession({ hd: "Acme.COM" }), "nothing"],
    ["another hosted domain", ACME, () => storeSession({ hd: "elsewhere.com" }), "nothing"],
    ["no hosted domain", ACME, () => storeSession({ hd: null }), "sent"],
    ["an empty hosted domain", ACME, () => storeSession({ hd: "" }), "sent"],
    ["no hosted domain where one is required", ACME_WORKSPACE, () => storeSession({ hd: null }), "nothing"],
    ["an empty one where one is required", ACME_WORKSPACE, () => storeSession({ hd: "" }), "nothing"],
    ["the company's where one is required", ACME_WORKSPACE, () => storeSession(), "sent"],
    [
      "a sign-in being finished from the address",
      ACME,
      () => {
        storeSession();
        window.history.replaceState(null, "", "/projects#code=one-time");
      },
      "nothing",
    ],
  ];

  it.each(cases)("%s", (_name, setting, arrange, outcome) => {
    signedIn();
    configure(setting);
    arrange();
    runPrePaintScript(setting);
    const sent = api.calls.map((c) => c.path);
    expect(sent).toEqual(outcome === "sent" ? [CANDIDATES] : []);
  });

  it("sends nothing when storage is blocked, and marks nothing", () => {
    storeSession();
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    runPrePaintScript(ACME);
    expect(api.calls).toEqual([]);
    expect(document.documentElement.hasAttribute("data-stored-session")).toBe(false);
  });

  it("with any stored session, hides the anonymous markup and preloads the page's chunks, even sending nothing", () => {
    storeSession({ secondsLeft: 10 });
    const script = document.createElement("script");
    script.dataset.sessionPreloads = "/assets/projects-1.js /assets/list-2.js";
    startSignedInPage(window, script.dataset);
    expect(document.documentElement.hasAttribute("data-stored-session")).toBe(true);
    const preloads = [...document.head.querySelectorAll('link[rel="modulepreload"]')];
    expect(preloads.map((link) => link.getAttribute("href"))).toEqual([
      "/assets/projects-1.js",
      "/assets/list-2.js",
    ]);
    expect(api.calls).toEqual([]);
  });

  it("without a stored session, does neither", () => {
    const script = document.createElement("script");
    script.dataset.sessionPreloads = "/assets/projects-1.js";
    startSignedInPage(window, script.dataset);
    expect(document.documentElement.hasAttribute("data-stored-session")).toBe(false);
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
  });
});

describe("the pre-paint script's theme", () => {
  const osPrefers = (dark: boolean) =>
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: query === "(prefers-color-scheme: dark)" && dark,
    }));
  const applied = () => [
    document.documentElement.classList.contains("dark"),
    document.documentElement.style.colorScheme,
  ];

  it.each([
    ["light", true, [false, "light"]],
    ["dark", false, [true, "dark"]],
    ["system", false, [false, "light"]],
    ["system", true, [true, "dark"]],
    [null, false, [true, "dark"]],
    ["nonsense", false, [true, "dark"]],
  ] as const)("stored %s, the OS preferring dark %s: %o", (stored, osDark, expected) => {
    if (stored !== null) localStorage.setItem("pulse-theme", stored);
    osPrefers(osDark);
    applyStoredTheme(window);
    expect(applied()).toEqual(expected);
  });
});

describe("what the app does with them", () => {
  const ACME: Setting = { companyDomain: "acme.com", requireHostedDomain: false };

  it("the page's query takes the early answer: the server is asked once, with the app's own request", async () => {
    configure(ACME);
    storeSession();
    runPrePaintScript(ACME);
    startRouteData("/projects");
    expect(await streamsFirstScreenAs("access-ada")).toEqual(ANSWER);
    expect(api.calls).toHaveLength(1);
    // The very request the app sends (api-client): the same headers, so the server cannot tell them apart.
    const own = stubFetch({ [`GET ${CANDIDATES}`]: () => ({ body: ANSWER }) });
    setAccessTokenSource(() => Promise.resolve("access-ada"));
    await apiRequest(CANDIDATES);
    expect([...own.calls[0]!.headers]).toEqual([...api.calls[0]!.headers]);
  });

  it("waits for an early answer still on its way rather than asking again", async () => {
    const held = deferred<{ body: unknown }>();
    api.routes[`GET ${CANDIDATES}`] = () => held.promise;
    configure(ACME);
    storeSession();
    runPrePaintScript(ACME);
    startRouteData("/projects");
    const page = streamsFirstScreenAs("access-ada");
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
    expect(await streamsFirstScreenAs("access-ada")).toEqual(ANSWER);
    expect(api.calls).toHaveLength(2);
  });

  it("one that never reached the server likewise", async () => {
    configure(ACME);
    storeSession();
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    runPrePaintScript(ACME);
    api = stubFetch({ [`GET ${CANDIDATES}`]: () => ({ body: ANSWER }) });
    startRouteData("/projects");
    expect(await streamsFirstScreenAs("access-ada")).toEqual(ANSWER);
    expect(api.calls).toHaveLength(1);
  });

  it("is taken only with the token it was sent with, and only at start-up", async () => {
    configure(ACME);
    storeSession();
    runPrePaintScript(ACME);
    // Another tab refreshed the session in between: the app's token is not the one sent.
    storeSession({ accessToken: "access-ada-2" });
    startRouteData("/projects");
    await streamsFirstScreenAs("access-ada-2");
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
