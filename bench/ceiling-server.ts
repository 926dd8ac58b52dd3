// The ceiling of `npm run bench` (issue #14): a bare node:http server answering the benchmarked API routes with the
// same SQL and the same JSON as Pulse, with none of Pulse's work around them (no framework, no guard, no session
// lookup, no security headers, no logging). What Node and the database can do on this machine is the reference
// each Pulse figure is compared with. Runs as its own process, like Pulse:
//   CEILING_PORT=… DATABASE_URL=postgres://… tsx bench/ceiling-server.ts   (pg, pool of 10 as Pulse)
//   CEILING_PORT=… PGLITE_DIR=…/pglite        tsx bench/ceiling-server.ts   (PGlite in the process, as Pulse)
// The V8 settings Pulse runs with (decision 0108): the ceiling differs from Pulse by Pulse's work only.
import "../src/server/platform/heap-settings";
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
  // Pulse's listCandidates (src/server/streams/store.ts): a page of Streams with an item the user may see, then each
  // one's visible items aggregated. The user comes from the query, as for the connector list.
  "/api/streams/candidates": async (query, params) => {
    const limit = Math.min(Number(params.get("limit") ?? 100), 500);
    const visible = `(a.company_wide OR EXISTS (
      SELECT 1 FROM pulse.project_alias_viewers v WHERE v.alias_id = a.id AND v.user_id = $1::uuid))`;
    const rows = await query(
      `WITH page AS (
         SELECT s.id, s.name FROM pulse.streams s
         WHERE s.project_id IS NULL
           AND EXISTS (SELECT 1 FROM pulse.project_aliases a
                       WHERE a.stream_id = s.id AND a.project_id IS NULL AND ${visible})
         ORDER BY s.name, s.id LIMIT $2)
       SELECT p.id AS stream_id, items.raw_name, items.alias_count, items.source_apps, items.alias_id
       FROM page p CROSS JOIN LATERAL (
         SELECT (array_agg(a.plain_name ORDER BY a.name_rank DESC, a.discovered_at, a.id))[1] AS raw_name,
                count(*)::int AS alias_count,
                array_agg(DISTINCT a.source_app ORDER BY a.source_app) AS source_apps,
                (array_agg(a.id ORDER BY a.discovered_at, a.id))[1] AS alias_id
         FROM pulse.project_aliases a
         WHERE a.stream_id = p.id AND a.project_id IS NULL AND ${visible}) items
       ORDER BY p.name, p.id`,
      [params.get("user_id"), limit + 1],
    );
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      candidates: page.map(({ raw_name, alias_count, source_apps, alias_id }) => ({
        raw_name,
        alias_count,
        source_apps,
        alias_id,
      })),
      next_after: rows.length > limit && last ? JSON.stringify([last.raw_name, last.stream_id]) : null,
    };
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
