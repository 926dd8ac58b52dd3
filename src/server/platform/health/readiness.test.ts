import type { FastifyInstance, InjectOptions } from "fastify";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../testing/test-database";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import type { Database } from "../../db/client";
import { migrationFiles } from "../../db/migrate";
import { drainAndClose } from "./shutdown";

const METRICS_TOKEN = "operator-token-0123456789";
const REMOTE = "203.0.113.9";

/** The LISTEN callbacks each feature gave the database, by channel: the test plays the connection's loss. */
const listens = new Map<string, { onDisconnect?: () => void; onReconnect?: () => void }>();
let opened: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Database;
let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  opened = await openTestDatabase();
  const real = opened.db;
  db = {
    ...real,
    listen: (channel, onPayload, options = {}) => {
      listens.set(channel, options);
      return real.listen(channel, onPayload, options);
    },
  };
  dataDir = mkdtempSync(path.join(tmpdir(), "pulse-readiness-"));
  const config = {
    ...loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      COMPANY_DOMAIN: "acme.com",
      LOG_LEVEL: "silent",
      METRICS_TOKEN,
      TRUST_PROXY: "1",
    }),
    webDir: undefined,
  };
  app = await buildApp(config, { db, logger: false });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await opened?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const readyz = (options: Omit<InjectOptions, "method" | "url"> = {}) =>
  app.inject({ method: "GET", url: "/readyz", remoteAddress: REMOTE, ...options });
const operator = { remoteAddress: "127.0.0.1" };

const ALL_OK = { shutdown: "ok", database: "ok", migrations: "ok", sessions: "ok", realtime: "ok" };

describe("GET /readyz", () => {
  // First: the positive answer about migrations is kept for the app's life, so this must see the table before it.
  it("answers 503 migrations_pending while a committed migration is missing from the table, and keeps a positive answer", async () => {
    const last = migrationFiles().at(-1)!;
    await db.query("DELETE FROM public.pulse_migrations WHERE name = $1", [last]);

    const refused = await readyz();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      error: {
        code: "migrations_pending",
        message: "The database has not been migrated to this version of Pulse.",
      },
    });
    const detailed = await readyz(operator);
    expect(detailed.json()).toMatchObject({
      error: { code: "migrations_pending" },
      checks: { database: "ok", migrations: "failed" },
      pendingMigrations: [last],
    });

    await db.query("INSERT INTO public.pulse_migrations (name) VALUES ($1)", [last]);
    expect((await readyz()).statusCode).toBe(200);
    // Migrations never un-apply: once all were there, the table is not read again.
    await db.query("DELETE FROM public.pulse_migrations WHERE name = $1", [last]);
    try {
      expect((await readyz()).statusCode).toBe(200);
    } finally {
      await db.query("INSERT INTO public.pulse_migrations (name) VALUES ($1)", [last]);
    }
  });

  it("answers 200 when ready: the status to the public, every check to the operator", async () => {
    const res = await readyz();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ready" });
    expect(res.headers["cache-control"]).toBe("no-store");

    expect((await readyz(operator)).json()).toEqual({ status: "ready", checks: ALL_OK });
    const withToken = await readyz({ headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(withToken.json()).toEqual({ status: "ready", checks: ALL_OK });
    // The /healthz rule: a loopback peer a proxy speaks for is the public.
    const proxied = await readyz({ ...operator, headers: { "x-forwarded-for": "127.0.0.1" } });
    expect(proxied.json()).toEqual({ status: "ready" });
  });

  it("answers 503 database_unavailable while the database does not answer, the same to everyone", async () => {
    const ping = db.ping;
    db.ping = () =>
      Promise.reject(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }));
    try {
      const res = await readyz();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: { code: "database_unavailable", message: "The database is unreachable." },
      });
      const detailed = await readyz(operator);
      expect(detailed.statusCode).toBe(503);
      expect(detailed.json()).toEqual({
        error: { code: "database_unavailable", message: "The database is unreachable." },
        checks: { ...ALL_OK, database: "failed", migrations: "skipped" },
      });
    } finally {
      db.ping = ping;
    }
    expect((await readyz()).statusCode).toBe(200);
  });

  it.each([
    ["pulse_changes", "realtime", "realtime_unavailable", "This instance is not hearing realtime changes."],
    [
      "pulse_auth_changes",
      "sessions",
      "session_changes_unavailable",
      "This instance is not hearing session changes.",
    ],
  ])(
    "answers 503 while the LISTEN on %s is down, and 200 once it is back",
    async (channel, check, code, message) => {
      const events = listens.get(channel)!;
      expect(events.onDisconnect).toBeTypeOf("function");
      events.onDisconnect!();
      try {
        const res = await readyz();
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ error: { code, message } });
        expect((await readyz(operator)).json()).toMatchObject({ checks: { ...ALL_OK, [check]: "failed" } });
        // Down is not dead: the liveness answer stays 200.
        expect((await app.inject({ url: "/healthz", remoteAddress: REMOTE })).statusCode).toBe(200);
      } finally {
        events.onReconnect!();
      }
      expect((await readyz()).statusCode).toBe(200);
    },
  );

  // Last: draining never ends, and the app closes.
  it("answers 503 draining from the moment shutdown starts, serving on through the drain window, then closes", async () => {
    let endDrain!: () => void;
    const waited: number[] = [];
    const closing = drainAndClose(app, {
      drainMs: 5_000,
      closeDeadlineMs: 10_000,
      wait: (ms) => {
        waited.push(ms);
        return new Promise((resolve) => (endDrain = resolve));
      },
    });

    const res = await readyz();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: "draining", message: "This instance is shutting down." } });
    expect((await readyz(operator)).json()).toMatchObject({
      error: { code: "draining" },
      checks: { shutdown: "failed" },
    });
    // Still serving everything else while the balancer takes the instance out.
    expect((await app.inject({ url: "/healthz", remoteAddress: REMOTE })).statusCode).toBe(200);
    expect((await app.inject({ url: "/api/config", remoteAddress: REMOTE })).statusCode).toBe(200);
    expect(waited).toEqual([5_000]);

    endDrain();
    await closing;
    await expect(app.inject({ url: "/healthz", remoteAddress: REMOTE })).rejects.toThrow(/closed/);
  });
});
