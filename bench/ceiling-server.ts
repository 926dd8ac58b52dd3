// The ceiling of `npm run bench` (issue #14): a bare node:http server answering the benchmarked API routes with the
// same SQL and the same JSON as Pulse, with none of Pulse's work around them (no framework, no guard, no session
// lookup, no security headers, no logging). What Node and the database can do on this machine is the reference
// each Pulse figure is compared with. Runs as its own process, like Pulse:
//   CEILING_PORT=… DATABASE_URL=postgres://… tsx bench/ceiling-server.ts   (pg, pool of 10 as Pulse)
//   CEILING_PORT=… PGLITE_DIR=…/pglite        tsx bench/ceiling-server.ts   (PGlite in the process, as Pulse)
import { PGlite } from "@electric-sql/pglite";
import http from "node:http";
import pg from "pg";
import { CONNECTOR_TYPES } from "@shared/constants";
import { pgliteOptions } from "../src/server/db/pglite-settings";

type Query = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

async function openQuery(): Promise<Query> {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return async (text, params) => (await pool.query(text, params)).rows as Record<string, unknown>[];
  }
  const dir = process.env.PGLITE_DIR;
  if (!dir) throw new Error("Set DATABASE_URL or PGLITE_DIR");
  // The settings Pulse opens its PGlite with: the same database behind both.
  const db = await PGlite.create(dir, pgliteOptions());
  return async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows;
}

/** One handler per benchmarked route: the same statement Pulse's store runs, the same JSON Pulse answers. */
const ROUTES: Record<string, (query: Query, params: URLSearchParams) => Promise<unknown>> = {
  "/api/streams/candidates": async (query, params) => {
    const limit = Math.min(Number(params.get("limit") ?? 100), 500);
    const after = params.get("after");
    const rows = await query(
      `SELECT raw_name, alias_count, source_apps, alias_id FROM pulse.v_project_candidates_grouped
        ${after === null ? "" : "WHERE raw_name > $2"} ORDER BY raw_name ASC LIMIT $1`,
      after === null ? [limit + 1] : [limit + 1, after],
    );
    const page = rows.slice(0, limit);
    return { candidates: page, next_after: rows.length > limit ? page[page.length - 1]!.raw_name : null };
  },
  "/api/projects": async (query, params) => {
    const limit = Math.min(Number(params.get("limit") ?? 500), 500);
    const rows = await query(
      "SELECT id, name, description, created_at FROM pulse.projects ORDER BY created_at DESC, id DESC LIMIT $1",
      [limit],
    );
    return {
      projects: rows.map((r) => ({
        id: r.id,
        name: r.name,
        description: r.description,
        created_at: (r.created_at as Date).toISOString(),
      })),
    };
  },
  // Pulse takes the user from the token; the ceiling, which checks no token, from the query.
  "/api/connectors": async (query, params) => {
    const rows = await query("SELECT type, is_active FROM pulse.connectors WHERE user_id = $1", [
      params.get("user_id"),
    ]);
    const active = new Map(rows.map((r) => [r.type, r.is_active]));
    return { connectors: CONNECTOR_TYPES.map((type) => ({ type, is_active: active.get(type) ?? false })) };
  },
};

const query = await openQuery();
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://ceiling");
  const handler = ROUTES[url.pathname];
  if (!handler) {
    res.writeHead(url.pathname === "/healthz" ? 200 : 404, { "content-type": "application/json" });
    res.end('{"ok":true}');
    return;
  }
  handler(query, url.searchParams).then(
    (body) => {
      res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(body));
    },
    (err: Error) => {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: err.message }));
    },
  );
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.CEILING_PORT ?? 3999), "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
