import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import path from "node:path";
import pg from "pg";
import { schema } from "./schema";
import { createOwnerOnlyDir, makeOwnerOnly, secureDataDir } from "./data-dir-access";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock";
import type { Database, Orm, ValuesStatement } from "./database";
import { applyMigrations } from "./migrate";
import { shareDrizzleParsers } from "./pglite-parsers";
import { pgliteOptions } from "./pglite-settings";

export { rowsOf, type Database, type Orm } from "./database";

/** How a database handle is doing, for the metrics (read on each scrape). */
export interface DatabaseStats {
  /** The node-postgres pool (DATABASE_URL); undefined on PGlite, which is one in-process connection. */
  pool?: { total: number; idle: number; waiting: number };
  /** Statements that failed since the handle opened: refused by the database, or lost with its connection. */
  statementErrors: number;
}

const statsOf = new WeakMap<Database, () => DatabaseStats>();

/** The stats of a handle openDatabase made (undefined for any other, such as a test's stand-in). */
export function databaseStats(db: Database): DatabaseStats | undefined {
  return statsOf.get(db)?.();
}

/**
 * A failure PostgreSQL (or PGlite) reported for a statement: it carries a five-character SQLSTATE, itself or in its
 * cause (Drizzle wraps the driver's error).
 */
function hasSqlState(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | null, i = 0; e && i < 4; i++) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * Counts the failures of every statement run through `pool`, whoever runs it (the raw queries, Drizzle, the advisory
 * lock): node-postgres has no event for a failed query, so the promises are watched where statements enter. A
 * statement through the pool's own `query` is counted there; one on a checked-out client (a transaction, the lock)
 * where the client's `query` returns its promise. The pool's `query` runs its statement on a client with a callback,
 * which passes through untouched: wrapping those callbacks kept every request's rows alive past a garbage collection
 * (measured in docs/performance.md, "API overhead after the security wave"). A caller
 * that passes its own callback to the pool gets it wrapped, so its failures count too. The client's wrapper, which
 * every statement passes, also hands pg its config uncopied (`withConfigPgNeedNotCopy`): one wrapper, not two layers.
 */
function countFailedStatements(pool: pg.Pool, failed: () => void): void {
  const watch = <T>(result: T): T => {
    if (result instanceof Promise) result.catch(failed);
    return result;
  };
  const withCountedCallback = (args: unknown[]): unknown[] => {
    const last = args.at(-1);
    if (typeof last !== "function") return args;
    const counted = (err: unknown, ...rest: unknown[]) => {
      if (err) failed();
      return (last as (...a: unknown[]) => unknown)(err, ...rest);
    };
    return [...args.slice(0, -1), counted];
  };
  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => watch(poolQuery(...withCountedCallback(args)))) as typeof pool.query;
  pool.on("connect", (client) => {
    const clientQuery = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) =>
      watch(clientQuery(...withConfigPgNeedNotCopy(args)))) as typeof client.query;
  });
}

/**
 * A statement's arguments with its config object handed to pg as an object that inherits its properties. pg 8.23
 * copies an object config by its property descriptors before reading it, so that it never writes to the caller's
 * object (node-postgres PR 3720), and Drizzle passes every statement as an object (its name, text and row mode):
 * that copy was the largest single cost of a cheap request on PostgreSQL, about 24k instructions of the connector
 * list's 320k (docs/performance.md, "An eighteenth machine"). An object whose properties all come from its prototype
 * has nothing to copy; pg reads them through the prototype (its tests cover inherited properties) and writes only
 * to its own copy, so the caller's object stays as it was. Every statement on a pool client passes here (the pool's
 * own `query` runs its statement through the client's). pg's fix, reading the config without copying it, is
 * node-postgres PR 3743: this goes once a release has it. A submittable (a cursor, a stream) is handed over as it is.
 */
