import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { Writable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { REALTIME_CLOSE } from "@shared/realtime";
import { signInThroughDevProvider } from "../../testing/auth-test-driver";
import { ManualTimers } from "../../testing/manual-timers";
import { HandshakeRefused, listenForSockets, TestSocket } from "../../testing/realtime-test-client";
import { createTestApp, type TestApp } from "../../testing/test-app";
import type { RealtimeMetrics } from "./hub";
import { DEFAULT_REALTIME_SETTINGS } from "./settings";

/**
 * Issue #20, finding 4: one client held 2,000 unauthenticated sockets by reopening each as the auth timer closed
 * it. Unauthenticated sockets are now counted at the handshake, per client address and per instance, and the one
 * over a limit is answered 429 before any WebSocket exists.
 */

const ADDRESS_MESSAGE =
  "Too many sockets from your address are waiting to authenticate. Try again in 5 seconds.";
const INSTANCE_MESSAGE = "Too many sockets are waiting to authenticate. Try again in 5 seconds.";

function metricsOf(t: TestApp): RealtimeMetrics {
  return t.app.healthDetails.get("realtime")!() as RealtimeMetrics;
}

/**
 * Waits for the server's side of something the client has already seen (a close the client hears first, a
 * connection ending). It yields to the event loop until the condition holds, reading no clock: the sockets' I/O is
 * what it waits for, and a condition that never holds fails after a bounded number of turns.
 */
async function settled(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let turn = 0; turn < 50_000; turn++) {
    if (await condition()) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  expect(await condition()).toBe(true);
}

/** The refusal a handshake got, or a failure if it was accepted. */
async function refusal(opening: Promise<TestSocket>): Promise<HandshakeRefused> {
  const outcome = await opening.then(
    (socket) => {
      socket.close();
      return new Error("the handshake was accepted");
    },
    (err: unknown) => err,
  );
  if (!(outcome instanceof HandshakeRefused)) throw outcome;
  return outcome;
}

function expectTooMany(refused: HandshakeRefused, message: string): void {
  expect(refused.statusCode).toBe(429);
  expect(refused.headers["retry-after"]).toBe("5");
  expect(JSON.parse(refused.body)).toEqual({ error: { code: "rate_limited", message } });
}

describe("unauthenticated sockets per address and per instance", () => {
  const timers = new ManualTimers();
  let t: TestApp;
  let url: string;
  let origin: string;
  let alice: { id: string; token: string };
  const sockets: TestSocket[] = [];

  async function open(localAddress = "127.0.0.1"): Promise<TestSocket> {
    const socket = await TestSocket.open(url, origin, { localAddress });
    sockets.push(socket);
    return socket;
  }

  async function openMany(n: number, localAddress = "127.0.0.1"): Promise<TestSocket[]> {
    const opened: TestSocket[] = [];
    for (let i = 0; i < n; i++) opened.push(await open(localAddress));
    return opened;
  }

  async function authenticate(socket: TestSocket): Promise<void> {
    socket.send({ type: "auth", token: alice.token });
    await socket.next("ready");
  }

  beforeAll(async () => {
    t = await createTestApp({
      // The address limit at its default; the instance's lowered so that two addresses reach it.
      realtime: { timers, maxPreAuth: 25 },
    });
    url = await listenForSockets(t.app);
    origin = new URL(t.config.publicUrl).origin;
    const session = await signInThroughDevProvider(t.app, "alice@acme.com");
    alice = { id: session.user.id, token: session.access_token };
  });

  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await settled(() => metricsOf(t).sockets === 0);
    // Everything closed, whichever way: not one place is left taken, and none was freed twice.
    expect(metricsOf(t).preAuth).toBe(0);
  });

  afterAll(async () => {
    await t.close();
  });

  it("accepts 20 from one address and refuses the 21st with 429, Pulse's error body and retry-after", async () => {
    expect(DEFAULT_REALTIME_SETTINGS.maxPreAuthPerAddress).toBe(20);
    const waiting = await openMany(20);
    expect(metricsOf(t)).toMatchObject({ sockets: 20, preAuth: 20 });

    expectTooMany(await refusal(TestSocket.open(url, origin)), ADDRESS_MESSAGE);
    // The refusal costs the sockets already open nothing.
    await authenticate(waiting[0]!);

    const health = await t.app.inject({ url: "/healthz" });
    expect(health.json<{ realtime: RealtimeMetrics }>().realtime).toMatchObject({ sockets: 20, preAuth: 19 });
  });

  it("takes one more once a socket authenticates, or is closed by either side", async () => {
    const waiting = await openMany(20);
    await authenticate(waiting[0]!);
    const afterAuth = await open();
    expectTooMany(await refusal(TestSocket.open(url, origin)), ADDRESS_MESSAGE);

    // Closed by the server (a frame outside the protocol): its place is free before the client hears the close.
    waiting[1]!.send("{not json");
    expect(await waiting[1]!.closed).toMatchObject({ code: REALTIME_CLOSE.badMessage });
    await open();
    expectTooMany(await refusal(TestSocket.open(url, origin)), ADDRESS_MESSAGE);

    // Closed by the client: the place is free once the server has heard it.
    waiting[2]!.close();
    await settled(() => metricsOf(t).preAuth === 19);
    await open();
    expectTooMany(await refusal(TestSocket.open(url, origin)), ADDRESS_MESSAGE);

    // An authenticated socket closing frees no place it no longer held.
    await authenticate(afterAuth);
    waiting[0]!.close();
    afterAuth.close();
    await settled(() => metricsOf(t).sockets === 19);
    expect(metricsOf(t).preAuth).toBe(19);
  });

  it("frees the places of the sockets the auth timer closes, so the next 20 are accepted", async () => {
    const silent = await openMany(20);
    timers.advance(DEFAULT_REALTIME_SETTINGS.authTimeoutMs);
    for (const socket of silent) {
      expect(await socket.closed).toMatchObject({ code: REALTIME_CLOSE.unauthorized });
    }
    expect(metricsOf(t).preAuth).toBe(0);
    await openMany(20);
    expectTooMany(await refusal(TestSocket.open(url, origin)), ADDRESS_MESSAGE);
  });

  it("refuses a second address once the instance's total is reached", async () => {
    const first = await openMany(20, "127.0.0.1");
    await openMany(5, "127.0.0.2");
    expect(metricsOf(t).preAuth).toBe(25);

    expectTooMany(
      await refusal(TestSocket.open(url, origin, { localAddress: "127.0.0.2" })),
      INSTANCE_MESSAGE,
    );
    expectTooMany(
      await refusal(TestSocket.open(url, origin, { localAddress: "127.0.0.3" })),
      INSTANCE_MESSAGE,
    );

    await authenticate(first[0]!);
    await open("127.0.0.3");
    expect(metricsOf(t)).toMatchObject({ sockets: 26, preAuth: 25 });
  });

  it("frees the place of a handshake that never becomes a socket (ws refuses it, or the client leaves)", async () => {
    const { port } = new URL(url);
    // More handshakes than the address may hold, one after another: each place must be freed for the next.
    for (let i = 0; i < 25; i++) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest({
          host: "127.0.0.1",
          port,
          path: "/realtime",
          agent: false,
          headers: {
            origin,
            connection: "Upgrade",
            upgrade: "websocket",
            "sec-websocket-version": "13",
            // Not 16 bytes of base64: ws answers 400 after Pulse's hooks took the place, and never upgrades.
            "sec-websocket-key": "not a key",
          },
        });
        req.on("response", (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on("error", reject);
        req.end();
      });
      expect(status).toBe(400);
      await settled(() => metricsOf(t).preAuth === 0);
    }

    // Clients that send the handshake and leave at once, wherever the server is in it when they go.
    for (let i = 0; i < 25; i++) {
      await new Promise<void>((resolve) => {
        const raw = connect({ host: "127.0.0.1", port: Number(port) }, () => {
          raw.write(
            [
              "GET /realtime HTTP/1.1",
              `Host: 127.0.0.1:${port}`,
              `Origin: ${origin}`,
              "Connection: Upgrade",
              "Upgrade: websocket",
              "Sec-WebSocket-Version: 13",
              "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
              "",
              "",
            ].join("\r\n"),
          );
          raw.destroy();
        });
        raw.on("close", () => resolve());
      });
    }
    await settled(() => metricsOf(t).preAuth === 0 && metricsOf(t).sockets === 0);

    await openMany(20);
    expectTooMany(await refusal(TestSocket.open(url, origin)), ADDRESS_MESSAGE);
  });
});

