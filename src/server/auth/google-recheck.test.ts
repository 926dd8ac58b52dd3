import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REALTIME_CLOSE } from "@shared/realtime";
import { signInThroughDevProvider } from "../../testing/auth-test-driver";
import { ManualTimers } from "../../testing/manual-timers";
import { listenForSockets, TestSocket } from "../../testing/realtime-test-client";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { googleAccountCheck, type AccountStatus } from "./google-account-check";
import { deriveKey, encrypt } from "./crypto";
import type { OidcClient } from "./oidc-client";
import type { Timers } from "../platform/timers";
import { GoogleRecheck } from "./google-recheck";

const MINUTE = 60_000;
/** The real time, for sweeps a test calls itself (their timers are never used). */
const wallClock: Timers = {
  now: () => Date.now(),
  setTimeout: () => undefined,
  clearTimeout: () => undefined,
};
const clock = new ManualTimers();
let t: TestApp;
let url: string;

beforeAll(async () => {
  // One clock for the re-check and the sockets; the default GOOGLE_RECHECK_MINUTES of 15.
  t = await createTestApp({
    timers: clock,
    realtime: { timers: clock, idleTimeoutMs: 24 * 60 * MINUTE, sessionCheckMs: 24 * 60 * MINUTE },
    extend(app) {
      app.get("/api/test/me", async () => ({ ok: true }));
    },
  });
  url = await listenForSockets(t.app);
});
afterAll(async () => {
  await t.close();
});

type SignedIn = Awaited<ReturnType<typeof signInThroughDevProvider>>;

const me = (session: SignedIn) =>
  t.app.inject({ url: "/api/test/me", headers: { authorization: `Bearer ${session.access_token}` } });

/** Moves the clock on by `ms` and waits for the sweeps it started. */
async function advance(ms: number): Promise<void> {
  for (let step = 0; step < ms; step += MINUTE) {
    clock.advance(Math.min(MINUTE, ms - step));
    await t.app.auth.googleRecheck!.settled();
  }
}

async function openSocket(session: SignedIn): Promise<TestSocket> {
  const socket = await TestSocket.open(url, new URL(t.config.publicUrl).origin);
  await socket.authAndJoin(session.access_token, [
    { type: "join", channel: "connectors", user_id: session.user.id },
  ]);
  return socket;
}

describe("a person whose Google access ends loses Pulse within GOOGLE_RECHECK_MINUTES (issue 20 item 3)", () => {
  it("with no refresh at all: the API answers 401 and the open socket closes before 15 minutes have passed", async () => {
    const leaver = await signInThroughDevProvider(t.app, "leaver@acme.com");
    const stayer = await signInThroughDevProvider(t.app, "stayer@acme.com");
    const socket = await openSocket(leaver);
    let closedAt: number | undefined;
    void socket.closed.then(() => (closedAt = clock.now()));

    // A minute after signing in, the person leaves the company: Google removes the account's grant.
    await advance(MINUTE);
    const revokedAt = clock.now();
    await leaver.browser.submitForm("/dev/oidc/revoke", { email: "leaver@acme.com" });
    expect((await me(leaver)).statusCode).toBe(200);

    // Nobody refreshes (the access token is good for an hour); the sweep asks Google on its own.
    await advance(15 * MINUTE);
    const refused = await me(leaver);
    expect(refused.statusCode).toBe(401);
    expect(await socket.closed).toMatchObject({ code: REALTIME_CLOSE.unauthorized });
    expect(closedAt! - revokedAt).toBeLessThanOrEqual(15 * MINUTE);
    const reasons = await t.db.query<{ revoked_reason: string }>(
      "SELECT revoked_reason FROM auth.sessions WHERE user_id = $1",
      [leaver.user.id],
    );
    expect(reasons).toEqual([{ revoked_reason: "google_access_revoked" }]);

    // A colleague Google still grants keeps working.
    expect((await me(stayer)).statusCode).toBe(200);
  });

  it("asks Google about an account once per interval, not at every sweep", async () => {
    // A clock of its own, so the app's own sweep does not answer first.
    const own = new ManualTimers();
    const asked: string[] = [];
    const recheck = new GoogleRecheck(
      t.db,
      async (userId) => {
        asked.push(userId);
        return "active";
      },
      async () => undefined,
      t.app.log,
      { intervalMs: 15 * MINUTE, timers: own, sweepEveryMs: MINUTE },
    );
    const ivy = await signInThroughDevProvider(t.app, "ivy@acme.com");
    await t.db.query("UPDATE auth.sessions SET google_checked_at = $1 WHERE revoked_at IS NULL", [
      new Date(own.now()),
    ]);
    for (let minute = 1; minute <= 30; minute++) {
      own.advance(MINUTE);
      await recheck.sweep();
    }
    // Due after 14 minutes (interval less one sweep), then again 14 minutes later.
    expect(asked.filter((id) => id === ivy.user.id)).toHaveLength(2);
  });
});

