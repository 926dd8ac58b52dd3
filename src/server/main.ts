import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { DataDirLockedError } from "./db/data-dir-lock";
import { terminalLogger } from "./platform/terminal-log";

const DRAIN_DEADLINE_MS = 10_000;

/** Starts Pulse: one process serving the web app, the API and the development stand-ins. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }

  let db;
  try {
    db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof DataDirLockedError) fail(err.message);
    const reason = err instanceof Error ? err.message : String(err);
    fail(
      `Cannot open the database (${config.databaseUrl ? "DATABASE_URL" : "embedded, " + config.dataDir}): ${reason}`,
    );
  }

  const logger = await terminalLogger(config);
  const app = await buildApp(config, { db, ...(logger ? { logger } : {}) });
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, "shutting down: draining requests");
    // Idle keep-alive connections close at once; one that never sends a request would hold the close forever.
    const deadline = setTimeout(() => {
      app.log.warn("drain deadline passed: closing the remaining connections");
      app.server.closeAllConnections();
    }, DRAIN_DEADLINE_MS);
    deadline.unref();
    try {
      await app.close();
    } finally {
      clearTimeout(deadline);
      await db.close();
      app.log.info("database closed; bye");
      process.exit(0);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await db.close();
    fail(
      `Cannot listen on ${config.host}:${config.port}: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  app.log.info(`Pulse is running at ${config.publicUrl} (database: ${db.kind})`);
}

function fail(reason: string): never {
  process.stderr.write(`pulse: ${reason}\n`);
  process.exit(1);
}

void main();
