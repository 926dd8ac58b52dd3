import { Writable } from "node:stream";
import { decodeJwt } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { REALTIME_CLOSE, type RealtimeChannelName } from "@shared/realtime";
import { signInThroughDevProvider, withRefreshCookie } from "../../testing/auth-test-driver";
import { ManualTimers } from "../../testing/manual-timers";
import {
  HandshakeRefused,
  listenForSockets,
  signAccessToken,
  TestSocket,
} from "../../testing/realtime-test-client";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { DEFAULT_REALTIME_SETTINGS } from "./settings";

const timers = new ManualTimers();
/** Longer than any other wait of this file, so only the idle test meets it. */
const IDLE_MS = 3_600_000;
let t: TestApp;
let url: string;
let origin: string;
let logged = "";
const sockets: TestSocket[] = [];
const people: Record<string, { id: string; token: string; refresh: string }> = {};

async function signIn(email: string) {
  const session = await signInThroughDevProvider(t.app, email);
  return { id: session.user.id, token: session.access_token, refresh: session.refresh_token };
}

async function open(withOrigin: string | undefined = origin): Promise<TestSocket> {
  const socket = await TestSocket.open(url, withOrigin);
  sockets.push(socket);
  return socket;
}

async function joined(
  person: { id: string; token: string },
  ...channels: RealtimeChannelName[]
): Promise<TestSocket> {
  const socket = await open();
  await socket.authAndJoin(
    person.token,
    channels.map((channel) => ({ type: "join", channel, user_id: person.id }) as const),
  );
  return socket;
}

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  });
  t = await createTestApp({
    logger: { level: "warn", stream },
    realtime: {
      timers,
      maxSocketsPerUser: 3,
      maxConnectsPerWindow: 12,
      maxMessagesPerWindow: 20,
      idleTimeoutMs: IDLE_MS,
    },
  });
  url = await listenForSockets(t.app);
  origin = new URL(t.config.publicUrl).origin;
  people.alice = await signIn("alice@acme.com");
  people.bob = await signIn("bob@acme.com");
});

afterEach(async () => {
  await Promise.all(
    sockets.splice(0).map((socket) => {
      socket.close();
      return socket.closed;
    }),
  );
});

afterAll(async () => {
  await t.close();
});

