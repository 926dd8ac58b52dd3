import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { schema } from "./schema";

export type Orm = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * The rows of a Drizzle `sql` query on either engine, on the database or inside a transaction: the one way raw
 * SQL is written where it reads better than the query builder.
 */
export async function rowsOf<T>(
  runner: { execute(query: SQL): PromiseLike<unknown> },
  query: SQL,
): Promise<T[]> {
  const result = (await runner.execute(query)) as { rows: T[] };
  return result.rows;
}

/**
 * A statement's text with node-postgres's row mode for values, made once per statement and handed to pg as it is
 * (client.ts lets pg read it without copying); a name makes it a server-side prepared statement on PostgreSQL, and
 * an empty one leaves it unnamed.
 */
export interface ValuesStatement {
  readonly name: string;
  readonly text: string;
  readonly rowMode: "array";
}

/** The one database handle the server uses, whichever engine is behind it (ARCHITECTURE §2). */
export interface Database {
  readonly kind: "postgres" | "pglite";
  readonly orm: Orm;
  /**
   * A parameterised query returning rows, with the driver's own value types (Dates for timestamps). On PGlite its
   * text is kept parsed under a name, as Drizzle's statements are (pglite-statements.ts).
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * A statement made once (`rawStatement`) whose rows come back as arrays of their values, in its columns' order,
   * with the same value types as `query`. node-postgres makes an object row by copying one object for every
   * statement, and that copy turns generic once many statements' rows have passed through it (docs/performance.md,
   * "A twenty-fourth machine"); arrays skip it, and the caller builds the one shape it answers.
   */
  queryValues<T extends unknown[]>(statement: ValuesStatement, params: unknown[]): Promise<T[]>;
  /** Runs a script of several statements (no parameters) as one transaction. */
  exec(script: string): Promise<void>;
  /** Runs `fn` holding a session-level advisory lock (PostgreSQL only: PGlite has a single connection). */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /**
   * Runs `onPayload` for each NOTIFY on `channel`; resolves to an unsubscribe function. On PostgreSQL the LISTEN
   * connection is re-established after it is lost: `onDisconnect` runs when it is lost, `onReconnect` when it is
   * back, because NOTIFYs sent while it was away are gone and listeners must resynchronise.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    options?: { onReconnect?: () => void; onDisconnect?: () => void },
  ): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
