import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { storageKeyFor } from "@/lib/auth/auth-client";
import { setPublicConfigForTests } from "@/lib/public-config";
import { signedInSessionAtStart } from "./signed-in-at-start";

const NOW = new Date("2026-03-01T10:00:00Z");

interface Setting {
  companyDomain: string;
  requireHostedDomain: boolean;
}
const ACME: Setting = { companyDomain: "acme.com", requireHostedDomain: false };
const ACME_WORKSPACE: Setting = { companyDomain: "acme.com", requireHostedDomain: true };
const UPPER: Setting = { companyDomain: "Acme.COM", requireHostedDomain: false };

function storeSession({
  secondsLeft = 3600,
  email = "ada@acme.com" as unknown,
  hd = "acme.com" as unknown,
  refreshToken = undefined as unknown,
} = {}) {
  const session = {
    access_token: "access-ada",
    // Only a session stored before the refresh token moved into its cookie carries one (decision 0094).
    ...(refreshToken === undefined ? {} : { refresh_token: refreshToken }),
    token_type: "bearer",
    expires_at: NOW.getTime() / 1000 + secondsLeft,
    user: { id: "u-ada", email, hd },
  };
  localStorage.setItem(storageKeyFor(window.location.origin), JSON.stringify(session));
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
  localStorage.clear();
  window.history.replaceState(null, "", "/projects");
});
afterEach(() => {
  vi.useRealTimers();
  setPublicConfigForTests(undefined);
});

describe("the session a signed-in page starts with (its code is loaded before the first render only then)", () => {
  // The session the app adopts at start and lets in; none for every other, which the app replaces first or turns
  // away.
  const cases: [string, Setting, () => void, "its session" | "none"][] = [
    ["a company user", ACME, () => storeSession(), "its session"],
    ["no stored session", ACME, () => undefined, "none"],
    [
      "a stored session that is not JSON",
      ACME,
      () => localStorage.setItem(storageKeyFor(location.origin), "{x"),
      "none",
    ],
    [
      "a session stored with its refresh token, from before the cookie",
      ACME,
      () => storeSession({ refreshToken: "r" }),
      "none",
    ],
    ["a session without an e-mail", ACME, () => storeSession({ email: null }), "none"],
    ["91 s left", ACME, () => storeSession({ secondsLeft: 91 }), "its session"],
    ["90 s left (the app refreshes it first)", ACME, () => storeSession({ secondsLeft: 90 }), "none"],
    ["an expired session", ACME, () => storeSession({ secondsLeft: -10 }), "none"],
    ["another domain", ACME, () => storeSession({ email: "eve@elsewhere.com", hd: null }), "none"],
    [
      "a domain ending like the company's",
      ACME,
      () => storeSession({ email: "eve@notacme.com", hd: null }),
      "none",
    ],
    ["an e-mail in capitals", ACME, () => storeSession({ email: "ADA@ACME.COM" }), "its session"],
    ["a company domain set in capitals", UPPER, () => storeSession(), "its session"],
    ["a hosted domain set in capitals", UPPER, () => storeSession({ hd: "Acme.COM" }), "none"],
    ["another hosted domain", ACME, () => storeSession({ hd: "elsewhere.com" }), "none"],
    ["no hosted domain", ACME, () => storeSession({ hd: null }), "its session"],
    ["an empty hosted domain", ACME, () => storeSession({ hd: "" }), "its session"],
    ["no hosted domain where one is required", ACME_WORKSPACE, () => storeSession({ hd: null }), "none"],
    ["an empty one where one is required", ACME_WORKSPACE, () => storeSession({ hd: "" }), "none"],
    ["the company's where one is required", ACME_WORKSPACE, () => storeSession(), "its session"],
    [
      "a sign-in being finished from the address",
      ACME,
      () => {
        storeSession();
        window.history.replaceState(null, "", "/projects#code=one-time");
      },
      "none",
    ],
  ];

  it.each(cases)("%s: %s", (_name, setting, arrange, outcome) => {
    setPublicConfigForTests({ ...setting, captcha: { provider: "altcha", challengeUrl: "/x" } });
    arrange();
    const session = signedInSessionAtStart();
    expect(session?.access_token).toBe(outcome === "its session" ? "access-ada" : undefined);
  });
});
