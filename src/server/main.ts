// The V8 settings, set as the entry loads: before the server starts (decision 0108).
import "./platform/heap-settings";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { DataDirLockedError } from "./db/data-dir-lock";
import { migrationsAppliedOnOpen } from "./db/migrate";
import { drainAndClose } from "./platform/health/shutdown";
import { nonLoopbackAddresses } from "./platform/local-only";
import { terminalLogger } from "./platform/terminal-log";

/** How long closing may take once the drain window is over, before the connections left are cut. */
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
  let looseDataDir: string[] = [];
  try {
    db = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onLooseDataDir: (entries) => (looseDataDir = entries),
    });
  } catch (err) {
    if (err instanceof DataDirLockedError) fail(err.message);
    const reason = err instanceof Error ? err.message : String(err);
    fail(
      `Cannot open the database (${config.databaseUrl ? "DATABASE_URL" : "embedded, " + config.dataDir}): ${reason}`,
    );
  }

  const logger = await terminalLogger(config);
  const app = await buildApp(config, { db, ...(logger ? { logger } : {}) });
  if (looseDataDir.length > 0) {
    // Repaired, not refused (decision 0095); said once, since others could read it until now.
    app.log.warn(
      { dataDir: config.dataDir, entries: looseDataDir.length, examples: looseDataDir.slice(0, 5) },
      `DATA_DIR was open to other accounts: made ${looseDataDir.length} folders and files owner-only (0700/0600)`,
    );
  }
  // Several instances starting together queue on the migration lock: one applies, the others find nothing to do.
  const applied = migrationsAppliedOnOpen(db);
  app.log.info(
    { migrations: applied },
    applied.length > 0 ? `migrations: applied ${applied.join(", ")}` : "migrations: nothing to apply",
  );
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, "shutting down");
    try {
      await drainAndClose(app, { drainMs: config.shutdownDrainMs, closeDeadlineMs: DRAIN_DEADLINE_MS });
    } finally {
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
  // HOST was judged loopback by its name; the stand-ins run only if every address actually bound is loopback.
  const exposed = config.devStandIns ? nonLoopbackAddresses(app.addresses()) : [];
  if (exposed.length > 0) {
    await app.close();
    await db.close();
    fail(
      `HOST ${config.host} listens on ${exposed.join(", ")}, which is not loopback: set the production settings, or HOST=127.0.0.1`,
    );
  }
  app.log.info(`Pulse is running at ${config.publicUrl} (database: ${db.kind})`);
}

function fail(reason: string): never {
  process.stderr.write(`pulse: ${reason}\n`);
  process.exit(1);
}

void main();