describe("changes reach their owner and no one else", () => {
  it("sends the changed row, read fresh, with the operation and a sequence number per channel", async () => {
    const alice = await joined(people.alice!, "connectors");
    const bob = await joined(people.bob!, "connectors");

    await t.db.query("INSERT INTO pulse.connectors (user_id, type, is_active) VALUES ($1, 'slack', true)", [
      people.alice!.id,
    ]);
    const insert = await alice.next("change");
    expect(insert).toMatchObject({ channel: "connectors", operation: "INSERT", seq: 1 });
    expect(insert.row).toMatchObject({ user_id: people.alice!.id, type: "slack", is_active: true });

    await t.db.query("UPDATE pulse.connectors SET is_active = false WHERE user_id = $1", [people.alice!.id]);
    await t.db.query("DELETE FROM pulse.connectors WHERE user_id = $1", [people.alice!.id]);
    const update = await alice.next("change", (m) => m.seq === 2);
    expect(update).toMatchObject({ operation: "UPDATE" });
    const removed = await alice.next("change", (m) => m.seq === 3);
    expect(removed).toMatchObject({ operation: "DELETE", row: null });

    // Bob's own change arrives; by then Alice's three, sent before it, would have too.
    await t.db.query("INSERT INTO pulse.connectors (user_id, type) VALUES ($1, 'jira')", [people.bob!.id]);
    const bobs = await bob.next("change");
    expect(bobs).toMatchObject({ seq: 1, row: { user_id: people.bob!.id, type: "jira" } });
    expect(bob.received.filter((m) => m.type === "change")).toHaveLength(1);
    expect(alice.received.filter((m) => m.type === "change")).toHaveLength(3);
  });

  it("filters sync preferences and identities to provider asana, and sends only joined channels", async () => {
    const alice = await joined(people.alice!, "project_sync_preferences", "user_identities");
    const { id } = people.alice!;
    await t.db.query("INSERT INTO pulse.connectors (user_id, type) VALUES ($1, 'zoom')", [id]);
    await t.db.query(
      "INSERT INTO pulse.project_sync_preferences (user_id, provider, sync_all) VALUES ($1, 'jira', true)",
      [id],
    );
    await t.db.query(
      "INSERT INTO pulse.project_sync_preferences (user_id, provider, sync_all, selected_project_ids) VALUES ($1, 'asana', false, '{1}')",
      [id],
    );
    await t.db.query(
      `INSERT INTO pulse.user_identities (user_id, provider, provider_project_list) VALUES ($1, 'asana', '[{"gid":"1","name":"Launch"}]')`,
      [id],
    );
    const preference = await alice.next("change", (m) => m.channel === "project_sync_preferences");
    expect(preference).toMatchObject({
      seq: 1,
      operation: "INSERT",
      row: { provider: "asana", sync_all: false, selected_project_ids: ["1"] },
    });
    const identity = await alice.next("change", (m) => m.channel === "user_identities");
    expect(identity).toMatchObject({
      seq: 1,
      row: { provider: "asana", provider_project_list: [{ gid: "1", name: "Launch" }] },
    });
    expect(alice.received.filter((m) => m.type === "change")).toHaveLength(2);
  });

  it("stops sending a channel once it is left", async () => {
    const bob = await joined(people.bob!, "user_identities");
    bob.send({ type: "leave", channel: "user_identities" });
    await bob.next("left");
    await t.db.query("INSERT INTO pulse.user_identities (user_id, provider) VALUES ($1, 'asana')", [
      people.bob!.id,
    ]);
    bob.send({ type: "ping", ref: 7 });
    await bob.next("pong", (m) => m.ref === 7);
    // The change is read and fanned out on the same path as the ping; a joined socket of Bob's proves it went by.
    const witness = await joined(people.bob!, "user_identities");
    await t.db.query("UPDATE pulse.user_identities SET provider_project_list = '[]' WHERE user_id = $1", [
      people.bob!.id,
    ]);
    await witness.next("change");
    expect(bob.received.filter((m) => m.type === "change")).toHaveLength(0);
  });

  it("refuses and logs a join for another user's rows", async () => {
    const alice = await joined(people.alice!);
    alice.send({ type: "join", channel: "connectors", user_id: people.bob!.id });
    const refused = await alice.next("error");
    expect(refused).toMatchObject({ channel: "connectors", code: "forbidden" });
    expect(logged).toContain("refused a join for another user's rows");
    expect(logged).toContain(people.bob!.id);

    await t.db.query("INSERT INTO pulse.connectors (user_id, type) VALUES ($1, 'notion')", [people.bob!.id]);
    alice.send({ type: "ping", ref: 1 });
    await alice.next("pong");
    expect(alice.received.filter((m) => m.type === "change" || m.type === "joined")).toEqual([]);
  });
});

