import fc from "fast-check";
import { decodeJwt, SignJWT, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_ROUTES, type SessionResponse } from "@shared/auth";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { openTestDatabase } from "../../testing/test-database";
import { buildApp } from "../app";
import { ACCESS_TOKEN_AUDIENCE } from "./access-tokens";
import {
  InjectBrowser,
  issuedSession,
  pkcePair,
  signInThroughDevProvider,
  walkDevProvider,
  withRefreshCookie,
} from "../../testing/auth-test-driver";
import { decrypt, deriveKey, encrypt, sha256Hex } from "./crypto";
import { currentUser } from "../platform/current-user";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend(app) {
      // Stands for every product API route: guarded without asking (platform/access.ts), then the user it found.
      app.get("/api/test/protected", async (request) => ({
        email: currentUser(request).email,
      }));
    },
  });
});
afterAll(async () => {
  await t.close();
});

const count = async (table: string, where = "true", params: unknown[] = []) =>
  Number(
    (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params))[0]!.n,
  );

const protectedWith = (token: string | undefined) =>
  t.app.inject({
    method: "GET",
    url: "/api/test/protected",
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const refresh = (refreshToken: string) => t.app.inject(withRefreshCookie(t.app, refreshToken));

async function storedCounts() {
  return {
    users: await count("auth.users"),
    identities: await count("auth.identities"),
    sessions: await count("auth.sessions"),
    codes: await count("auth.one_time_codes"),
    profiles: await count("pulse.user_profiles"),
  };
}

describe("sign-in through the development provider", () => {
  it("asks Google-style for openid email profile, offline access, consent, the hosted domain, PKCE, state and nonce", async () => {
    const { codeChallenge } = pkcePair();
    const res = await t.app.inject({
      method: "POST",
      url: AUTH_ROUTES.start,
      payload: {
        code_challenge: codeChallenge,
        code_challenge_method: "S256",
        redirect_to: `${t.config.publicUrl}/dashboard`,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const url = new URL(res.json<{ url: string }>().url);
    expect(url.origin + url.pathname).toBe(`${t.config.publicUrl}/dev/oidc/auth`);
    const p = url.searchParams;
    expect(p.get("scope")).toBe("openid email profile");
    expect(p.get("access_type")).toBe("offline");
    expect(p.get("prompt")).toBe("consent");
    expect(p.get("hd")).toBe("acme.com");
    expect(p.get("response_type")).toBe("code");
    expect(p.get("code_challenge_method")).toBe("S256");
    expect(p.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Google's challenge is Pulse's own secret, not the browser's.
    expect(p.get("code_challenge")).not.toBe(codeChallenge);
    expect(p.get("state")?.length).toBeGreaterThanOrEqual(32);
    expect(p.get("nonce")?.length).toBeGreaterThanOrEqual(32);
    expect(p.get("redirect_uri")).toBe(`${t.config.publicUrl}/api/auth/google/callback`);
    expect(await count("auth.sign_in_flows", "code_challenge = $1", [codeChallenge])).toBe(1);
  });

  it("signs an authorised user in: user, identity keyed by subject, profile, encrypted Google refresh token", async () => {
    const before = Math.floor(Date.now() / 1000);
    const session = await signInThroughDevProvider(t.app, "Ann.Lee@acme.com");
    const after = Math.floor(Date.now() / 1000);
    // The access token lives an hour from its issue; expires_in counts from the answer, a second boundary later
    // when one passed between the two (it did on a loaded machine: 3599).
    const { iat, exp } = decodeJwt(session.access_token);
    expect(exp! - iat!).toBe(3600);
    expect(session.expires_at).toBe(exp);
    expect(session.expires_at - session.expires_in).toBeGreaterThanOrEqual(Math.max(before, iat!));
    expect(session.expires_at - session.expires_in).toBeLessThanOrEqual(after);
    expect(session).toMatchObject({
      token_type: "bearer",
      user: {
        email: "ann.lee@acme.com",
        email_verified: true,
        name: "Ann Lee",
        hd: "acme.com",
        identities: [{ provider: "google", email: "ann.lee@acme.com", hosted_domain: "acme.com" }],
      },
    });
    expect(session.expires_at).toBeCloseTo(Date.now() / 1000 + 3600, -1);
    expect(session.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [identity] = await t.db.query<{ provider_subject: string; refresh_token_encrypted: string | null }>(
      "SELECT provider_subject, refresh_token_encrypted FROM auth.identities WHERE user_id = $1",
      [session.user.id],
    );
    expect(identity!.provider_subject).toMatch(/^\d{21}$/);
    expect(identity!.refresh_token_encrypted).toMatch(/^v1\./);
    const googleRefreshToken = decrypt(
      deriveKey(t.config.jwtSecret, "google-refresh-token"),
      identity!.refresh_token_encrypted!,
    );
    expect(googleRefreshToken.length).toBeGreaterThan(20);
    const { browser: _browser, ...sentToBrowser } = session;
    expect(JSON.stringify(sentToBrowser)).not.toContain(googleRefreshToken);

    const [profile] = await t.db.query(
      "SELECT email, first_name, last_name FROM pulse.user_profiles WHERE user_id = $1",
      [session.user.id],
    );
    expect(profile).toEqual({ email: "ann.lee@acme.com", first_name: "Ann", last_name: "Lee" });

    // Only a hash of the refresh token is stored; flows and codes are gone once used.
    expect(await count("auth.refresh_tokens", "token_hash = $1", [sha256Hex(session.refresh_token)])).toBe(1);
    expect(await count("auth.refresh_tokens", "token_hash = $1", [session.refresh_token])).toBe(0);
    expect(await count("auth.sign_in_flows")).toBe(1); // only the flow the previous test started and left
    expect(await count("auth.one_time_codes")).toBe(0);
  });

  it("finds the same user again by provider subject, updating the e-mail, never matching by e-mail", async () => {
    const first = await signInThroughDevProvider(t.app, "bo@acme.com");
    const again = await signInThroughDevProvider(t.app, "bo@acme.com");
    expect(again.user.id).toBe(first.user.id);
    expect(await count("auth.identities", "email = 'bo@acme.com'")).toBe(1);

    // Another Google account that happens to carry an e-mail seen before is another user.
    const [{ id }] = (await t.db.query<{ id: string }>(
      "INSERT INTO auth.users (email) VALUES ('cy@acme.com') RETURNING id",
    )) as [{ id: string }];
    const cy = await signInThroughDevProvider(t.app, "cy@acme.com");
    expect(cy.user.id).not.toBe(id);
  });

  it("returns to the page's own local origin and rejects foreign return targets without storing anything", async () => {
    const local = await walkDevProvider(t.app, "dee@acme.com", { origin: "http://127.0.0.1:5173" });
    const callback = await local.browser.request("GET", local.callbackUrl);
    expect(callback.statusCode).toBe(303);
    expect(String(callback.headers.location)).toMatch(
      /^http:\/\/127\.0\.0\.1:5173\/dashboard#code=[A-Za-z0-9_-]{43}$/,
    );

    const before = await count("auth.sign_in_flows");
    for (const target of [
      "https://evil.example/dashboard",
      "http://localhost.evil.example/dashboard",
      "http://localhost@evil.example/dashboard",
      "javascript:alert(1)",
      "//evil.example/dashboard",
      "/dashboard",
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: AUTH_ROUTES.start,
        payload: {
          code_challenge: pkcePair().codeChallenge,
          code_challenge_method: "S256",
          redirect_to: target,
        },
      });
      expect(res.statusCode, target).toBe(400);
      expect(res.json().error.code, target).toBe("redirect_not_allowed");
    }
    expect(await count("auth.sign_in_flows")).toBe(before);
  });

  it("refuses a start without an S256 challenge", async () => {
    for (const payload of [
      { code_challenge_method: "S256", redirect_to: `${t.config.publicUrl}/dashboard` },
      {
        code_challenge: "short",
        code_challenge_method: "S256",
        redirect_to: `${t.config.publicUrl}/dashboard`,
      },
      {
        code_challenge: pkcePair().codeChallenge,
        code_challenge_method: "plain",
        redirect_to: `${t.config.publicUrl}/dashboard`,
      },
    ]) {
      const res = await t.app.inject({ method: "POST", url: AUTH_ROUTES.start, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("validation_failed");
    }
  });
});

describe("bad callbacks: refused with a clear error, nothing stored, no session", () => {
  const errorOf = (location: string) => {
    const url = new URL(location, "http://x.invalid");
    return {
      path: url.pathname,
      error: url.searchParams.get("error"),
      description: url.searchParams.get("error_description"),
    };
  };

  it("a callback without a started sign-in", async () => {
    const before = await storedCounts();
    for (const query of ["", "?code=abc", "?code=abc&state=never-started"]) {
      const res = await t.app.inject({ method: "GET", url: `${AUTH_ROUTES.callback}${query}` });
      expect(res.statusCode).toBe(303);
      expect(errorOf(String(res.headers.location))).toEqual({
        path: "/auth",
        error: "invalid_state",
        description: null,
      });
    }
    expect(await storedCounts()).toEqual(before);
  });

  it("a replayed state (the same callback twice)", async () => {
    const { browser, callbackUrl } = await walkDevProvider(t.app, "eli@acme.com");
    const first = await browser.request("GET", callbackUrl);
    expect(String(first.headers.location)).toContain("/dashboard#code=");
    const before = await storedCounts();
    const again = await browser.request("GET", callbackUrl);
    expect(errorOf(String(again.headers.location)).error).toBe("invalid_state");
    expect(await storedCounts()).toEqual(before);
  });

  it("an expired sign-in flow", async () => {
    const { browser, callbackUrl } = await walkDevProvider(t.app, "fay@acme.com");
    await t.db.query("UPDATE auth.sign_in_flows SET expires_at = now() - interval '1 second'");
    const before = await storedCounts();
    const res = await browser.request("GET", callbackUrl);
    expect(errorOf(String(res.headers.location))).toMatchObject({ path: "/auth", error: "expired_state" });
    expect(await storedCounts()).toEqual(before);
  });

  it("consent cancelled at the provider: back to /auth with the provider's error", async () => {
    const before = await storedCounts();
    const { browser, callbackUrl } = await walkDevProvider(t.app, "gus@acme.com", { consent: "cancel" });
    const res = await browser.request("GET", callbackUrl);
    expect(String(res.headers.location)).toMatch(new RegExp(`^${t.config.publicUrl}/auth\\?`));
    expect(errorOf(String(res.headers.location))).toEqual({
      path: "/auth",
      error: "access_denied",
      description: null,
    });
    expect(await storedCounts()).toEqual(before);
  });

  it("an ID token whose nonce does not match the one Pulse sent", async () => {
    const { browser, callbackUrl } = await walkDevProvider(t.app, "hal@acme.com");
    const key = deriveKey(t.config.jwtSecret, "sign-in-flow-secrets");
    const [flow] = await t.db.query<{ id: string; secrets_encrypted: string }>(
      "SELECT id, secrets_encrypted FROM auth.sign_in_flows ORDER BY created_at DESC LIMIT 1",
    );
    const secrets = JSON.parse(decrypt(key, flow!.secrets_encrypted)) as { nonce: string };
    secrets.nonce = "a-different-nonce-than-the-one-in-the-id-token";
    await t.db.query("UPDATE auth.sign_in_flows SET secrets_encrypted = $2 WHERE id = $1", [
      flow!.id,
      encrypt(key, JSON.stringify(secrets)),
    ]);
    const before = await storedCounts();
    const res = await browser.request("GET", callbackUrl);
    expect(errorOf(String(res.headers.location))).toEqual({
      path: "/auth",
      error: "sign_in_failed",
      description: null,
    });
    expect(await storedCounts()).toEqual(before);
  });

  it("an unverified e-mail", async () => {
    t.app.devIdentityProvider!.overrideClaims("ivy@acme.com", { email_verified: false });
    try {
      const before = await storedCounts();
      const { browser, callbackUrl } = await walkDevProvider(t.app, "ivy@acme.com");
      const res = await browser.request("GET", callbackUrl);
      expect(errorOf(String(res.headers.location))).toEqual({
        path: "/auth",
        error: "unverified_email",
        description: null,
      });
      expect(await storedCounts()).toEqual(before);
      expect(await count("auth.users", "email = 'ivy@acme.com'")).toBe(0);
    } finally {
      t.app.devIdentityProvider!.overrideClaims("ivy@acme.com", undefined);
    }
  });
});

describe("one-time code exchange", () => {
  async function codeFor(email: string) {
    const { browser, codeVerifier, callbackUrl } = await walkDevProvider(t.app, email);
    const res = await browser.request("GET", callbackUrl);
    const code = new URLSearchParams(new URL(String(res.headers.location)).hash.slice(1)).get("code")!;
    return { code, codeVerifier };
  }
  const exchange = (code: string, code_verifier: string) =>
    t.app.inject({ method: "POST", url: AUTH_ROUTES.token, payload: { code, code_verifier } });

  it("works once; a replayed code is refused", async () => {
    const { code, codeVerifier } = await codeFor("jo@acme.com");
    expect((await exchange(code, codeVerifier)).statusCode).toBe(200);
    const sessions = await count("auth.sessions");
    const replay = await exchange(code, codeVerifier);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toEqual({
      code: "invalid_grant",
      message: "This sign-in code is not valid or was already used. Please sign in again.",
    });
    expect(await count("auth.sessions")).toBe(sessions);
  });

  it("only for the browser holding the verifier; a wrong guess spends the code", async () => {
    const { code, codeVerifier } = await codeFor("kai@acme.com");
    const sessions = await count("auth.sessions");
    const stolen = await exchange(code, pkcePair().codeVerifier);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.message).toBe(
      "This sign-in code was issued to another browser. Please sign in again.",
    );
    expect((await exchange(code, codeVerifier)).statusCode).toBe(400);
    expect(await count("auth.sessions")).toBe(sessions);
  });

  it("not after it expired", async () => {
    const { code, codeVerifier } = await codeFor("lou@acme.com");
    await t.db.query("UPDATE auth.one_time_codes SET expires_at = now() - interval '1 second'");
    const res = await exchange(code, codeVerifier);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("This sign-in code has expired. Please sign in again.");
  });
});

describe("refresh tokens", () => {
  it("rotate on every use; the new access token works", async () => {
    const session = await signInThroughDevProvider(t.app, "mo@acme.com");
    const res = await refresh(session.refresh_token);
    expect(res.statusCode).toBe(200);
    const next = issuedSession(res);
    expect(next.refresh_token).not.toBe(session.refresh_token);
    expect(next.user.email).toBe("mo@acme.com");
    expect((await protectedWith(next.access_token)).json()).toEqual({ email: "mo@acme.com" });
  });

  it("two tabs: the parent of the active token gets the active pair back within 10 s", async () => {
    const session = await signInThroughDevProvider(t.app, "mona@acme.com");
    const tabA = await refresh(session.refresh_token);
    const tabB = await refresh(session.refresh_token);
    expect(tabA.statusCode).toBe(200);
    expect(tabB.statusCode).toBe(200);
    const a = issuedSession(tabA);
    const b = issuedSession(tabB);
    expect(b.refresh_token).toBe(a.refresh_token);
    expect(b.access_token).toBe(a.access_token);
    expect(
      await count(
        "auth.refresh_tokens",
        "parent_id = (SELECT id FROM auth.refresh_tokens WHERE token_hash = $1)",
        [sha256Hex(session.refresh_token)],
      ),
    ).toBe(1);
  });

  it("two tabs at the same instant both get the one new pair", async () => {
    const session = await signInThroughDevProvider(t.app, "moe@acme.com");
    const [x, y] = await Promise.all([refresh(session.refresh_token), refresh(session.refresh_token)]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    expect(issuedSession(x).refresh_token).toBe(issuedSession(y).refresh_token);
  });

  it("a rotated token presented after the grace period revokes the whole session", async () => {
    const parent = (await signInThroughDevProvider(t.app, "mia@acme.com")).refresh_token;
    const active = issuedSession(await refresh(parent));
    await t.db.query(
      "UPDATE auth.refresh_tokens SET rotated_at = rotated_at - interval '11 seconds' WHERE token_hash = $1",
      [sha256Hex(parent)],
    );
    const reuse = await refresh(parent);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.code).toBe("refresh_token_reused");
    // Nothing of the session works any more: not the active refresh token, not the access token.
    expect((await refresh(active.refresh_token)).statusCode).toBe(401);
    expect((await protectedWith(active.access_token)).statusCode).toBe(401);
    const [row] = await t.db.query<{ revoked_reason: string }>(
      "SELECT revoked_reason FROM auth.sessions WHERE id = (SELECT session_id FROM auth.refresh_tokens WHERE token_hash = $1)",
      [sha256Hex(parent)],
    );
    expect(row!.revoked_reason).toBe("refresh_token_reused");
  });

  it("a grandparent token is reuse even within the grace period", async () => {
    const s = await signInThroughDevProvider(t.app, "ned@acme.com");
    const child = issuedSession(await refresh(s.refresh_token));
    const grandchild = issuedSession(await refresh(child.refresh_token));
    expect((await refresh(s.refresh_token)).statusCode).toBe(401);
    expect((await refresh(grandchild.refresh_token)).statusCode).toBe(401);
  });

  it("once a session is revoked, not even the grace period refreshes it", async () => {
    const s = await signInThroughDevProvider(t.app, "oli@acme.com");
    const next = issuedSession(await refresh(s.refresh_token));
    await t.app.inject({
      method: "POST",
      url: AUTH_ROUTES.signOut,
      headers: { authorization: `Bearer ${next.access_token}` },
      payload: {},
    });
    expect((await refresh(s.refresh_token)).statusCode).toBe(401);
    expect((await refresh(next.refresh_token)).statusCode).toBe(401);
  });

  it("end after the inactivity limit and after the absolute lifetime", async () => {
    const idle = await signInThroughDevProvider(t.app, "pat@acme.com");
    await t.db.query(
      "UPDATE auth.sessions SET last_active_at = now() - make_interval(secs => $2::double precision) - interval '1 second' WHERE id = (SELECT session_id FROM auth.refresh_tokens WHERE token_hash = $1)",
      [sha256Hex(idle.refresh_token), t.config.session.inactivitySeconds],
    );
    const res = await refresh(idle.refresh_token);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("session_expired");

    const old = await signInThroughDevProvider(t.app, "quin@acme.com");
    await t.db.query(
      "UPDATE auth.sessions SET expires_at = now() - interval '1 second' WHERE id = (SELECT session_id FROM auth.refresh_tokens WHERE token_hash = $1)",
      [sha256Hex(old.refresh_token)],
    );
    expect((await refresh(old.refresh_token)).statusCode).toBe(401);
    expect((await protectedWith(old.access_token)).statusCode).toBe(401);
  });

  it("an unknown or malformed refresh token is refused", async () => {
    expect((await refresh("x".repeat(43))).statusCode).toBe(401);
    expect((await refresh("short")).statusCode).toBe(401);
    const res = await t.app.inject({ method: "POST", url: AUTH_ROUTES.refresh, payload: [] });
    expect(res.statusCode).toBe(400);
  });
});

describe("the guard on product API routes", () => {
  let ann: SessionResponse;
  beforeAll(async () => {
    ann = await signInThroughDevProvider(t.app, "ann@acme.com");
  });

  const sign = (
    claims: Record<string, unknown>,
    options: { secret?: string; aud?: string; iss?: string; exp?: number } = {},
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(ann.user.id)
      .setIssuer(options.iss ?? t.config.publicUrl)
      .setAudience(options.aud ?? ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(options.exp ?? Math.floor(Date.now() / 1000) + 600)
      .sign(new TextEncoder().encode(options.secret ?? t.config.jwtSecret));
  const sid = () =>
    JSON.parse(Buffer.from(ann.access_token.split(".")[1]!, "base64url").toString()).sid as string;

  it("lets an authorised user through", async () => {
    const res = await protectedWith(ann.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: "ann@acme.com" });
  });

  it("answers 401 without a token, with a bearer challenge", async () => {
    const res = await protectedWith(undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("unauthorized");
    expect(res.headers["www-authenticate"]).toMatch(/^Bearer realm="pulse"/);
  });

  it("answers 401 for forged, expired, alg none, wrong-key, wrong-audience and wrong-issuer tokens", async () => {
    const [header, payload] = ann.access_token.split(".");
    const tampered = JSON.parse(Buffer.from(payload!, "base64url").toString());
    tampered.sub = "00000000-0000-4000-8000-000000000000";
    const forged = `${header}.${Buffer.from(JSON.stringify(tampered)).toString("base64url")}.${ann.access_token.split(".")[2]}`;
    const algNone = new UnsecuredJWT({ sid: sid() })
      .setSubject(ann.user.id)
      .setIssuer(t.config.publicUrl)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setExpirationTime("10m")
      .encode();
    const cases = {
      forged,
      garbage: "not-a-jwt",
      expired: await sign({ sid: sid() }, { exp: Math.floor(Date.now() / 1000) - 5 }),
      algNone,
      wrongKey: await sign({ sid: sid() }, { secret: "another-secret-that-is-long-enough-to-sign-with" }),
      wrongAudience: await sign({ sid: sid() }, { aud: "someone-else" }),
      wrongIssuer: await sign({ sid: sid() }, { iss: "https://evil.example" }),
      noSession: await sign({ sid: "00000000-0000-4000-8000-000000000000" }),
      notUuid: await sign({ sid: "1; DROP TABLE auth.sessions" }),
    };
    for (const [name, token] of Object.entries(cases)) {
      const res = await protectedWith(token);
      expect(res.statusCode, name).toBe(401);
      expect(res.json().error.message, name).toMatch(/sign in again/i);
    }
    // The genuine token, signed the same way, still works: the refusals above are about the flaw in each.
    expect((await protectedWith(await sign({ sid: sid() }))).statusCode).toBe(200);
  });

  it("tells a header with no bearer token from one with a bad token, whatever the header (property)", async () => {
    const valid = ann.access_token;
    // RFC 6750's credentials: the scheme in any case, one space, then a b64token.
    const bearer = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i;
    const inside = fc.integer({ min: 1, max: valid.length - 1 });
    const token = fc.oneof(
      fc.constant(valid),
      fc
        .tuple(inside, fc.constantFrom(" ", "@", "=", "+", "/", "~", ".", ",", "!", "a"))
        .map(([at, c]) => valid.slice(0, at) + c + valid.slice(at)),
      fc.constantFrom("=", "==", "=a", "~", "+/").map((tail) => valid + tail),
      fc.stringMatching(/^[\x21-\x7e]{1,40}$/),
    );
    const header = fc
      .tuple(
        fc.constantFrom("Bearer", "bearer", "BEARER", "bEaReR", "Basic", "Bearer:", "Bear", ""),
        fc.constantFrom(" ", "  ", "\t", ""),
        token,
      )
      .map(([scheme, gap, rest]) => scheme + gap + rest);
    await fc.assert(
      fc.asyncProperty(header, async (authorization) => {
        const res = await t.app.inject({
          method: "GET",
          url: "/api/test/protected",
          headers: { authorization },
        });
        const offered = bearer.exec(authorization)?.[1];
        if (offered === valid) expect(res.statusCode, authorization).toBe(200);
        else {
          expect(res.statusCode, authorization).toBe(401);
          expect(res.json().error.code, authorization).toBe(offered ? "invalid_token" : "unauthorized");
          expect(res.headers["www-authenticate"]).toMatch(/^Bearer realm="pulse"/);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("answers 401 once the session is signed out", async () => {
    const s = await signInThroughDevProvider(t.app, "ray@acme.com");
    const out = await t.app.inject({
      method: "POST",
      url: AUTH_ROUTES.signOut,
      ...withRefreshCookie(t.app, s.refresh_token, {
        url: AUTH_ROUTES.signOut,
        headers: { authorization: `Bearer ${s.access_token}` },
      }),
    });
    expect(out.statusCode).toBe(204);
    expect((await protectedWith(s.access_token)).statusCode).toBe(401);
    expect((await refresh(s.refresh_token)).statusCode).toBe(401);
    const [row] = await t.db.query<{ revoked_reason: string }>(
      "SELECT revoked_reason FROM auth.sessions WHERE id = (SELECT session_id FROM auth.refresh_tokens WHERE token_hash = $1)",
      [sha256Hex(s.refresh_token)],
    );
    expect(row!.revoked_reason).toBe("signed_out");
  });

  it("sign-out by refresh token alone also ends the session (an expired access token cannot)", async () => {
    const s = await signInThroughDevProvider(t.app, "sue@acme.com");
    const out = await t.app.inject(withRefreshCookie(t.app, s.refresh_token, { url: AUTH_ROUTES.signOut }));
    expect(out.statusCode).toBe(204);
    expect((await protectedWith(s.access_token)).statusCode).toBe(401);
  });

  it("answers 403 for eve@notacme.com, who is signed in but outside acme.com; nothing of Google's is kept", async () => {
    const eve = await signInThroughDevProvider(t.app, "eve@notacme.com");
    expect(eve.user).toMatchObject({ email: "eve@notacme.com", hd: "notacme.com" });
    const res = await protectedWith(eve.access_token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: "unauthorized_domain",
      message: "Only @acme.com accounts are authorized to access this platform.",
    });
    expect(await count("pulse.user_profiles", "email = 'eve@notacme.com'")).toBe(0);
    expect(
      await count("auth.identities", "email = 'eve@notacme.com' AND refresh_token_encrypted IS NOT NULL"),
    ).toBe(0);
    // The current-user endpoint still answers, so the access-denied screen can show the e-mail.
    const me = await t.app.inject({
      method: "GET",
      url: AUTH_ROUTES.user,
      headers: { authorization: `Bearer ${eve.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe("eve@notacme.com");
  });

  it("answers 403 when Google names another hosted domain for an @acme.com address", async () => {
    t.app.devIdentityProvider!.overrideClaims("tia@acme.com", { hd: "acme.com.evil.io" });
    try {
      const tia = await signInThroughDevProvider(t.app, "tia@acme.com");
      expect((await protectedWith(tia.access_token)).statusCode).toBe(403);
    } finally {
      t.app.devIdentityProvider!.overrideClaims("tia@acme.com", undefined);
    }
  });

  it("GET /api/auth/user answers the signed-in user, 401 without a session", async () => {
    const me = await t.app.inject({
      method: "GET",
      url: AUTH_ROUTES.user,
      headers: { authorization: `Bearer ${ann.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: ann.user.id, email: "ann@acme.com" });
    expect((await t.app.inject({ method: "GET", url: AUTH_ROUTES.user })).statusCode).toBe(401);
  });
});

describe("the development provider's pages", () => {
  it("ask again for a valid e-mail", async () => {
    const browser = new InjectBrowser(t.app, t.config.publicUrl);
    const start = await browser.request("POST", AUTH_ROUTES.start, {
      json: {
        ...{ code_challenge: pkcePair().codeChallenge },
        code_challenge_method: "S256",
        redirect_to: `${t.config.publicUrl}/dashboard`,
      },
    });
    const step = await browser.follow(await browser.request("GET", start.json<{ url: string }>().url));
    const page = await browser.request("GET", step.url);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain('placeholder="name@acme.com"');
    const bad = await browser.request("POST", `${step.url}/login`, { form: { email: "not an email" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Enter an e-mail address such as name@example.com.");
  });

  it("explain an expired or unknown interaction", async () => {
    const res = await t.app.inject({ method: "GET", url: "/dev/oidc/interaction/nope" });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("This sign-in attempt has expired.");
  });
});

describe("configuration", () => {
  it("never mounts the development provider in production or when Google is configured", async () => {
    for (const overrides of [
      {
        env: "production" as const,
        production: true,
        google: { clientId: "id.apps.googleusercontent.com", clientSecret: "s" },
      },
      { google: { clientId: "id.apps.googleusercontent.com", clientSecret: "s" } },
    ]) {
      const other = await createTestApp({ overrides });
      try {
        const res = await other.app.inject({
          method: "GET",
          url: "/dev/oidc/.well-known/openid-configuration",
        });
        expect(res.statusCode).toBe(404);
        expect(other.app.devIdentityProvider).toBeUndefined();
      } finally {
        await other.close();
      }
    }
    const res = await t.app.inject({ method: "GET", url: "/dev/oidc/.well-known/openid-configuration" });
    expect(res.json()).toMatchObject({ issuer: `${t.config.publicUrl}/dev/oidc` });
  });

  it("in production without a Google client, still no development provider: sign-in answers 503", async () => {
    const { db, drop } = await openTestDatabase();
    try {
      const prod = await buildApp(
        { ...t.config, env: "production", production: true, google: undefined },
        { db, logger: false },
      );
      const dev = await prod.inject({ method: "GET", url: "/dev/oidc/.well-known/openid-configuration" });
      expect(dev.statusCode).toBe(404);
      const start = await prod.inject({
        method: "POST",
        url: AUTH_ROUTES.start,
        payload: {
          code_challenge: pkcePair().codeChallenge,
          code_challenge_method: "S256",
          redirect_to: `${t.config.publicUrl}/dashboard`,
        },
      });
      expect(start.statusCode).toBe(503);
      expect(start.json().error.code).toBe("sign_in_not_configured");
      await prod.close();
    } finally {
      await drop();
    }
  });

  it("rate-limits the token endpoints", async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT: "3" } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({
          method: "POST",
          url: AUTH_ROUTES.token,
          payload: { code: "x".repeat(43), code_verifier: pkcePair().codeVerifier },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([400, 400, 400, 429]);
      const refreshes: number[] = [];
      for (let i = 0; i < 4; i++) {
        refreshes.push((await limited.app.inject(withRefreshCookie(limited.app, "y".repeat(43)))).statusCode);
      }
      expect(refreshes).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
