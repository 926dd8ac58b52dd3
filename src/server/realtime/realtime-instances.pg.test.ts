import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInThroughDevProvider } from "../../testing/auth-test-driver";
import { listenForSockets, TestSocket } from "../../testing/realtime-test-client";
import { startTwoInstances, type TwoInstances } from "../../testing/two-instances";

let instances: TwoInstances;
let dbA: TwoInstances["dbA"];
let proxy: TwoInstances["proxy"];
let urlB: string;
let alice: { id: string; token: string };
let origin: string;

beforeAll(async () => {
  instances = await startTwoInstances("realtime");
  ({ dbA, proxy } = instances);
  // Instance B serves the sockets; it reaches the database through the proxy the test can cut.
  urlB = await listenForSockets(instances.appB);
  origin = new URL(instances.config.publicUrl).origin;
  const session = await signInThroughDevProvider(instances.appA, "alice@acme.com");
  alice = { id: session.user.id, token: session.access_token };
});

afterAll(async () => {
  await instances?.close();
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
