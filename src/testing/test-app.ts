import type { FastifyInstance } from "fastify";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp, type AppDependencies } from "../server/app";
import { loadConfig, type Config } from "../server/config";
import type { Database } from "../server/db/client";
import { openTestDatabase } from "./test-database";

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Settings as the environment would give them. */
  env?: Record<string, string>;
  /** Typed settings applied after the environment. */
  overrides?: Partial<Config>;
  /** Extra routes or hooks for a test, added before the app is ready. */
  extend?: (app: FastifyInstance) => void;
  /** Logger options; silent unless a test reads the log. */
  logger?: AppDependencies["logger"];
  /** Stand-ins for the workflow service's side of the outbound webhooks (set WORKFLOW_*_URL in `env` too). */
  workflow?: AppDependencies["workflow"];
  /** Realtime timers and limits (a manual clock, short limits). */
  realtime?: AppDependencies["realtime"];
  /** The clock of the Google re-check (a manual one). */
  timers?: AppDependencies["timers"];
  /** How the public pages are pre-rendered (see src/testing/prerender-from-source.ts). */
  prerender?: AppDependencies["prerender"];
}

/** The real server (buildApp) on a fresh database, for integration tests through `app.inject`. */
export async function createTestApp({
  env = {},
  overrides = {},
  extend,
  logger = false,
  workflow,
  realtime,
  timers,
  prerender,
}: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "pulse-test-"));
  const config: Config = {
    ...loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      COMPANY_DOMAIN: "acme.com",
      LOG_LEVEL: "silent",
      ...env,
    }),
    webDir: undefined,
    ...overrides,
  };
  const { db, drop } = await openTestDatabase();
  const app = await buildApp(config, {
    db,
    logger,
    realtime,
    ...(workflow ? { workflow } : {}),
    ...(timers ? { timers } : {}),
    ...(prerender ? { prerender } : {}),
  });
  extend?.(app);
  await app.ready();
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
