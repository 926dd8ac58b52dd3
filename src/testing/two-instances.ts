import type { FastifyInstance } from "fastify";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../server/app";
import { loadConfig, type Config } from "../server/config";
import { openDatabase, type Database } from "../server/db/client";
import { TcpProxy } from "./tcp-proxy";
import { createScratchPostgresDatabase, requirePostgresServerUrl } from "./test-database";

export interface TwoInstances {
  config: Config;
  dbA: Database;
  dbB: Database;
  appA: FastifyInstance;
  /** Reaches the database through `proxy`, which a test can cut and restore. */
  appB: FastifyInstance;
  proxy: TcpProxy;
  /** Both instances listening on free loopback ports, as behind a load balancer: their base URLs. */
  listen(): Promise<{ httpA: string; httpB: string }>;
  /** Closes what is still open (an instance a test shut down itself stays closed). */
  close(): Promise<void>;
}

async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

/**
 * Two Pulse instances of one deployment on a scratch database of the PostgreSQL server at TEST_DATABASE_URL: the
 * real app twice, sharing the database and the generated secrets, as instances behind a load balancer would.
 */
export async function startTwoInstances(name: string): Promise<TwoInstances> {
  const serverUrl = new URL(requirePostgresServerUrl());
  const proxy = new TcpProxy(serverUrl.hostname, Number(serverUrl.port || 5432));
  const dataDir = mkdtempSync(path.join(tmpdir(), `pulse-${name}-`));
  const scratch = await createScratchPostgresDatabase(serverUrl.toString(), `pulse_${name}`);
  await proxy.start();
  const throughProxy = new URL(scratch.databaseUrl);
  throughProxy.port = String(proxy.port);
  const dbA = await openDatabase({ databaseUrl: scratch.databaseUrl });
  const dbB = await openDatabase({ databaseUrl: throughProxy.toString(), onError: () => undefined });
  // One DATA_DIR, so both instances share the generated JWT secret, as instances of one deployment share theirs.
  const config: Config = {
    ...loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, COMPANY_DOMAIN: "acme.com", LOG_LEVEL: "silent" }),
    webDir: undefined,
  };
  const appA = await buildApp(config, { db: dbA, logger: false });
  const appB = await buildApp(config, { db: dbB, logger: false });
  await appA.ready();
  return {
    config,
    dbA,
    dbB,
    appA,
    appB,
    proxy,
    async listen() {
      return { httpA: await listenOnLoopback(appA), httpB: await listenOnLoopback(appB) };
    },
    async close() {
      await appA.close();
      await appB.close();
      await dbA.close();
      await dbB.close();
      await proxy.stop();
      await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
