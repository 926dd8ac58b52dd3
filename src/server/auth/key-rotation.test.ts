import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_ROUTES } from "@shared/auth";
import { buildApp } from "../app";
import { issuedSession, signInThroughDevProvider, withRefreshCookie } from "../../testing/auth-test-driver";
import { createTestApp, type TestApp } from "../../testing/test-app";

/**
 * Issue 37 item 3: a restart with a new JWT_SECRET ends every session of the old one. Each instance below is the
 * same server on the same database, started with one key or the other.
 */
const OTHER_SECRET = "a-rotated-secret-of-at-least-thirty-two-characters";
let t: TestApp;
const started: FastifyInstance[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const app of started) await app.close();
  await t.close();
});

/** The server restarted on the same database, with `jwtSecret`. */
async function restartWith(jwtSecret: string): Promise<FastifyInstance> {
  const app = await buildApp({ ...t.config, jwtSecret }, { db: t.db, logger: false });
  await app.ready();
  started.push(app);
  return app;
}

const reasonsOf = async (userId: string) =>
  (
    await t.db.query<{ r: string | null }>(
      "SELECT revoked_reason AS r FROM auth.sessions WHERE user_id = $1 ORDER BY created_at",
      [userId],
    )
  ).map((row) => row.r);

describe("rotating JWT_SECRET", () => {
  it("ends every session at the restart: old refresh tokens no longer refresh, old access tokens no longer read", async () => {
    const ann = await signInThroughDevProvider(t.app, "ann@acme.com");
    const eve = await signInThroughDevProvider(t.app, "eve@notacme.com");
    const rotated = await restartWith(OTHER_SECRET);

    // The database says so at once, for every user, before anyone presents a token.
    expect(await reasonsOf(ann.user.id)).toEqual(["key_rotated"]);
    expect(await reasonsOf(eve.user.id)).toEqual(["key_rotated"]);
    const refused = await rotated.inject(withRefreshCookie(rotated, ann.refresh_token));
    expect(refused.statusCode).toBe(401);
    const me = await rotated.inject({
      url: AUTH_ROUTES.user,
      headers: { authorization: `Bearer ${ann.access_token}` },
    });
    expect(me.statusCode).toBe(401);

    // Signing in under the new key works, refresh included. (Another person: the development provider derives its
    // account subjects from the key, so ann would be a different Google account to it.)
    const amy = await signInThroughDevProvider(rotated, "amy@acme.com");
    const refreshed = await rotated.inject(withRefreshCookie(rotated, amy.refresh_token));
    expect(issuedSession(refreshed).user.email).toBe("amy@acme.com");
  });

  it("refuses at refresh a session of the old key that the start-up sweep did not meet (an instance still on it)", async () => {
    const rotated = await restartWith(OTHER_SECRET);
    // An instance not yet restarted goes on creating sessions under the old key.
    const bo = await signInThroughDevProvider(t.app, "bo@acme.com");
    const res = await rotated.inject(withRefreshCookie(rotated, bo.refresh_token));
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("key_rotated");
    expect(await reasonsOf(bo.user.id)).toEqual(["key_rotated"]);
  });

  it("keeps every session when the key is the same; sessions from before keys were recorded end once", async () => {
    const cy = await signInThroughDevProvider(t.app, "cy@acme.com");
    const dee = await signInThroughDevProvider(t.app, "dee@acme.com");
    await t.db.query("UPDATE auth.sessions SET key_id = NULL WHERE user_id = $1", [dee.user.id]);
    const same = await restartWith(t.config.jwtSecret);
    expect(await reasonsOf(cy.user.id)).toEqual([null]);
    expect((await same.inject(withRefreshCookie(same, cy.refresh_token))).statusCode).toBe(200);
    expect(await reasonsOf(dee.user.id)).toEqual(["key_rotated"]);
    expect((await same.inject(withRefreshCookie(same, dee.refresh_token))).statusCode).toBe(401);
  });
});