describe("behind a trusted proxy, the connection cap, and shutdown", () => {
  const timers = new ManualTimers();
  let t: TestApp;
  let url: string;
  let origin: string;
  let logged = "";
  let closed = false;
  const sockets: TestSocket[] = [];

  async function openFrom(forwardedFor: string): Promise<TestSocket> {
    const socket = await TestSocket.open(url, origin, { headers: { "x-forwarded-for": forwardedFor } });
    sockets.push(socket);
    return socket;
  }

  const connections = () =>
    new Promise<number>((resolve, reject) =>
      t.app.server.getConnections((err, count) => (err ? reject(err) : resolve(count))),
    );

  beforeAll(async () => {
    t = await createTestApp({
      // The test is the proxy: the client address is X-Forwarded-For's (request.ip), as in a deployment.
      env: { TRUST_PROXY: "127.0.0.1" },
      logger: {
        level: "warn",
        stream: new Writable({
          write(chunk: Buffer, _encoding, done) {
            logged += chunk.toString();
            done();
          },
        }),
      },
      realtime: { timers, maxPreAuthPerAddress: 2, maxConnections: 4 },
    });
    url = await listenForSockets(t.app);
    origin = new URL(t.config.publicUrl).origin;
  });

  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    if (!closed) await settled(async () => (await connections()) === 0);
  });

  afterAll(async () => {
    if (!closed) await t.close();
  });

  it("counts an IPv6 /64 as one address, as the rate limiter does", async () => {
    await openFrom("2001:db8:1:2::a");
    await openFrom("2001:db8:1:2:ffff::b");
    expectTooMany(
      await refusal(TestSocket.open(url, origin, { headers: { "x-forwarded-for": "2001:db8:1:2:9999::c" } })),
      ADDRESS_MESSAGE,
    );
    // The refused connection is closed by the server; it must be gone before a fourth fits under the cap of 4.
    await settled(async () => (await connections()) === 2);
    await openFrom("2001:db8:1:3::1");
    expect(metricsOf(t).preAuth).toBe(3);
  });

  it("sets the server's connection cap: beyond it a new connection is closed unanswered, and a warning logged", async () => {
    expect(DEFAULT_REALTIME_SETTINGS.maxConnections).toBe(10_000);
    expect(t.app.server.maxConnections).toBe(4);
    for (const client of ["198.51.100.1", "198.51.100.2", "198.51.100.3", "198.51.100.4"]) {
      await openFrom(client);
    }
    const dropped = await TestSocket.open(url, origin, {
      headers: { "x-forwarded-for": "198.51.100.5" },
    }).then(
      () => "accepted",
      (err: unknown) => err,
    );
    expect(dropped).toBeInstanceOf(Error);
    expect(dropped).not.toBeInstanceOf(HandshakeRefused);
    expect(logged).toContain("the server is at its connection cap");
    expect(metricsOf(t)).toMatchObject({ sockets: 4, preAuth: 4 });
  });

  // Last: it closes the app.
  it("frees every place when the server shuts down", async () => {
    await openFrom("192.0.2.1");
    await openFrom("192.0.2.1");
    await openFrom("192.0.2.2");
    expect(metricsOf(t).preAuth).toBe(3);
    closed = true;
    await t.close();
    expect(metricsOf(t)).toMatchObject({ sockets: 0, preAuth: 0 });
  });
});