describe("accounts nobody can ask Google about (issue 37 item 3)", () => {
  const reasonsOf = async (userId: string) =>
    (
      await t.db.query<{ r: string | null }>(
        "SELECT revoked_reason AS r FROM auth.sessions WHERE user_id = $1",
        [userId],
      )
    ).map((row) => row.r);

  it("a stored Google token that cannot be read ends the sessions at the first sweep, and no sweep meets it again", async () => {
    const kay = await signInThroughDevProvider(t.app, "kay@acme.com");
    const socket = await openSocket(kay);
    await t.db.query("UPDATE auth.identities SET refresh_token_encrypted = $2 WHERE user_id = $1", [
      kay.user.id,
      encrypt(deriveKey("an-earlier-secret-of-at-least-thirty-two-chars", "google-refresh-token"), "1//old"),
    ]);
    await t.db.query("UPDATE auth.sessions SET google_checked_at = '-infinity' WHERE user_id = $1", [
      kay.user.id,
    ]);
    const asked: string[] = [];
    // Google itself is never reached: a token that cannot be read is not worth asking with.
    const oidc = {
      checkGrant: async (token: string) => {
        asked.push(token);
        return { status: "active", refreshToken: undefined };
      },
    } as unknown as OidcClient;
    const tokenKey = deriveKey(t.config.jwtSecret, "google-refresh-token");
    const check = googleAccountCheck(t.db, oidc, tokenKey, t.app.log);
    const recheck = new GoogleRecheck(
      t.db,
      check,
      (userId, reason) => t.app.auth.sessions.endAllForUser(userId, reason),
      t.app.log,
      { intervalMs: 15 * MINUTE, timers: wallClock },
    );
    await recheck.sweep();
    expect(await reasonsOf(kay.user.id)).toEqual(["google_token_unreadable"]);
    expect(await socket.closed).toMatchObject({ code: REALTIME_CLOSE.unauthorized });
    expect((await me(kay)).statusCode).toBe(401);
    await t.db.query("UPDATE auth.sessions SET google_checked_at = '-infinity' WHERE user_id = $1", [
      kay.user.id,
    ]);
    expect(await recheck.sweep()).toMatchObject({ checked: 0 });
    expect(asked).toEqual([]);
  });

  it("a session whose user has no Google token at all ends when its re-check falls due", async () => {
    // Outside the company domain Pulse keeps nothing of Google's: the account cannot be vouched for.
    const lou = await signInThroughDevProvider(t.app, "lou@notacme.com");
    await advance(15 * MINUTE);
    expect(await reasonsOf(lou.user.id)).toEqual(["google_unverifiable"]);
    expect((await me(lou)).statusCode).toBe(401);
  });
});

describe("the sweep on many instances", () => {
  it("asks about each due user exactly once when several instances sweep at the same moment", async () => {
    const users: string[] = [];
    for (let i = 0; i < 12; i++)
      users.push((await signInThroughDevProvider(t.app, `many${i}@acme.com`)).user.id);
    await t.db.query(
      "UPDATE auth.sessions SET google_checked_at = now() - interval '1 day' WHERE revoked_at IS NULL",
    );
    const asked: string[] = [];
    const check = async (userId: string): Promise<AccountStatus> => {
      asked.push(userId);
      return "active";
    };
    const instances = [1, 2, 3].map(
      () =>
        new GoogleRecheck(t.db, check, async () => undefined, t.app.log, {
          intervalMs: 15 * MINUTE,
          timers: wallClock,
          batchSize: 5,
        }),
    );
    await Promise.all(instances.map((instance) => instance.sweep()));
    for (const id of users)
      expect(
        asked.filter((a) => a === id),
        id,
      ).toHaveLength(1);
    expect(new Set(asked).size).toBe(asked.length);
  });

  it("asks again at the next sweep when Google could not answer", async () => {
    const una = await signInThroughDevProvider(t.app, "una@acme.com");
    await t.db.query(
      "UPDATE auth.sessions SET google_checked_at = now() - interval '1 day' WHERE revoked_at IS NULL",
    );
    let answer: AccountStatus = "unavailable";
    const asked: string[] = [];
    const recheck = new GoogleRecheck(
      t.db,
      async (userId) => {
        if (userId === una.user.id) asked.push(userId);
        return userId === una.user.id ? answer : "active";
      },
      async () => undefined,
      t.app.log,
      { intervalMs: 15 * MINUTE, timers: wallClock },
    );
    await recheck.sweep();
    answer = "active";
    await recheck.sweep();
    await recheck.sweep();
    expect(asked).toHaveLength(2);
  });
});
