import type { Database, Orm } from "./database";

const statementNames = new Set<string>();

/**
 * A Drizzle prepared statement for a hot read, made once per database handle on first use (decision 0082).
 * Building a query through Drizzle's builder cost more than running it on the connector list: a prepared
 * statement keeps its SQL text and row mapping, and on PostgreSQL it is also parsed once per pooled connection
 * (`name` is the server-side statement's name, so it must be unique among the server's prepared statements).
 */
export function preparedStatement<Statement>(
  name: string,
  build: (orm: Orm, name: string) => Statement,
): (db: Database) => Statement {
  if (statementNames.has(name)) throw new Error(`Two prepared statements are named "${name}".`);
  statementNames.add(name);
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
