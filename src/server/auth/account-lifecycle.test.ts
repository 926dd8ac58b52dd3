import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "@shared/auth";
import {
  issuedSession,
  signInThroughDevProvider,
  walkDevProvider,
  withRefreshCookie,
} from "../../testing/auth-test-driver";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { deriveKey, encrypt } from "./crypto";

/** Issue #7: Workspace-managed accounts only in production, no silent profile moves, leavers lose access. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend(app) {
      app.get("/api/test/me", async () => ({ ok: true }));
    },
  });
});
afterAll(async () => {
  await t.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const refresh = (refreshToken: string) => t.app.inject(withRefreshCookie(t.app, refreshToken));
const callbackError = async (email: string) => {
  const { browser, callbackUrl } = await walkDevProvider(t.app, email);
  const res = await browser.request("GET", callbackUrl);
  return new URL(String(res.headers.location)).searchParams.get("error");
};

describe("Google accounts outside the company's Workspace", () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await createTestApp({
      overrides: { requireHostedDomain: true },
      extend(app) {
        app.get("/api/test/me", async () => ({ ok: true }));
      },
    });
  });
  afterAll(async () => {
    await production.close();
  });

  it("where Workspace management is required, an @acme.com account without `hd` is signed in but denied", async () => {
    production.app.devIdentityProvider!.overrideClaims("lou@acme.com", { hd: null });
    const lou = await signInThroughDevProvider(production.app, "lou@acme.com");
    expect(lou.user.hd).toBeNull();
    const denied = await production.app.inject({ url: "/api/test/me", headers: bearer(lou.access_token) });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe("unauthorized_domain");
    const config = await production.app.inject({ url: "/api/config" });
    expect(config.json().requireHostedDomain).toBe(true);
  });

  it("the same account is a company user where the rule is off (development), and with `hd` everywhere", async () => {
    t.app.devIdentityProvider!.overrideClaims("lou@acme.com", { hd: null });
    const lou = await signInThroughDevProvider(t.app, "lou@acme.com");
    expect((await t.app.inject({ url: "/api/test/me", headers: bearer(lou.access_token) })).statusCode).toBe(
      200,
    );
    const kim = await signInThroughDevProvider(production.app, "kim@acme.com");
    expect(kim.user.hd).toBe("acme.com");
  });
});

describe("an e-mail whose profile belongs to another Google account", () => {
  it("is refused with account_conflict, and nothing of the first account changes hands", async () => {
    const first = await signInThroughDevProvider(t.app, "sam@acme.com");
    // The address now belongs to a new Google account (another subject), e.g. re-created at Google.
    await t.db.query(
      "UPDATE auth.identities SET provider_subject = 'old-' || provider_subject WHERE email = $1",
      ["sam@acme.com"],
    );
    expect(await callbackError("sam@acme.com")).toBe("account_conflict");
    const profiles = await t.db.query<{ user_id: string }>(
      "SELECT user_id FROM pulse.user_profiles WHERE email = 'sam@acme.com'",
    );
    expect(profiles).toEqual([{ user_id: first.user.id }]);
    expect(await t.db.query("SELECT 1 FROM auth.users WHERE email = 'sam@acme.com'")).toHaveLength(1);
  });
});

describe("a person whose Google access ends", () => {
  const ageCheck = (session: SessionResponse) =>
    t.db.query(
      "UPDATE auth.sessions SET google_checked_at = now() - interval '16 minutes' WHERE user_id = $1",
      [session.user.id],
    );

  const reasonsOf = async (session: SessionResponse) =>
    (
      await t.db.query<{ r: string | null }>(
        "SELECT revoked_reason AS r FROM auth.sessions WHERE user_id = $1",
        [session.user.id],
      )
    ).map((row) => row.r);

  it("keeps refreshing while Google still grants access, asking at most every 15 minutes", async () => {
    const ray = await signInThroughDevProvider(t.app, "ray@acme.com");
    const [before] = await t.db.query<{ at: Date }>(
      "SELECT google_checked_at AS at FROM auth.sessions WHERE user_id = $1",
      [ray.user.id],
    );
    const soon = await refresh(ray.refresh_token);
    expect(soon.statusCode).toBe(200);
    await ageCheck(ray);
    const later = await refresh(issuedSession(soon).refresh_token);
    expect(later.statusCode).toBe(200);
    const [after] = await t.db.query<{ at: Date }>(
      "SELECT google_checked_at AS at FROM auth.sessions WHERE user_id = $1",
      [ray.user.id],
    );
    expect(new Date(after!.at).getTime()).toBeGreaterThanOrEqual(new Date(before!.at).getTime());
  });

  it("loses every session at the first refresh after the re-check interval once Google says invalid_grant", async () => {
    const tab1 = await signInThroughDevProvider(t.app, "lee@acme.com");
    const tab2 = await signInThroughDevProvider(t.app, "lee@acme.com");
    // The account is removed at the provider (the development provider's "Revoke access" page).
    const page = await tab1.browser.submitForm("/dev/oidc/revoke", { email: "lee@acme.com" });
    expect(page.body).toContain("Access revoked for <strong>lee@acme.com</strong>");
    // Within the interval nothing asks Google yet.
    expect((await refresh(tab1.refresh_token)).statusCode).toBe(200);
    await ageCheck(tab2);
    const ended = await refresh(tab2.refresh_token);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error.code).toBe("google_access_revoked");
    expect((await t.app.inject({ url: "/api/test/me", headers: bearer(tab1.access_token) })).statusCode).toBe(
      401,
    );
    const reasons = await t.db.query<{ revoked_reason: string }>(
      "SELECT revoked_reason FROM auth.sessions WHERE user_id = $1",
      [tab1.user.id],
    );
    expect(reasons.map((r) => r.revoked_reason)).toEqual(["google_access_revoked", "google_access_revoked"]);
  });

  it("a stored Google token that cannot be read (sealed under an earlier key) ends the sessions with a 401, not a 500", async () => {
    const kim = await signInThroughDevProvider(t.app, "kim@acme.com");
    await t.db.query("UPDATE auth.identities SET refresh_token_encrypted = $2 WHERE user_id = $1", [
      kim.user.id,
      encrypt(deriveKey("an-earlier-secret-of-at-least-thirty-two-chars", "google-refresh-token"), "1//old"),
    ]);
    await ageCheck(kim);
    const ended = await refresh(kim.refresh_token);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error.code).toBe("google_token_unreadable");
    expect(await reasonsOf(kim)).toEqual(["google_token_unreadable"]);
    // The unreadable token is dropped; the next sign-in stores a fresh one.
    const [identity] = await t.db.query<{ t: string | null }>(
      "SELECT refresh_token_encrypted AS t FROM auth.identities WHERE user_id = $1",
      [kim.user.id],
    );
    expect(identity!.t).toBeNull();
  });

  it("a session whose user has no Google token to ask with is ended when its re-check falls due, not kept", async () => {
    // Outside the company domain nothing of Google's is kept, so nobody can ask Google about this account.
    const eve = await signInThroughDevProvider(t.app, "eve@notacme.com");
    // Within the interval nothing asks.
    const first = await refresh(eve.refresh_token);
    expect(first.statusCode).toBe(200);
    await ageCheck(eve);
    const ended = await refresh(issuedSession(first).refresh_token);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error.code).toBe("google_unverifiable");
    expect(await reasonsOf(eve)).toEqual(["google_unverifiable"]);
  });

  it("the operator can end every session of one e-mail at once", async () => {
    const a = await signInThroughDevProvider(t.app, "zoe@acme.com");
    const b = await signInThroughDevProvider(t.app, "zoe@acme.com");
    const other = await signInThroughDevProvider(t.app, "zed@acme.com");
    expect(await t.app.auth.sessions.revokeAllForEmail("ZOE@acme.com")).toBe(2);
    for (const s of [a, b]) {
      expect((await t.app.inject({ url: "/api/test/me", headers: bearer(s.access_token) })).statusCode).toBe(
        401,
      );
      expect((await refresh(s.refresh_token)).statusCode).toBe(401);
    }
    expect(
      (await t.app.inject({ url: "/api/test/me", headers: bearer(other.access_token) })).statusCode,
    ).toBe(200);
    expect(await t.app.auth.sessions.revokeAllForEmail("zoe@acme.com")).toBe(0);
  });
});
