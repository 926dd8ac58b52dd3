import { fillPlaceholders, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database, ValuesStatement } from "./database";

const statementNames = new Set<string>();

function claimName(name: string): void {
  if (!name) return;
  if (statementNames.has(name)) throw new Error(`Two statements are named "${name}".`);
  statementNames.add(name);
}

export interface StatementOptions {
  /**
   * A server-side name, so PostgreSQL parses the statement once per pooled connection. After five runs a named
   * statement may switch to a generic plan, made without its values: name only a statement whose generic plan is
   * its custom plan (`SET plan_cache_mode = force_generic_plan` and EXPLAIN ANALYZE show it). The candidates'
   * keyset page is the counter-example: its generic plan reads every later row where its custom plan reads one
   * page (decision 0082). Unnamed, each run is planned for its own values.
   */
  name?: string;
}

const dialect = new PgDialect();

/**
 * A raw SQL statement for a hot read (decisions 0105 and 0109), its text made once with `sql.placeholder`s for its
 * values, and run on either engine by `Database.queryValues`. Each row is the array of its values in the SELECT
 * list's order (`Values`, a labelled tuple), with the driver's own types, Dates included; the caller makes the one
 * shape it answers, where Drizzle's mapper or node-postgres's object rows would run every statement's shape through
 * one piece of code. Drizzle's own `execute` of a `sql` query would also make a prepared query on every run (70 KB
 * promoted per candidate page: docs/performance.md, "A nineteenth machine"). On PostgreSQL it is unnamed unless
 * given a name, so planned for its values on each run (decision 0082: name only a statement whose generic plan is its
 * custom plan); on PGlite it is kept parsed, as Drizzle's statements are (decision 0084). Its text is made by Drizzle
 * from the same fragments as any other query, so a shared rule (`visibleItem`) stays one function.
 */
export function rawStatement<Values extends unknown[]>(
  query: SQL,
  { name = "" }: StatementOptions = {},
): (db: Database, values: Record<string, unknown>) => Promise<Values[]> {
  claimName(name);
  const { sql: text, params } = dialect.sqlToQuery(query);
  // An empty name is pg's unnamed statement: one shape for every statement.
  const statement: ValuesStatement = { name, text, rowMode: "array" };
  // Async, so that a missing value rejects as a failed query does, rather than throwing at the call.
  return async (db, values) => db.queryValues<Values>(statement, fillPlaceholders(params, values));
}
