import type pg from "pg";
import { MIGRATION_LOCK_KEY } from "../server/db/migrate";

/**
 * Test support (not a test): how many sessions of the client's database are waiting for the migration lock
 * (asked for it, not granted) — what servers starting while another migrates are doing.
 */
export async function waitingForMigrationLock(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_locks
      WHERE locktype = 'advisory' AND objid = $1 AND NOT granted
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [MIGRATION_LOCK_KEY],
  );
  return rows[0]!.n;
}

/** Whether anyone holds the migration lock on the client's database. */
export async function migrationLockHeld(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_locks
      WHERE locktype = 'advisory' AND objid = $1 AND granted
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [MIGRATION_LOCK_KEY],
  );
  return rows[0]!.n > 0;
}
