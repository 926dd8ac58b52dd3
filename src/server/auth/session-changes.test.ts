import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createDirectSession } from "../../testing/direct-session";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { currentUser } from "../platform/current-user";

/**
 * The guard trusts a session it read a moment ago only until the database says something changed (decision
 * 0081): a change made by any process — another instance, the operator's script, a migration — ends access as
 * soon as this instance hears of it, well within the cache's 10-second bound.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend(app) {
      app.get("/api/test/me", async (request) => ({ email: currentUser(request).email }));
    },
  });
});
afterAll(async () => {
  await t.close();
});

const me = (token: string) =>
  t.app.inject({ url: "/api/test/me", headers: { authorization: `Bearer ${token}` } });
const heardWithin = { timeout: 2_000, interval: 10 };

describe("a session changed by another process", () => {
  it("is refused once revoked, though this instance had just let it through", async () => {
    const kai = await createDirectSession(t.db, t.config, "kai@acme.com");
    expect((await me(kai.access_token)).statusCode).toBe(200);
    expect((await me(kai.access_token)).statusCode).toBe(200);

    await t.db.query(
      "UPDATE auth.sessions SET revoked_at = now(), revoked_reason = 'operator_revoked' WHERE user_id = $1",
      [kai.user.id],
    );
    await vi.waitFor(async () => expect((await me(kai.access_token)).statusCode).toBe(401), heardWithin);
    expect((await me(kai.access_token)).json().error.code).toBe("session_ended");
  });

  it("is refused with 403 once its user's e-mail leaves the company domain, and follows the new e-mail", async () => {
    const lin = await createDirectSession(t.db, t.config, "lin@acme.com");
    const mo = await createDirectSession(t.db, t.config, "mo@acme.com");
    expect((await me(lin.access_token)).json()).toEqual({ email: "lin@acme.com" });
    expect((await me(mo.access_token)).json()).toEqual({ email: "mo@acme.com" });

    await t.db.query("UPDATE auth.users SET email = 'lin@elsewhere.com' WHERE id = $1", [lin.user.id]);
    await t.db.query("UPDATE auth.users SET email = 'mo.new@acme.com' WHERE id = $1", [mo.user.id]);
    await vi.waitFor(async () => expect((await me(lin.access_token)).statusCode).toBe(403), heardWithin);
    await vi.waitFor(
      async () => expect((await me(mo.access_token)).json()).toEqual({ email: "mo.new@acme.com" }),
      heardWithin,
    );
  });
});
