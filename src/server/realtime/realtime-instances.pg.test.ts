import type { FastifyInstance } from "fastify";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInThroughDevProvider } from "../../testing/auth-test-driver";
import { listenForSockets, TestSocket } from "../../testing/realtime-test-client";
import { TcpProxy } from "../../testing/tcp-proxy";
import { createScratchPostgresDatabase, type ScratchPostgresDatabase } from "../../testing/test-database";
import { buildApp } from "../app";
import { loadConfig, type Config } from "../config";
import { openDatabase, type Database } from "../db/client";

const serverUrl = new URL(process.env.TEST_DATABASE_URL!);
const proxy = new TcpProxy(serverUrl.hostname, Number(serverUrl.port || 5432));
const dataDir = mkdtempSync(path.join(tmpdir(), "pulse-realtime-"));
let scratch: ScratchPostgresDatabase;
let config: Config;
let dbA: Database;
let dbB: Database;
let appA: FastifyInstance;
let appB: FastifyInstance;
let urlB: string;
let alice: { id: string; token: string };
let origin: string;

beforeAll(async () => {
  scratch = await createScratchPostgresDatabase(serverUrl.toString(), "pulse_realtime");
  await proxy.start();
  // Instance B reaches the same database through a proxy the test can cut.
  const throughProxy = new URL(scratch.databaseUrl);
  throughProxy.port = String(proxy.port);
  dbA = await openDatabase({ databaseUrl: scratch.databaseUrl });
  dbB = await openDatabase({ databaseUrl: throughProxy.toString(), onError: () => undefined });
  // One DATA_DIR, so both instances share the generated JWT secret, as instances of one deployment share theirs.
  config = {
    ...loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, COMPANY_DOMAIN: "acme.com", LOG_LEVEL: "silent" }),
    webDir: undefined,
  };
  appA = await buildApp(config, { db: dbA, logger: false });
  appB = await buildApp(config, { db: dbB, logger: false });
  await appA.ready();
  urlB = await listenForSockets(appB);
  origin = new URL(config.publicUrl).origin;
  const session = await signInThroughDevProvider(appA, "alice@acme.com");
  alice = { id: session.user.id, token: session.access_token };
});

afterAll(async () => {
  await appA?.close();
  await appB?.close();
  await dbA?.close();
  await dbB?.close();
  await proxy.stop();
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("several instances on one PostgreSQL", () => {
  it("delivers a change written through one instance to a client of another", async () => {
    const socket = await TestSocket.open(urlB, origin);
    await socket.authAndJoin(alice.token, [{ type: "join", channel: "connectors", user_id: alice.id }]);
    await dbA.query("INSERT INTO pulse.connectors (user_id, type, is_active) VALUES ($1, 'asana', true)", [
      alice.id,
    ]);
    const change = await socket.next("change");
    expect(change).toMatchObject({
      channel: "connectors",
      operation: "INSERT",
      seq: 1,
      row: { user_id: alice.id, type: "asana", is_active: true },
    });
    socket.close();
    await socket.closed;
  });

  it("re-establishes the LISTEN after losing the database and tells joined clients to refetch", async () => {
    const socket = await TestSocket.open(urlB, origin);
    await socket.authAndJoin(alice.token, [{ type: "join", channel: "connectors", user_id: alice.id }]);
    const before = socket.received.length;

    await proxy.cut();
    // Committed while instance B cannot hear it: the client learns through the resynchronising `joined`.
    await dbA.query("UPDATE pulse.connectors SET is_active = false WHERE user_id = $1", [alice.id]);
    await proxy.restore();
    await socket.next("joined", (m) => m.channel === "connectors", before);

    await dbA.query("INSERT INTO pulse.connectors (user_id, type) VALUES ($1, 'slack')", [alice.id]);
    const change = await socket.next("change", (m) => m.operation === "INSERT", before);
    expect(change).toMatchObject({ seq: 1, row: { type: "slack" } });
    socket.close();
    await socket.closed;
  });
});
