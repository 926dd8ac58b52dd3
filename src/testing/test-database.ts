import pg from "pg";
import { randomBytes } from "node:crypto";
import { openDatabase, type Database } from "../server/db/client";

/**
 * A fresh, migrated database for one test file: PGlite in memory, or — when TEST_DATABASE_URL is set — a new
 * PostgreSQL database created for the file and dropped afterwards.
 */
export async function openTestDatabase(): Promise<{
  db: Database;
  databaseUrl?: string;
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const db = await openDatabase({});
    return { db, drop: () => db.close() };
  }
  const name = `pulse_test_${randomBytes(6).toString("hex")}`;
  await withAdmin(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const db = await openDatabase({ databaseUrl });
  return {
    db,
    databaseUrl,
    drop: async () => {
      await db.close();
      await withAdmin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