describe("authentication", () => {
  it("closes a socket whose first frame is not a valid token", async () => {
    const garbage = await open();
    garbage.send({ type: "auth", token: "not.a.jwt" });
    expect(await garbage.closed).toMatchObject({ code: REALTIME_CLOSE.unauthorized });

    const impatient = await open();
    impatient.send({ type: "join", channel: "connectors" });
    expect(await impatient.closed).toMatchObject({ code: REALTIME_CLOSE.unauthorized });

    const babble = await open();
    babble.send("{not json");
    expect(await babble.closed).toMatchObject({ code: REALTIME_CLOSE.badMessage });
  });

  it("closes a socket that sends no token within the time allowed", async () => {
    const silent = await open();
    timers.advance(DEFAULT_REALTIME_SETTINGS.authTimeoutMs);
    expect(await silent.closed).toMatchObject({ code: REALTIME_CLOSE.unauthorized });
  });

  it("refuses an expired token", async () => {
    const claims = decodeJwt(people.alice!.token);
    const now = Math.floor(Date.now() / 1000);
    const expired = await signAccessToken(
      t.config,
      { userId: claims.sub!, sessionId: String(claims.sid) },
      now - 3600,
      now - 60,
    );
    const socket = await open();
    socket.send({ type: "auth", token: expired });
    expect(await socket.closed).toMatchObject({ code: REALTIME_CLOSE.unauthorized });
  });

  it("closes with 4403 for a user outside the company domain", async () => {
    const eve = await signIn("eve@notacme.com");
    const socket = await open();
    socket.send({ type: "auth", token: eve.token });
    expect(await socket.closed).toMatchObject({ code: REALTIME_CLOSE.forbidden });
  });

  it("closes the sockets of a signed-out session at once, and no one else's", async () => {
    const carol = await signIn("carol@acme.com");
    const socket = await joined(carol, "connectors");
    const other = await joined(people.bob!, "connectors");
    const signOut = await t.app.inject(
      withRefreshCookie(t.app, carol.refresh, {
        url: "/api/auth/signout",
        headers: { authorization: `Bearer ${carol.token}` },
      }),
    );
    expect(signOut.statusCode).toBe(204);
    // No timer advanced: the revocation itself closes the socket (decision 0081's change feed).
    expect(await socket.closed).toMatchObject({ code: REALTIME_CLOSE.unauthorized, reason: "session ended" });
    other.send({ type: "ping", ref: 2 });
    await other.next("pong");
  });

  it("closes the sockets of a session revoked by another process as soon as the change is heard", async () => {
    const dan = await signIn("dan@acme.com");
    const socket = await joined(dan, "connectors");
    await t.db.query(
      "UPDATE auth.sessions SET revoked_at = now(), revoked_reason = 'operator_revoked' WHERE user_id = $1",
      [dan.id],
    );
    expect(await socket.closed).toMatchObject({ code: REALTIME_CLOSE.unauthorized, reason: "session ended" });
  });

  it("closes the sockets of a session that ended unheard at the next periodic check", async () => {
    const fay = await signIn("fay@acme.com");
    const socket = await joined(fay, "connectors");
    // Ended with the change feed's trigger off, as if the NOTIFY had been lost.
    await t.db.exec(`
      ALTER TABLE auth.sessions DISABLE TRIGGER sessions_auth_change;
      UPDATE auth.sessions SET revoked_at = now() WHERE user_id = '${fay.id}';
      ALTER TABLE auth.sessions ENABLE TRIGGER sessions_auth_change;
    `);
    socket.send({ type: "ping", ref: 1 });
    await socket.next("pong");
    timers.advance(DEFAULT_REALTIME_SETTINGS.sessionCheckMs);
    expect(await socket.closed).toMatchObject({ code: REALTIME_CLOSE.unauthorized, reason: "session ended" });
  });

  it("closes when the token expires, unless a fresh one came on the socket", async () => {
    const claims = decodeJwt(people.alice!.token);
    const now = Math.floor(timers.now() / 1000);
    const short = await signAccessToken(
      t.config,
      { userId: claims.sub!, sessionId: String(claims.sid) },
      now,
      now + 60,
    );
    const refreshed = await signAccessToken(
      t.config,
      { userId: claims.sub!, sessionId: String(claims.sid) },
      now,
      now + 600,
    );
    const lapsing = await open();
    await lapsing.authAndJoin(short, [{ type: "join", channel: "connectors" }]);
    const renewed = await open();
    await renewed.authAndJoin(short, [{ type: "join", channel: "connectors" }]);
    renewed.send({ type: "auth", token: refreshed });
    const ready = await renewed.next("ready", (m) => m.expires_at === now + 600);
    expect(ready.user_id).toBe(people.alice!.id);

    timers.advance(61_000);
    expect(await lapsing.closed).toMatchObject({
      code: REALTIME_CLOSE.unauthorized,
      reason: "token expired",
    });
    renewed.send({ type: "ping", ref: 3 });
    await renewed.next("pong", (m) => m.ref === 3);
    // The joins survive the new token.
    await t.db.query("INSERT INTO pulse.connectors (user_id, type) VALUES ($1, 'trello')", [
      people.alice!.id,
    ]);
    expect((await renewed.next("change")).row).toMatchObject({ type: "trello" });

    timers.advance(600_000);
    expect(await renewed.closed).toMatchObject({ code: REALTIME_CLOSE.unauthorized });
  });

  it("refuses a token of another user on an open socket", async () => {
    const socket = await joined(people.alice!, "connectors");
    socket.send({ type: "auth", token: people.bob!.token });
    expect(await socket.closed).toMatchObject({ code: REALTIME_CLOSE.unauthorized });
  });
});

