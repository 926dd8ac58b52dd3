import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_ROUTES } from "@shared/auth";
import type { LightMyRequestResponse } from "fastify";
import {
  issuedSession,
  refreshCookieOf,
  signInThroughDevProvider,
  withRefreshCookie,
} from "../../testing/auth-test-driver";
import { createDirectSession } from "../../testing/direct-session";
import { createTestApp, type TestApp } from "../../testing/test-app";

/** Issue 37 item 5: the refresh token lives in an HttpOnly cookie that only refresh and sign-out read. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface SetCookie {
  name: string;
  value: string;
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
  maxAge?: number;
  expires?: Date;
}
const cookiesOf = (res: LightMyRequestResponse) => res.cookies as SetCookie[];
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = (app: TestApp, token: string) => app.app.inject({ url: AUTH_ROUTES.user, headers: bearer(token) });

describe("the refresh-token cookie on http (development)", () => {
  it("the code exchange sets it HttpOnly, SameSite=Strict, for the auth endpoints only, and the body has no refresh token", async () => {
    const ann = await signInThroughDevProvider(t.app, "ann@acme.com");
    const res = await t.app.inject(withRefreshCookie(t.app, ann.refresh_token));
    expect(res.statusCode).toBe(200);
    const [cookie, ...others] = cookiesOf(res);
    expect(others).toEqual([]);
    expect(cookie).toMatchObject({
      name: "pulse-refresh",
      path: "/api/auth",
      httpOnly: true,
      sameSite: "Strict",
    });
    expect(cookie!.secure).toBeFalsy();
    // Kept as long as the session may last, not a browser-session cookie that a restart would drop.
    expect(cookie!.maxAge).toBeGreaterThan(t.config.session.absoluteSeconds - 60);
    expect(cookie!.maxAge).toBeLessThanOrEqual(t.config.session.absoluteSeconds);
    expect(Object.keys(res.json()).sort()).toEqual([
      "access_token",
      "expires_at",
      "expires_in",
      "token_type",
      "user",
    ]);
    expect(res.body).not.toContain(cookie!.value);
  });

  it("refresh without the cookie answers 401, whatever the body carries", async () => {
    const bo = await signInThroughDevProvider(t.app, "bo@acme.com");
    const origin = { origin: new URL(t.config.publicUrl).origin };
    for (const payload of [undefined, {}, { refresh_token: bo.refresh_token }]) {
      const res = await t.app.inject({ method: "POST", url: AUTH_ROUTES.refresh, headers: origin, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(401);
      expect(res.json().error.code).toBe("invalid_grant");
    }
    // The token in a body was not used: the cookie's holder still refreshes with it.
    expect((await t.app.inject(withRefreshCookie(t.app, bo.refresh_token))).statusCode).toBe(200);
  });

  it("refresh and sign-out from another site's page, or without an Origin, are refused and change nothing", async () => {
    const cy = await signInThroughDevProvider(t.app, "cy@acme.com");
    for (const origin of ["https://evil.example", "null", `${t.config.publicUrl}.evil.example`]) {
      for (const url of [AUTH_ROUTES.refresh, AUTH_ROUTES.signOut]) {
        const res = await t.app.inject(
          withRefreshCookie(t.app, cy.refresh_token, { url, headers: { origin } }),
        );
        expect(res.statusCode, `${url} ${origin}`).toBe(403);
        expect(res.json().error.code).toBe("cross_origin_refused");
      }
    }
    const { origin: _dropped, ...noOrigin } = withRefreshCookie(t.app, cy.refresh_token).headers as Record<
      string,
      string
    >;
    const bare = await t.app.inject({ method: "POST", url: AUTH_ROUTES.refresh, headers: noOrigin });
    expect(bare.statusCode).toBe(403);
    // The session was neither rotated nor ended: the token still refreshes once, from Pulse's own page.
    expect((await me(t, cy.access_token)).statusCode).toBe(200);
    expect((await t.app.inject(withRefreshCookie(t.app, cy.refresh_token))).statusCode).toBe(200);
  });

  it("accepts the localhost origins of `npm start` and `npm run dev` outside production", async () => {
    const dee = await signInThroughDevProvider(t.app, "dee@acme.com");
    const vite = await t.app.inject(
      withRefreshCookie(t.app, dee.refresh_token, { headers: { origin: "http://localhost:5173" } }),
    );
    expect(vite.statusCode).toBe(200);
  });

  it("sign-out ends the session of the cookie, expires the cookie, and wipes no other storage of the site", async () => {
    const eli = await signInThroughDevProvider(t.app, "eli@acme.com");
    const out = await t.app.inject(withRefreshCookie(t.app, eli.refresh_token, { url: AUTH_ROUTES.signOut }));
    expect(out.statusCode).toBe(204);
    const [cleared] = cookiesOf(out);
    expect(cleared).toMatchObject({ name: "pulse-refresh", value: "", path: "/api/auth", httpOnly: true });
    expect(cleared!.expires!.getTime()).toBeLessThan(Date.now());
    expect(out.headers["clear-site-data"]).toBeUndefined();
    expect((await me(t, eli.access_token)).statusCode).toBe(401);
    expect((await t.app.inject(withRefreshCookie(t.app, eli.refresh_token))).statusCode).toBe(401);
  });

  it("a refused refresh expires the cookie, so the browser stops sending a dead token", async () => {
    const fay = await signInThroughDevProvider(t.app, "fay@acme.com");
    await t.app.auth.sessions.revokeAllForEmail("fay@acme.com");
    const res = await t.app.inject(withRefreshCookie(t.app, fay.refresh_token));
    expect(res.statusCode).toBe(401);
    expect(cookiesOf(res)).toMatchObject([{ name: "pulse-refresh", value: "" }]);
  });

  it("two tabs refreshing with the same cookie within 10 s both get the one new pair; reuse later still ends the session", async () => {
    const gus = await signInThroughDevProvider(t.app, "gus@acme.com");
    const [a, b] = await Promise.all([
      t.app.inject(withRefreshCookie(t.app, gus.refresh_token)),
      t.app.inject(withRefreshCookie(t.app, gus.refresh_token)),
    ]);
    expect(issuedSession(a).refresh_token).toBe(issuedSession(b).refresh_token);
    expect(issuedSession(a).access_token).toBe(issuedSession(b).access_token);
    await t.db.query(
      "UPDATE auth.refresh_tokens SET rotated_at = rotated_at - interval '11 seconds' WHERE rotated_at IS NOT NULL",
    );
    const reuse = await t.app.inject(withRefreshCookie(t.app, gus.refresh_token));
    expect(reuse.json().error.code).toBe("refresh_token_reused");
    expect((await me(t, issuedSession(a).access_token)).statusCode).toBe(401);
  });
});

describe("each issued access token", () => {
  it("differs from the one before it, even when the refresh comes in the same second as the sign-in", async () => {
    const hal = await signInThroughDevProvider(t.app, "hal@acme.com");
    const refreshed = issuedSession(await t.app.inject(withRefreshCookie(t.app, hal.refresh_token)));
    expect(refreshed.access_token).not.toBe(hal.access_token);
    expect((await me(t, refreshed.access_token)).statusCode).toBe(200);
  });
});

describe("the refresh-token cookie when PUBLIC_URL is https", () => {
  let https: TestApp;
  beforeAll(async () => {
    https = await createTestApp({
      overrides: {
        publicUrl: "https://pulse.acme.com",
        env: "production",
        production: true,
        google: undefined,
      },
    });
  });
  afterAll(async () => {
    await https.close();
  });

  it("is Secure and __Secure- prefixed; the unprefixed name is not read", async () => {
    const session = await createDirectSession(https.db, https.config, "hal@acme.com");
    const origin = { origin: "https://pulse.acme.com" };
    const unprefixed = await https.app.inject({
      method: "POST",
      url: AUTH_ROUTES.refresh,
      headers: { ...origin, cookie: `pulse-refresh=${session.refresh_token}` },
    });
    expect(unprefixed.statusCode).toBe(401);

    const res = await https.app.inject(withRefreshCookie(https.app, session.refresh_token));
    expect(res.statusCode).toBe(200);
    expect(cookiesOf(res)).toMatchObject([
      { name: "__Secure-pulse-refresh", path: "/api/auth", httpOnly: true, secure: true, sameSite: "Strict" },
    ]);
    expect(refreshCookieOf(res)).not.toBe(session.refresh_token);
    // In production only PUBLIC_URL's origin is Pulse's page; the development origins are not.
    const local = await https.app.inject(
      withRefreshCookie(https.app, refreshCookieOf(res)!, { headers: { origin: "http://localhost:5173" } }),
    );
    expect(local.statusCode).toBe(403);
  });
});
