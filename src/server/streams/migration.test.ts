// Migration 0010 (issue 38, decision 0101) on a database holding items from before it, on the engine under test.
import { PGlite } from "@electric-sql/pglite";
import { readFileSync } from "node:fs";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { migrationFiles } from "../db/migrate";
import { createScratchPostgresDatabase, postgresServerUrl } from "../../testing/test-database";

describe("migration 0010: Streams", () => {
  it("puts each stored item in a Stream as they were grouped, linked ones with their PulseMap", async () => {
    const serverUrl = postgresServerUrl();
    const scratch = serverUrl ? await createScratchPostgresDatabase(serverUrl) : undefined;
    const client = scratch ? new pg.Client({ connectionString: scratch.databaseUrl }) : undefined;
    const lite = scratch ? undefined : new PGlite();
    const exec = async (script: string) =>
      void (client ? await client.query(script) : await lite!.exec(script));
    const rows = async <T>(text: string): Promise<T[]> =>
      client ? (await client.query(text)).rows : (await lite!.query<T>(text)).rows;
    await client?.connect();
    try {
      const file = (name: string) =>
        readFileSync(new URL(`../db/migrations/${name}`, import.meta.url), "utf8");
      for (const name of migrationFiles().filter((f) => f < "0010")) await exec(file(name));
      await exec(`
        INSERT INTO pulse.project_aliases (raw_name, source_app, external_id, discovered_at) VALUES
          ('Website relaunch', 'jira', 'J-1', '2026-01-01'), ('Website relaunch', 'slack', 'S-1', '2026-01-02'),
          ('Website relaunch', 'zoom', 'Z-1', '2026-01-03'), ('Budget', 'gmail', 'G-1', '2026-01-01'),
          ('', 'zoom', 'E-1', '2026-01-01'), ('', 'zoom', 'E-2', '2026-01-02');
        INSERT INTO pulse.projects (name, alias_id) SELECT 'Website relaunch', id FROM pulse.project_aliases
          WHERE external_id = 'J-1';
        UPDATE pulse.project_aliases SET project_id = (SELECT id FROM pulse.projects)
          WHERE external_id IN ('J-1', 'S-1');`);
      await exec(file("0010_streams_resolved.sql"));
      const streams = await rows<{ items: string; name: string; linked: boolean }>(`
        SELECT string_agg(a.external_id, ',' ORDER BY a.external_id) AS items, s.name,
               s.project_id IS NOT NULL AS linked
        FROM pulse.streams s JOIN pulse.project_aliases a ON a.stream_id = s.id
        GROUP BY s.id, s.name, s.project_id ORDER BY 1`);
      expect(streams).toEqual([
        { items: "E-1", name: "", linked: false },
        { items: "E-2", name: "", linked: false },
        { items: "G-1", name: "Budget", linked: false },
        { items: "J-1,S-1", name: "Website relaunch", linked: true },
        { items: "Z-1", name: "Website relaunch", linked: false },
      ]);
      // A row stored by code from before Streams (a rolling deploy) joins the Stream of its exact name.
      await exec(
        "INSERT INTO pulse.project_aliases (raw_name, source_app, external_id) VALUES ('Budget', 'slack', 'G-2')",
      );
      expect(
        await rows(
          `SELECT count(DISTINCT stream_id)::int AS n FROM pulse.project_aliases WHERE raw_name = 'Budget'`,
        ),
      ).toEqual([{ n: 1 }]);
      expect(
        await rows("SELECT raw_name, alias_count FROM pulse.v_project_candidates_grouped ORDER BY 1, 2"),
      ).toEqual([
        { raw_name: "", alias_count: 1 },
        { raw_name: "", alias_count: 1 },
        { raw_name: "Budget", alias_count: 2 },
        { raw_name: "Website relaunch", alias_count: 1 },
      ]);
    } finally {
      await client?.end();
      await scratch?.drop();
      await lite?.close();
    }
  });
});
