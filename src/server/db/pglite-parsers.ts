import { types, type PGlite, type Transaction } from "@electric-sql/pglite";

/**
 * The value parsers Drizzle's PGlite driver sends with every query (drizzle-orm/pglite/session.js): dates, times
 * and intervals stay text, and Drizzle's column types turn them into values themselves.
 */
export const DRIZZLE_PGLITE_PARSERS: Record<number, (value: string) => string> = Object.fromEntries(
  [
    types.TIMESTAMP,
    types.TIMESTAMPTZ,
    types.INTERVAL,
    types.DATE,
    1231, // numeric[]
    1115, // timestamp[]
    1185, // timestamptz[]
    1187, // interval[]
    1182, // date[]
  ].map((oid) => [oid, (value: string) => value]),
);

type Client = Pick<PGlite, "query">;

/**
 * PGlite merges per-query parsers by copying its whole parser table, on every query: with Drizzle's set the copy
 * cost more than the statement itself (docs/performance.md). So the instance holds Drizzle's parsers itself,
 * the client handed to Drizzle drops the per-query copy, and raw queries get PGlite's own parsers back for those
 * types, so they still answer Date objects as node-postgres does.
 */
export function shareDrizzleParsers(pglite: PGlite): {
  drizzleClient: PGlite;
  rawParsers: Record<number, unknown>;
} {
  const own = pglite.parsers;
  const rawParsers = Object.fromEntries(Object.keys(DRIZZLE_PGLITE_PARSERS).map((oid) => [oid, own[oid]]));
  pglite.parsers = { ...own, ...DRIZZLE_PGLITE_PARSERS };
  return { drizzleClient: withoutPerQueryParsers(pglite) as unknown as PGlite, rawParsers };
}

/** The two methods Drizzle's driver calls (query, and transaction for `db.transaction`), minus the parsers. */
function withoutPerQueryParsers(client: Client & Partial<Pick<PGlite, "transaction">>) {
  return {
    query: ((text: string, params?: unknown[], options?: Record<string, unknown>) =>
      client.query(text, params, options && { ...options, parsers: undefined })) as Client["query"],
    transaction: <T>(fn: (tx: Client) => Promise<T>) =>
      client.transaction!((tx: Transaction) => fn(withoutPerQueryParsers(tx))),
  };
}
