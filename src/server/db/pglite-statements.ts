import { parse, protocol, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";

/** How many statements PGlite keeps parsed at once; the least recently used is closed to make room. */
export const KEPT_STATEMENTS = 200;

/**
 * Errors after which a kept statement is parsed afresh: it no longer exists (26000), or a change to the schema
 * altered the rows it answers (0A000, "cached plan must not change result type").
 */
const STALE_STATEMENT = new Set(["26000", "0A000"]);

const { serialize } = protocol;

/** A table of result parsers by type id, as PGlite holds one. */
type Parsers = PGlite["parsers"];

interface KeptStatement {
  name: string;
  /** Its parameters' type ids, as PostgreSQL described them when it was parsed. */
  paramTypes: number[];
}

/** The two methods Drizzle's PGlite driver calls: `query`, and `transaction` for `db.transaction`. */
export interface DrizzleClient {
  query: PGlite["query"];
  transaction: PGlite["transaction"];
}

/**
 * Drizzle's client, and the same kept statements for the database's own raw queries, answered with the parsers they
 * are given (PGlite's own, not the instance's: pglite-parsers.ts).
 */
export interface KeptStatements extends DrizzleClient {
  queryParsedBy<T>(
    parsers: Parsers,
    text: string,
    params?: unknown[],
    options?: Pick<QueryOptions, "rowMode">,
  ): Promise<Results<T>>;
}

/**
 * The client Drizzle runs its statements through on PGlite: each statement's text is parsed once under a name, and
 * from then on bound and run in one exchange with the engine, as node-postgres does with a named statement on
 * PostgreSQL. PGlite's own `query` parses and plans the text afresh in six exchanges each time, the larger part of
 * a short read's CPU (decision 0084). The answers are the same: PGlite's parameter serializers and result parsers,
 * under its query and transaction locks, as `query` uses them.
 *
 * Of the options Drizzle passes, the row mode is kept and the per-query parsers dropped: the instance holds
 * Drizzle's (pglite-parsers.ts), so PGlite does not copy its parser table on every query.
 */
export function namedStatements(pglite: PGlite, capacity = KEPT_STATEMENTS): KeptStatements {
  // Most recently used last (a Map keeps insertion order).
  const kept = new Map<string, KeptStatement>();
  let closing: string[] = [];
  let made = 0;

  async function prepare(text: string, syncToFs: boolean): Promise<KeptStatement> {
    for (const [oldText, old] of kept) {
      if (kept.size < capacity) break;
      kept.delete(oldText);
      closing.push(old.name);
    }
    const name = `pulse_${++made}`;
    const closes = closing.map((old) => serialize.close({ type: "S", name: old }));
    closing = [];
    // Closing a statement that no longer exists is no error; the closes run even if the new text fails to parse.
    const { messages } = await pglite.execProtocol(
      Buffer.concat([
        ...closes,
        serialize.parse({ name, text }),
        serialize.describe({ type: "S", name }),
        serialize.sync(),
      ]),
      { syncToFs },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    kept.set(text, statement);
    return statement;
  }

  async function execute(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
    parsers: Parsers = pglite.parsers,
  ): Promise<Results> {
    let statement = kept.get(text);
    if (statement) {
      kept.delete(text);
      kept.set(text, statement);
    } else statement = await prepare(text, !inTransaction);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = pglite.serializers[statement.paramTypes[i]!];
      return serializer ? serializer(param) : String(param);
    });
    const { messages } = await pglite.execProtocol(
      Buffer.concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: !inTransaction },
    );
    return parse.parseResults(messages, parsers, { rowMode: options?.rowMode })[0]!;
  }

  async function run(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
    parsers?: Parsers,
  ) {
    try {
      return await execute(text, params, options, inTransaction, parsers);
    } catch (err) {
      if (!isStale(err)) throw err;
      const stale = kept.get(text);
      if (stale) closing.push(stale.name);
      kept.delete(text);
      // Inside a transaction the error has aborted it: the caller's rollback is all that can follow.
      if (inTransaction) throw err;
      return execute(text, params, options, inTransaction, parsers);
    }
  }

  return {
    // As PGlite's `query`: after any transaction in progress, then alone among queries.
    query: ((text: string, params: unknown[] = [], options?: QueryOptions) =>
      pglite._runExclusiveTransaction(() =>
        pglite._runExclusiveQuery(() => run(text, params, options, false)),
      )) as PGlite["query"],
    queryParsedBy: <T>(
      parsers: Parsers,
      text: string,
      params: unknown[] = [],
      options?: Pick<QueryOptions, "rowMode">,
    ) =>
      pglite._runExclusiveTransaction(() =>
        pglite._runExclusiveQuery(() => run(text, params, options, false, parsers)),
      ) as Promise<Results<T>>,
    // Inside a transaction (which holds the transaction lock until it ends), each statement alone among queries.
    transaction: ((fn: (tx: Pick<PGlite, "query">) => Promise<unknown>) =>
      pglite.transaction(() =>
        fn({
          query: ((text: string, params: unknown[] = [], options?: QueryOptions) =>
            pglite._runExclusiveQuery(() => run(text, params, options, true))) as PGlite["query"],
        }),
      )) as PGlite["transaction"],
  };
}

function isStale(err: unknown): boolean {
  return STALE_STATEMENT.has(String((err as { code?: unknown } | null)?.code));
}
