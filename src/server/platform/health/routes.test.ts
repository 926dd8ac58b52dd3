import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../testing/test-app";

const METRICS_TOKEN = "operator-token-0123456789";
const REMOTE = "203.0.113.9";

let t: TestApp;
beforeAll(async () => {
  // A proxy is trusted, so X-Forwarded-For decides request.ip: the details must not follow it.
  t = await createTestApp({ env: { METRICS_TOKEN, TRUST_PROXY: "1" } });
});
afterAll(async () => {
  await t.close();
});

const health = (options: Omit<InjectOptions, "method" | "url"> = {}) =>
  t.app.inject({ method: "GET", url: "/healthz", ...options });

describe("GET /healthz (issue 20 finding 11)", () => {
  it("tells a remote caller the status only", async () => {
    const res = await health({ remoteAddress: REMOTE });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it.each(["127.0.0.1", "::1", "::ffff:127.0.0.1"])(
    "gives a caller on this machine (%s) the database kind and the realtime counts",
    async (remoteAddress) => {
      const res = await health({ remoteAddress });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: "ok",
        database: t.db.kind,
        realtime: { sockets: 0, users: 0, channels: 0 },
      });
    },
  );

  it("tells a loopback peer that a proxy speaks for the status only", async () => {
    for (const headers of [
      { "x-forwarded-for": "198.51.100.4" },
      { "x-forwarded-for": "127.0.0.1" },
      { forwarded: "for=198.51.100.4" },
      { "x-real-ip": "198.51.100.4" },
    ]) {
      const res = await health({ remoteAddress: "127.0.0.1", headers });
      expect(res.json(), JSON.stringify(headers)).toEqual({ status: "ok" });
    }
  });

  it("does not take X-Forwarded-For's word for loopback from a remote peer", async () => {
    const res = await health({ remoteAddress: REMOTE, headers: { "x-forwarded-for": "127.0.0.1" } });
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("gives the details to anyone with METRICS_TOKEN, and the status only with another token", async () => {
    const right = await health({
      remoteAddress: REMOTE,
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(right.json()).toMatchObject({ status: "ok", database: t.db.kind, realtime: { sockets: 0 } });

    for (const authorization of [
      `Bearer ${METRICS_TOKEN}x`,
      `Bearer ${METRICS_TOKEN.slice(0, -1)}`,
      `Basic ${METRICS_TOKEN}`,
      METRICS_TOKEN,
      "Bearer ",
    ]) {
      const res = await health({ remoteAddress: REMOTE, headers: { authorization } });
      expect(res.json(), authorization).toEqual({ status: "ok" });
    }
  });

  it("without a METRICS_TOKEN configured, no bearer token reads the details", async () => {
    const plain = await createTestApp();
    try {
      for (const authorization of ["Bearer undefined", "Bearer ", `Bearer ${METRICS_TOKEN}`]) {
        const res = await plain.app.inject({
          url: "/healthz",
          remoteAddress: REMOTE,
          headers: { authorization },
        });
        expect(res.json(), authorization).toEqual({ status: "ok" });
      }
    } finally {
      await plain.close();
    }
  });

  it("stays 200 while the database does not answer, without asking it: liveness is the process alone (issue 37 item 10)", async () => {
    const ping = t.db.ping;
    let pinged = 0;
    t.db.ping = () => {
      pinged++;
      return Promise.reject(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }));
    };
    try {
      for (const remoteAddress of [REMOTE, "127.0.0.1"]) {
        const res = await health({ remoteAddress });
        expect(res.statusCode, remoteAddress).toBe(200);
        expect(res.json().status).toBe("ok");
      }
      // Readiness is where the outage shows.
      const ready = await t.app.inject({ url: "/readyz", remoteAddress: REMOTE });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().error.code).toBe("database_unavailable");
      expect(pinged).toBe(1);
    } finally {
      t.db.ping = ping;
    }
  });
});
