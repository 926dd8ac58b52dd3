import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../server/db/client";

/** Where Vitest's global setup (`database-template.ts`) left a DATA_DIR that Pulse made and migrated. */
export const TEMPLATE_DATA_DIR_VARIABLE = "PULSE_TEST_DATA_DIR_TEMPLATE";

/**
 * A new DATA_DIR (under the system's temporary folder, named by `prefix`) holding the embedded database as Pulse
 * leaves it after its first start: made by `openDatabase({ dataDir })`, migrated, closed. Under Vitest it is a copy
 * of the run's one such DATA_DIR, modes and all, because PGlite's initdb and every migration on disk cost many
 * times a copy (docs/testing.md, "Where the time goes"); elsewhere it is made here the same way.
 *
 * For tests whose subject is what happens in a DATA_DIR that has a database: a command, a restart, a backup.
 * A test of the first start itself (an empty DATA_DIR, the migrations, the modes Pulse gives what it creates) makes
 * its own with `mkdtempSync` and lets Pulse fill it.
 *
 * Deliberately apart from `test-database.ts`: importing that module puts a test file in the PostgreSQL pass, and a
 * DATA_DIR is the embedded database's alone.
 */
export async function migratedDataDir(prefix: string): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const template = process.env[TEMPLATE_DATA_DIR_VARIABLE];
  if (template) cpSync(template, dir, { recursive: true });
  else await (await openDatabase({ dataDir: dir })).close();
  return dir;
}
