import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { candidatesPath } from "@/features/streams/candidates-path";
import { storageKeyFor } from "@/lib/auth/auth-client";
import { dropEarlyAnswers } from "@/lib/early-answers";
import { setPublicConfigForTests } from "@/lib/public-config";
import { stubFetch } from "../../../testing/fake-fetch";
import { streamsFirstScreenAs } from "../../../testing/streams-first-screen";
import { ROUTE_TABLE } from "../../route-table";
import { startRouteData } from "./route-data";
import { ROUTE_DATA, routeDataFor } from "./route-data-paths";

const NOW = new Date("2026-03-01T10:00:00Z");
const CANDIDATES = candidatesPath(null);

function storeSession({ secondsLeft = 3600, email = "ada@acme.com", hd = "acme.com" as string | null } = {}) {
  const user = { id: "u-ada", email, hd };
  const session = {
    access_token: "access-ada",
    token_type: "bearer",
    expires_at: NOW.getTime() / 1000 + secondsLeft,
    user,
  };
  localStorage.setItem(storageKeyFor(window.location.origin), JSON.stringify(session));
}

let api: ReturnType<typeof stubFetch>;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
  setPublicConfigForTests({ companyDomain: "acme.com", captcha: { provider: "altcha", challengeUrl: "/x" } });
  localStorage.clear();
  window.history.replaceState(null, "", "/");
  dropEarlyAnswers();
  api = stubFetch({ [`GET ${CANDIDATES}`]: () => ({ body: { candidates: [], next_after: null } }) });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setPublicConfigForTests(undefined);
});

describe("the route data table", () => {
  it("names the first requests of the Streams page, and none for the pages of demo or local data", () => {
    expect(routeDataFor("/projects")).toEqual(["/api/streams/candidates?limit=50"]);
    for (const path of ["/dashboard", "/timeline", "/settings", "/project-manager"]) {
      expect(routeDataFor(path)).toEqual([]);
    }
  });

  it('"/" is the dashboard for a signed-in user; public and unknown paths have none', () => {
    expect(routeDataFor("/")).toBe(ROUTE_DATA[ROUTE_TABLE.root.signedIn]);
    for (const path of ["/contact", "/auth", "/nowhere", "/toString", "/__proto__"]) {
      expect(routeDataFor(path)).toEqual([]);
    }
  });
});

describe("startRouteData", () => {
  it("starts the page's requests with the stored session's token; the page's own query takes the answer", async () => {
    storeSession();
    startRouteData("/projects");
    expect(api.calls.map((c) => [c.path, c.headers.get("authorization")])).toEqual([
      [CANDIDATES, "Bearer access-ada"],
    ]);
    expect(await streamsFirstScreenAs("access-ada")).toEqual({ candidates: [], next_after: null });
    expect(api.calls).toHaveLength(1);
  });

  it("starts nothing for a page without first requests", () => {
    storeSession();
    for (const path of ["/", "/dashboard", "/settings", "/timeline", "/project-manager", "/contact"]) {
      startRouteData(path);
    }
    expect(api.calls).toEqual([]);
  });

  it("starts nothing without a session the page would use as it is", () => {
    startRouteData("/projects"); // none stored
    localStorage.setItem(storageKeyFor(window.location.origin), "{not json");
    startRouteData("/projects");
    storeSession({ secondsLeft: 90 }); // the auth client refreshes it first
    startRouteData("/projects");
    storeSession({ email: "eve@elsewhere.com", hd: null }); // the access-denied screen, not the page
    startRouteData("/projects");
    storeSession({ hd: "elsewhere.com" });
    startRouteData("/projects");
    expect(api.calls).toEqual([]);

    storeSession({ secondsLeft: 91 });
    startRouteData("/projects");
    expect(api.calls).toHaveLength(1);
  });

  it("starts nothing while a sign-in is being finished from the URL (that session replaces the stored one)", () => {
    storeSession();
    window.history.replaceState(null, "", "/projects#code=one-time");
    startRouteData("/projects");
    expect(api.calls).toEqual([]);
  });

  it("a navigation drops what the previous page left untaken", async () => {
    storeSession();
    startRouteData("/projects");
    startRouteData("/dashboard");
    await streamsFirstScreenAs("access-ada");
    expect(api.calls).toHaveLength(2);
  });
});
