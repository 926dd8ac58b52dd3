import { types, type PGlite } from "@electric-sql/pglite";
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
  rawParsers: Record<number, unknown>;
} {
  const own = pglite.parsers;
  const rawParsers = Object.fromEntries(Object.keys(DRIZZLE_PGLITE_PARSERS).map((oid) => [oid, own[oid]]));
  pglite.parsers = { ...own, ...DRIZZLE_PGLITE_PARSERS };
  return { drizzleClient: namedStatements(pglite), rawParsers };
}