describe("the handshake", () => {
  it("refuses a foreign or missing Origin before the upgrade", async () => {
    for (const foreign of ["https://evil.example", undefined]) {
      const refused = await TestSocket.open(url, foreign).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(HandshakeRefused);
      expect(refused).toMatchObject({ statusCode: 403 });
      expect(JSON.parse((refused as HandshakeRefused).body)).toMatchObject({
        error: { code: "origin_not_allowed" },
      });
    }
    expect(logged).toContain("refused a handshake from a foreign origin");
  });

  it("accepts the development origins outside production", async () => {
    const vite = await open("http://localhost:5173");
    vite.send({ type: "auth", token: people.bob!.token });
    await vite.next("ready");
  });
});

describe("limits and health", () => {
  it("refuses a user's sockets beyond the per-user limit", async () => {
    const dave = await signIn("dave@acme.com");
    for (let i = 0; i < 3; i++) await joined(dave, "connectors");
    const fourth = await open();
    fourth.send({ type: "auth", token: dave.token });
    expect(await fourth.closed).toMatchObject({ code: REALTIME_CLOSE.rateLimited });
  });

  it("refuses a user's sockets beyond the connects allowed per window, and allows them again in the next", async () => {
    const frank = await signIn("frank@acme.com");
    for (let i = 0; i < 12; i++) {
      const socket = await joined(frank);
      socket.close();
      await socket.closed;
    }
    const thirteenth = await open();
    thirteenth.send({ type: "auth", token: frank.token });
    expect(await thirteenth.closed).toMatchObject({
      code: REALTIME_CLOSE.rateLimited,
      reason: "too many sockets",
    });
    timers.advance(DEFAULT_REALTIME_SETTINGS.messageWindowMs);
    await joined(frank);
  });

  it("closes a socket of a user sending more messages than the window allows", async () => {
    const erin = await signIn("erin@acme.com");
    const socket = await joined(erin);
    for (let ref = 0; ref <= 20; ref++) socket.send({ type: "ping", ref });
    expect(await socket.closed).toMatchObject({ code: REALTIME_CLOSE.rateLimited });
  });

  it("answers a plain request from an allowed origin 426 with Pulse's error body (found by hostile-input.test.ts)", async () => {
    const res = await t.app.inject({ url: "/realtime", headers: { origin } });
    expect(res.statusCode).toBe(426);
    expect(res.headers.upgrade).toBe("websocket");
    expect(res.json()).toEqual({
      error: { code: "upgrade_required", message: "Open this address as a WebSocket." },
    });
  });

  it("reports open sockets and joined channels on /healthz", async () => {
    await joined(people.bob!, "connectors", "user_identities");
    const health = await t.app.inject({ url: "/healthz" });
    expect(health.statusCode).toBe(200);
    const { realtime } = health.json<{ realtime: { sockets: number; channels: number; users: number } }>();
    expect(realtime.sockets).toBeGreaterThanOrEqual(1);
    expect(realtime.channels).toBeGreaterThanOrEqual(2);
  });

  // Last: it moves the clock past every token of the file.
  it("closes a socket silent for the idle time (by default two heartbeats and the timeout)", async () => {
    expect(DEFAULT_REALTIME_SETTINGS.idleTimeoutMs).toBe(60_000);
    const claims = decodeJwt(people.bob!.token);
    const now = Math.floor(timers.now() / 1000);
    const lasting = await signAccessToken(
      t.config,
      { userId: claims.sub!, sessionId: String(claims.sid) },
      now,
      now + (3 * IDLE_MS) / 1000,
    );
    const socket = await joined({ id: people.bob!.id, token: lasting }, "connectors");
    timers.advance(IDLE_MS - 1);
    socket.send({ type: "ping", ref: 9 });
    await socket.next("pong", (m) => m.ref === 9);
    timers.advance(IDLE_MS);
    expect(await socket.closed).toMatchObject({ code: 1000, reason: "idle" });
  });
});
