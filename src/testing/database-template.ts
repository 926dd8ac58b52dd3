import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { archivePglite, openDatabase } from "../server/db/client";
import {
  createScratchPostgresDatabase,
  postgresServerUrl,
  TEMPLATE_ARCHIVE_VARIABLE,
  TEMPLATE_DATABASE_VARIABLE,
} from "./test-database";
import { TEMPLATE_DATA_DIR_VARIABLE } from "./migrated-data-dir";

/**
 * Vitest's global setup (vitest.config.ts): the migrated database every test file's own (`openTestDatabase`) is
 * copied from, made once per run. Without it each file ran PGlite's initdb and every migration again, about 2 s of
 * a core each, more than half of what the server tests spent (docs/testing.md, "Where the time goes"). On
 * PostgreSQL the copy is `CREATE DATABASE … TEMPLATE`. The copies still open through `openDatabase`, whose
 * migration check then finds nothing to apply; the migrations still run from an empty database here and in
 * `migrate.test.ts`.
 *
 * Workers learn of the template through the environment, which they inherit from this process, because
 * `test-database.ts` is shared with Playwright's fixtures and cannot import Vitest's `inject`.
 */
export default async function setup(): Promise<() => Promise<void>> {
  // Both server projects list this file, and Vitest sets each project up in turn in this process: the first makes
  // the template, the next finds it here.
  if (process.env[TEMPLATE_ARCHIVE_VARIABLE] || process.env[TEMPLATE_DATABASE_VARIABLE]) {
    return async () => {};
  }
  const serverUrl = postgresServerUrl();
  return serverUrl ? postgresTemplate(serverUrl) : pgliteTemplate();
}

async function pgliteTemplate(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), "pulse-test-template-"));
  const archive = path.join(dir, "pglite.tar");
  const db = await openDatabase({});
  try {
    writeFileSync(archive, Buffer.from(await (await archivePglite(db)).arrayBuffer()));
  } finally {
    await db.close();
  }
  process.env[TEMPLATE_ARCHIVE_VARIABLE] = archive;
  // And a DATA_DIR as Pulse makes one on disk, which `migratedDataDir` copies for the tests of commands, restarts
  // and backups.
  const dataDir = path.join(dir, "data-dir");
  await (await openDatabase({ dataDir })).close();
  process.env[TEMPLATE_DATA_DIR_VARIABLE] = dataDir;
  return async () => rmSync(dir, { recursive: true, force: true });
}

async function postgresTemplate(serverUrl: string): Promise<() => Promise<void>> {
  const template = await createScratchPostgresDatabase(serverUrl, "pulse_template");
  await (await openDatabase({ databaseUrl: template.databaseUrl })).close();
  process.env[TEMPLATE_DATABASE_VARIABLE] = template.name;
  return () => template.drop();
}
