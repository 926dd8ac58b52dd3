import { PGlite, type PGliteOptions } from "@electric-sql/pglite";

/**
 * The PostgreSQL settings the embedded database starts with, on top of PGlite's own (single-user mode, no parallel
 * workers). PGlite runs PostgreSQL inside the server's process, so its shared memory is the server's memory, and
 * PostgreSQL touches all of it at start: the stock shared buffers alone made most of the server's memory at rest
 * (issue 23; docs/performance.md, "PGlite's memory", measured with `npm run bench -- --only=server`).
 *
 * - `shared_buffers`: PostgreSQL's page cache. Pages it does not hold are read from the data directory's files
 *   through the operating system's cache, which keeps them anyway; the benchmark's routes cost the same CPU per
 *   request with 16 MB as with 128 MB. What it gives up: repeated full scans of a table over 4 MB (a quarter of
 *   it) go through a small ring instead of the cache.
 * - `max_connections`: PGlite serves one connection, but PostgreSQL sizes its per-connection tables (processes,
 *   locks) for 100.
 * - `plan_cache_mode`: Drizzle's statements are kept parsed under names (pglite-statements.ts), and PostgreSQL may
 *   plan a named statement once for any values after five runs. For the candidates' keyset page that plan reads
 *   every later row (decision 0082, measured on PostgreSQL, whose planner PGlite's is), so each run is planned
 *   for its own values, as an unnamed statement is.
 *
 * Passed with `-c` on every start, not written to the directory's postgresql.conf: directories made before
 * these settings get them too, and the file keeps what initdb wrote.
 */
export const PGLITE_SETTINGS = {
  shared_buffers: "16MB",
  max_connections: "1",
  plan_cache_mode: "force_custom_plan",
} as const;

/** PGlite's start options with the settings above. */
export function pgliteOptions(): PGliteOptions {
  return {
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
    ],
  };
}
