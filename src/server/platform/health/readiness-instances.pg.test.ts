import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONNECTORS_ROUTES, connectorPath, type ConnectorsList } from "@shared/connectors";
import { REALTIME_CLOSE, REALTIME_PATH } from "@shared/realtime";
import { signInThroughDevProvider } from "../../../testing/auth-test-driver";
import { TestSocket } from "../../../testing/realtime-test-client";
import { startTwoInstances, type TwoInstances } from "../../../testing/two-instances";
import { drainAndClose } from "./shutdown";

let instances: TwoInstances;
let httpA: string;
let httpB: string;
let origin: string;
let alice: { id: string; token: string };

beforeAll(async () => {
  instances = await startTwoInstances("readiness");
  ({ httpA, httpB } = await instances.listen());
  origin = new URL(instances.config.publicUrl).origin;
  const session = await signInThroughDevProvider(instances.appA, "alice@acme.com");
  alice = { id: session.user.id, token: session.access_token };
});

afterAll(async () => {
  await instances?.close();
});

/** Over real HTTP from loopback (so with the checks), as a balancer on the machine would ask. */
async function readyz(base: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${base}/readyz`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const codeOf = (body: Record<string, unknown>) => (body.error as { code?: string } | undefined)?.code;

const api = (base: string, method: string, path: string, body?: unknown) =>
  fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${alice.token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const socketUrl = (base: string) => `${base.replace(/^http/, "ws")}${REALTIME_PATH}`;

describe("readiness of instances on one PostgreSQL", () => {
  it("answers 503 database_unavailable on the instance that lost the database, and 200 again once it is back", async () => {
    expect((await readyz(httpB)).status).toBe(200);
    await instances.proxy.cut();
    try {
      const lost = await readyz(httpB);
      expect(lost.status).toBe(503);
      expect(lost.body).toMatchObject({
        error: { code: "database_unavailable", message: "The database is unreachable." },
        checks: { database: "failed" },
      });
      // Liveness is another question (the process alone, issue 37 item 10), and the other instance is fine.
      expect((await fetch(`${httpB}/healthz`)).status).toBe(200);
      expect((await readyz(httpA)).status).toBe(200);
    } finally {
      await instances.proxy.restore();
    }
    await expect.poll(async () => (await readyz(httpB)).status, { timeout: 15_000 }).toBe(200);
  });

  it("answers 503 while its LISTEN connections are gone though the database answers, and 200 once they are back", async () => {
    // What a failover or an idle-connection reaper does to the dedicated LISTEN connections: the pool is untouched.
    const ended = await instances.dbA.query<{ pid: number }>(
      `SELECT pg_terminate_backend(pid) AS pid FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'LISTEN %'`,
    );
    expect(ended.length).toBeGreaterThanOrEqual(2);
    await expect
      .poll(async () => codeOf((await readyz(httpA)).body), { timeout: 5_000, interval: 20 })
      .toMatch(/^(realtime_unavailable|session_changes_unavailable)$/);
    // The listeners come back by themselves (a second later), and with them readiness.
    await expect.poll(async () => (await readyz(httpA)).status, { timeout: 15_000 }).toBe(200);
    expect((await readyz(httpA)).body).toMatchObject({
      checks: { database: "ok", realtime: "ok", sessions: "ok" },
    });
  });

  // Last: instance A shuts down.
  it("a rolling restart: A drains (503, still serving), closes its socket with 1012; the client rejoins on B and misses nothing", async () => {
    const socket = await TestSocket.open(socketUrl(httpA), origin);
    await socket.authAndJoin(alice.token, [{ type: "join", channel: "connectors", user_id: alice.id }]);
    const slack = connectorPath(CONNECTORS_ROUTES.set, "slack");

    let endDrain!: () => void;
    const closing = drainAndClose(instances.appA, {
      drainMs: 5_000,
      closeDeadlineMs: 10_000,
      wait: () => new Promise((resolve) => (endDrain = resolve)),
    });

    // Draining: not ready at once, yet A answers everything, realtime included, while the balancer moves on.
    const draining = await readyz(httpA);
    expect(draining.status).toBe(503);
    expect(codeOf(draining.body)).toBe("draining");
    expect((await readyz(httpB)).status).toBe(200);
    expect((await fetch(`${httpA}/healthz`)).status).toBe(200);
    expect((await api(httpA, "PUT", slack, { is_active: true })).status).toBe(200);
    const during = await socket.next("change", (m) => m.row?.type === "slack");
    expect(during.row).toMatchObject({ is_active: true });

    endDrain();
    const closed = await socket.closed;
    expect(closed.code).toBe(REALTIME_CLOSE.serviceRestart);
    // Committed while the client is between instances: no socket hears it.
    expect((await api(httpB, "PUT", slack, { is_active: false })).status).toBe(200);
    await closing;
    await expect(fetch(`${httpA}/healthz`)).rejects.toThrow();

    // The web client reconnects (the balancer sends it to B), gets a fresh `joined`, and refetches.
    const again = await TestSocket.open(socketUrl(httpB), origin);
    try {
      await again.authAndJoin(alice.token, [{ type: "join", channel: "connectors", user_id: alice.id }]);
      expect(again.received.filter((m) => m.type === "joined")).toEqual([
        { type: "joined", channel: "connectors" },
      ]);
      const refetch = await api(httpB, "GET", CONNECTORS_ROUTES.list);
      expect(refetch.status).toBe(200);
      const list = (await refetch.json()) as ConnectorsList;
      expect(list.connectors.find((c) => c.type === "slack")).toEqual({ type: "slack", is_active: false });

      // And B goes on delivering this client's changes. (B may hear the NOTIFY of the commit made between instances
      // only after the join: the client then gets that change too, read fresh, before this one.)
      expect((await api(httpB, "PUT", slack, { is_active: true })).status).toBe(200);
      const next = await again.next("change", (m) => m.row?.is_active === true);
      expect(next).toMatchObject({ channel: "connectors", row: { type: "slack", is_active: true } });
    } finally {
      again.close();
      await again.closed;
    }
  });
});