function withConfigPgNeedNotCopy(args: unknown[]): unknown[] {
  const [config] = args;
  if (typeof config === "object" && config !== null && !("submit" in config)) {
    args[0] = Object.create(config) as object;
  }
  return args;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite directory; `undefined` keeps the database in memory (tests). */
  dataDir?: string | undefined;
  /**
   * An in-memory database starts from this archive of a data directory (`archivePglite`) instead of running initdb:
   * the tests start each file's database from one migrated template.
   */
  startFrom?: Blob | undefined;
  onError?: (err: Error) => void;
  /** Told what in DATA_DIR was open to other accounts before it was made owner-only (decision 0095). */
  onLooseDataDir?: (entries: string[]) => void;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.startFrom && (options.databaseUrl || options.dataDir)) {
    throw new Error("startFrom is for an in-memory database only.");
  }
  const db = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.onError)
    : await openPglite(options.dataDir, options.onLooseDataDir, options.startFrom);
  try {
    await applyMigrations(db);
    // The files the migrations made are owner-only too (data-dir-access.ts says why PGlite's are not).
    if (!options.databaseUrl && options.dataDir) makeOwnerOnly(options.dataDir);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

async function openPostgres(url: string, onError?: (err: Error) => void): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", (err) => onError?.(err));
  let statementErrors = 0;
  countFailedStatements(pool, () => statementErrors++);
  const client = await pool.connect().catch((err: Error) => {
    void pool.end();
    throw err;
  });
  client.release();
  const listeners = new Set<PostgresListener>();
  const db: Database = {
    kind: "postgres",
    orm: drizzlePg({ client: pool, schema }) as unknown as Orm,
    async query<T>(text: string, params?: unknown[]) {
      const result = await pool.query(text, params as unknown[]);
      return result.rows as T[];
    },
    async queryValues<T extends unknown[]>(statement: ValuesStatement, params: unknown[]) {
      const result = await pool.query<T>(statement, params);
      return result.rows;
    },
    async exec(script) {
      await pool.query(script);
    },
    async withLock(key, fn) {
      const lockClient = await pool.connect();
      try {
        await lockClient.query("SELECT pg_advisory_lock($1)", [key]);
        try {
          return await fn();
        } finally {
          await lockClient.query("SELECT pg_advisory_unlock($1)", [key]);
        }
      } finally {
        lockClient.release();
      }
    },
    async listen(channel, onPayload, options) {
      const listener = new PostgresListener(url, channel, onPayload, onError, options);
      listeners.add(listener);
      try {
        await listener.start();
      } catch (err) {
        // Nobody holds a listener that never started: it must not go on retrying in the background.
        listeners.delete(listener);
        await listener.stop();
        throw err;
      }
      return async () => {
        listeners.delete(listener);
        await listener.stop();
      };
    },
    async ping() {
      await pool.query("select 1");
    },
    async close() {
      await Promise.all([...listeners].map((l) => l.stop()));
      await pool.end();
    },
  };
  statsOf.set(db, () => ({
    pool: { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount },
    statementErrors,
  }));
  return db;
}

/**
 * A dedicated LISTEN connection that reconnects (every second) after losing the server. Events of a replaced
 * client are ignored, so a late `end` of the old connection cannot start a second one (which would deliver every
 * NOTIFY twice); TCP keepalive lets a silently dropped connection be noticed too.
 */
class PostgresListener {
  private client: pg.Client | undefined;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private started = false;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly onPayload: (payload: string) => void,
    private readonly onError?: (err: Error) => void,
    private readonly events: { onReconnect?: () => void; onDisconnect?: () => void } = {},
  ) {}

  async start(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on("notification", (msg) => {
      if (this.client === client && msg.channel === this.channel && msg.payload !== undefined) {
        this.onPayload(msg.payload);
      }
    });
    client.on("error", (err) => {
      if (this.client !== client) return;
      this.onError?.(err);
      this.reconnectLater();
    });
    client.on("end", () => {
      if (this.client === client) this.reconnectLater();
    });
    this.client = client;
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    if (this.started) this.events.onReconnect?.();
    this.started = true;
  }

  private reconnectLater(): void {
    if (this.stopped || this.retryTimer) return;
    if (this.client) this.events.onDisconnect?.();
    this.client = undefined;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.start().catch((err: Error) => {
        this.onError?.(err);
        this.reconnectLater();
      });
    }, 1_000);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}

