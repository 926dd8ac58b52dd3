import pg from "pg";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { openDatabase, type Database } from "../server/db/client";

/** Where Vitest's global setup (`database-template.ts`) left the migrated PGlite archive, and the PostgreSQL template. */
export const TEMPLATE_ARCHIVE_VARIABLE = "PULSE_TEST_PGLITE_TEMPLATE";
export const TEMPLATE_DATABASE_VARIABLE = "PULSE_TEST_POSTGRES_TEMPLATE";

/**
 * The PostgreSQL server the tests run against as well as PGlite (TEST_DATABASE_URL), if any. The one place a test
 * learns of it: the PostgreSQL pass of `npm test` runs only the test files that import this module (directly or
 * through a helper), so a test that read the variable itself would silently never run there (eslint.config.js
 * refuses it).
 */
export function postgresServerUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

/** The server of a test that exists only when one is given (the `*.pg.test.ts` files): throws without one. */
export function requirePostgresServerUrl(): string {
  const url = postgresServerUrl();
  if (!url) throw new Error("This test needs a PostgreSQL server: set TEST_DATABASE_URL.");
  return url;
}

/** An empty database created on a PostgreSQL server for one test file or spec, and its URL. */
export interface ScratchPostgresDatabase {
  name: string;
  databaseUrl: string;
  drop(): Promise<void>;
}

/**
 * Creates a fresh database on the server `serverUrl` points at (e.g. TEST_DATABASE_URL): empty, or a copy of the
 * database named `template`.
 */
export async function createScratchPostgresDatabase(
  serverUrl: string,
  prefix = "pulse_test",
  template?: string,
): Promise<ScratchPostgresDatabase> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const copying = template ? ` TEMPLATE ${pg.escapeIdentifier(template)}` : "";
  await withAdmin(serverUrl, (c) => c.query(`CREATE DATABASE ${name}${copying}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    databaseUrl: url.toString(),
    drop: () =>
      withAdmin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}

/**
 * A fresh, migrated database for one test file: PGlite in memory, or — when TEST_DATABASE_URL is set — a new
 * PostgreSQL database created for the file and dropped afterwards. Under Vitest both are copies of the run's
 * migrated template (`database-template.ts`); elsewhere they are made and migrated here.
 */
export async function openTestDatabase(): Promise<{
  db: Database;
  databaseUrl?: string;
  drop: () => Promise<void>;
}> {
  const serverUrl = postgresServerUrl();
  if (!serverUrl) {
    const db = await openDatabase({ startFrom: templateArchive() });
    return { db, drop: () => db.close() };
  }
  const scratch = await createScratchPostgresDatabase(
    serverUrl,
    undefined,
    process.env[TEMPLATE_DATABASE_VARIABLE] || undefined,
  );
  const db = await openDatabase({ databaseUrl: scratch.databaseUrl });
  return {
    db,
    databaseUrl: scratch.databaseUrl,
    drop: async () => {
      await db.close();
      await scratch.drop();
    },
  };
}

let archive: Blob | undefined;
function templateArchive(): Blob | undefined {
  const file = process.env[TEMPLATE_ARCHIVE_VARIABLE];
  if (file) archive ??= new Blob([readFileSync(file)]);
  return archive;
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
