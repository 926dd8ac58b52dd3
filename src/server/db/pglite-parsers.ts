import { types, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";
import { namedStatements, type DrizzleClient } from "./pglite-statements";

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

/**
 * PGlite merges per-query parsers by copying its whole parser table, on every query: with Drizzle's set the copy
 * cost more than the statement itself (docs/performance.md). So the instance holds Drizzle's parsers itself, the
 * client handed to Drizzle sends none per query (and keeps its statements parsed: pglite-statements.ts), and raw
 * queries get PGlite's own parsers back for those types, so they still answer Date objects as node-postgres does.
 */
export function shareDrizzleParsers(pglite: PGlite): {
  drizzleClient: DrizzleClient;
  rawQuery: <T>(
    text: string,
    params?: unknown[],
    options?: Pick<QueryOptions, "rowMode">,
  ) => Promise<Results<T>>;
} {
  const own = pglite.parsers;
  pglite.parsers = { ...own, ...DRIZZLE_PGLITE_PARSERS };
  const kept = namedStatements(pglite);
  return {
    drizzleClient: kept,
    // Raw queries run kept statements too: PGlite's own `query` parses and plans every text afresh (decision 0105).
    rawQuery: (text, params, options) => kept.queryParsedBy(own, text, params, options),
  };
}
