import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openDatabase, type Database } from "./db/client";
import { createDirectSession } from "../testing/direct-session";
import { TcpProxy } from "../testing/tcp-proxy";
import {
  createScratchPostgresDatabase,
  requirePostgresServerUrl,
  type ScratchPostgresDatabase,
} from "../testing/test-database";
import type { FastifyInstance } from "fastify";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const serverUrl = new URL(requirePostgresServerUrl());
const proxy = new TcpProxy(serverUrl.hostname, Number(serverUrl.port || 5432));
let db: Database;
let app: FastifyInstance;
let scratch: ScratchPostgresDatabase;
let config: ReturnType<typeof loadConfig>;

beforeAll(async () => {
  scratch = await createScratchPostgresDatabase(serverUrl.toString(), "pulse_outage");
  await proxy.start();
  // The same database, reached through the proxy the test can cut.
  const url = new URL(scratch.databaseUrl);
  url.port = String(proxy.port);
  db = await openDatabase({ databaseUrl: url.toString(), onError: () => undefined });
  config = {
    ...loadConfig({
      NODE_ENV: "test",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "pulse-outage-")),
      LOG_LEVEL: "silent",
      COMPANY_DOMAIN: "acme.com",
    }),
    webDir: undefined,
  };
  app = await buildApp(config, { db, logger: false });
  app.get("/test/profiles", async () => ({
    count: (await db.query("SELECT count(*) FROM pulse.user_profiles")).length,
  }));
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await db.close();
  await proxy.stop();
  await scratch.drop();
});

describe("losing PostgreSQL while running", () => {
  it("answers 503 with a clear error while the database is away, and recovers without a restart", async () => {
    expect((await app.inject({ url: "/readyz" })).statusCode).toBe(200);
    expect((await app.inject({ url: "/test/profiles" })).statusCode).toBe(200);

    await proxy.cut();
    const ready = await app.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      error: { code: "database_unavailable", message: "The database is unreachable." },
    });
    // Liveness is the process alone (issue 37 item 10): an outage must not get every replica restarted.
    expect((await app.inject({ url: "/healthz" })).statusCode).toBe(200);
    const api = await app.inject({ url: "/test/profiles" });
    expect(api.statusCode).toBe(503);
    expect(api.json().error.code).toBe("database_unavailable");
    expect(api.headers["retry-after"]).toBe("5");

    await proxy.restore();
    await expect
      .poll(async () => (await app.inject({ url: "/readyz" })).statusCode, { timeout: 10_000 })
      .toBe(200);
    expect((await app.inject({ url: "/test/profiles" })).statusCode).toBe(200);
  });
});

describe("writes while PostgreSQL is away", () => {
  it("refuses a PulseMap create with 503 and stores nothing; after recovery the same create succeeds once", async () => {
    const { access_token } = await createDirectSession(db, config, "ann@acme.com");
    const [alias] = await db.query<{ id: string }>(
      "INSERT INTO pulse.project_aliases (raw_name, source_app, external_id) VALUES ('Outage', 'jira', 'O-1') RETURNING id",
    );
    const create = () =>
      app.inject({
        method: "POST",
        url: "/api/projects",
        headers: { authorization: `Bearer ${access_token}` },
        payload: { alias_id: alias!.id },
      });

    await proxy.cut();
    const refused = await create();
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error.code).toBe("database_unavailable");
    await proxy.restore();
    await expect
      .poll(async () => (await app.inject({ url: "/readyz" })).statusCode, { timeout: 10_000 })
      .toBe(200);

    expect(await db.query("SELECT id FROM pulse.projects")).toEqual([]);
    expect((await create()).statusCode).toBe(201);
    expect((await create()).statusCode).toBe(409);
    expect(await db.query("SELECT id FROM pulse.projects")).toHaveLength(1);
  });
});