async function openPglite(
  dataDir: string | undefined,
  onLooseDataDir?: (entries: string[]) => void,
  startFrom?: Blob,
): Promise<Database> {
  let lock: DataDirLock | undefined;
  let pglite: PGlite;
  if (dataDir) {
    createOwnerOnlyDir(dataDir);
    // PGlite has no lock of its own: two processes on one directory would corrupt it.
    lock = acquireDataDirLock(dataDir);
    try {
      const loose = secureDataDir(dataDir);
      if (loose.length > 0) onLooseDataDir?.(loose);
      // What PGlite writes here is made owner-only once the migrations are applied (openDatabase).
      pglite = await PGlite.create(path.join(dataDir, "pglite"), pgliteOptions());
    } catch (err) {
      lock.release();
      throw err;
    }
  } else {
    pglite = await PGlite.create({ ...pgliteOptions(), loadDataDir: startFrom });
  }
  let closed = false;
  const { drizzleClient, rawQuery } = shareDrizzleParsers(pglite);
  let statementErrors = 0;
  // One connection, no pool: the statements are counted where they enter. A transaction's failure counts only when
  // a statement caused it (a SQLSTATE), not when the code inside threw to roll it back.
  const counted = <T>(running: Promise<T>, onlySql = false): Promise<T> =>
    running.catch((err: unknown) => {
      if (!onlySql || hasSqlState(err)) statementErrors++;
      throw err;
    });
  const countingClient = {
    query: ((...args: Parameters<PGlite["query"]>) =>
      counted(drizzleClient.query(...args))) as PGlite["query"],
    transaction: (<T>(fn: Parameters<PGlite["transaction"]>[0]) =>
      counted(drizzleClient.transaction(fn) as Promise<T>, true)) as PGlite["transaction"],
  };
  const db: Database = {
    kind: "pglite",
    orm: drizzlePglite({ client: countingClient as unknown as PGlite, schema }) as unknown as Orm,
    async query<T>(text: string, params?: unknown[]) {
      const result = await counted(rawQuery<T>(text, params));
      return result.rows;
    },
    async queryValues<T extends unknown[]>(statement: ValuesStatement, params: unknown[]) {
      const result = await counted(rawQuery<T>(statement.text, params, { rowMode: "array" }));
      return result.rows;
    },
    async exec(script) {
      await counted(pglite.exec(script));
    },
    async withLock(_key, fn) {
      return fn();
    },
    async listen(channel, onPayload) {
      const unsubscribe = await pglite.listen(channel, onPayload);
      return async () => {
        if (!closed) await unsubscribe();
      };
    },
    async ping() {
      await pglite.query("select 1");
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        // Flush every committed write to the directory before closing.
        if (dataDir) await pglite.exec("CHECKPOINT");
        await pglite.close();
        // What PGlite wrote while it ran (through fopen, with the umask's modes) leaves owner-only.
        if (dataDir) makeOwnerOnly(dataDir);
      } finally {
        lock?.release();
      }
    },
  };
  statsOf.set(db, () => ({ statementErrors }));
  pgliteOf.set(db, pglite);
  return db;
}

const pgliteOf = new WeakMap<Database, PGlite>();

/** An open PGlite database's data directory as PGlite's archive (uncompressed tar), for `startFrom`. */
export async function archivePglite(db: Database): Promise<Blob> {
  const pglite = pgliteOf.get(db);
  if (!pglite) throw new Error("Only a PGlite database can be archived this way.");
  return pglite.dumpDataDir("none");
}
