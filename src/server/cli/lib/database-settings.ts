import path from "node:path";

export interface DatabaseSettings {
  /** PostgreSQL, when set; otherwise the embedded database in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
}

/**
 * The two settings the database commands (db:migrate, db:backup, db:restore) need, read the way loadConfig reads
 * them (src/server/config.ts; a test holds the two to the same answers). Not loadConfig itself: under the
 * production rules it refuses without the Google, reCAPTCHA and workflow settings, so a deploy pipeline would have
 * to hold every secret just to migrate; and without JWT_SECRET it generates one into DATA_DIR, which would stop
 * db:restore from putting the backup's own secret there.
 */
export function databaseSettings(env: NodeJS.ProcessEnv): DatabaseSettings {
  const url = env.DATABASE_URL?.trim();
  return { databaseUrl: url ? url : undefined, dataDir: path.resolve(env.DATA_DIR ?? ".data") };
}

/** One line, whatever the error: a driver's message may span several. */
export function oneLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).replace(/\s*\n\s*/g, " ").trim();
}
