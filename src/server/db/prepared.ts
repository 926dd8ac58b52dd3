import { fillPlaceholders, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database, Orm } from "./database";

const statementNames = new Set<string>();

export interface PreparedStatementOptions {
  /**
   * A server-side name, so PostgreSQL parses the statement once per pooled connection. After five runs a named
   * statement may switch to a generic plan, made without its values: name only a statement whose generic plan is
   * its custom plan (`SET plan_cache_mode = force_generic_plan` and EXPLAIN ANALYZE show it). The candidates'
   * keyset page is the counter-example: its generic plan reads every later row where its custom plan reads one
   * page (decision 0082). Unnamed, each run is planned for its own values.
   */
  name?: string;
}

/**
 * A Drizzle prepared statement for a hot read, made once per database handle on first use (decision 0082).
 * Building a query through Drizzle's builder cost more than running it on the connector list; a prepared statement
 * keeps its SQL text, placeholders and row mapping. `build` must pass the name it is given to `.prepare()`.
 */
export function preparedStatement<Statement>(
  build: (orm: Orm, name: string) => Statement,
  { name = "" }: PreparedStatementOptions = {},
): (db: Database) => Statement {
  if (name) {
    if (statementNames.has(name)) throw new Error(`Two prepared statements are named "${name}".`);
    statementNames.add(name);
  }
  const byDatabase = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = byDatabase.get(db);
    if (statement === undefined) {
      statement = build(db.orm, name);
      byDatabase.set(db, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect();

/**
 * A raw SQL statement for a hot read, its text made once with `sql.placeholder`s for its values, and run on either
 * engine by `Database.query` (so its rows carry the driver's own types, Dates included). Drizzle's `execute` builds
 * the text and makes a prepared query of its own on every run of a `sql` query: on the candidate page, the one raw
 * read on a hot path, each request then promoted some 70 KB to V8's old generation, where it now promotes 5–8 KB
 * (docs/performance.md, "A nineteenth machine"). On PostgreSQL it is unnamed, so planned for its values on each run
 * (decision 0082); on PGlite it is kept parsed, as Drizzle's statements are (decisions 0084 and 0105). Its text
 * is made by Drizzle from the same fragments as any other query, so a shared rule (`visibleItem`) stays one function.
 */
export function rawStatement<Row>(
  query: SQL,
): (db: Database, values: Record<string, unknown>) => Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  // Async, so that a missing value rejects as a failed query does, rather than throwing at the call.
  return async (db, values) => db.query<Row>(text, fillPlaceholders(params, values));
}
