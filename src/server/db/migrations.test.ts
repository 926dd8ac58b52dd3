import { PGlite } from "@electric-sql/pglite";
import { getTableColumns, is } from "drizzle-orm";
import { PgTable, PgView, getTableConfig, getViewConfig } from "drizzle-orm/pg-core";
import { readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createScratchPostgresDatabase,
  openTestDatabase,
  postgresServerUrl,
} from "../../testing/test-database";
import type { Database } from "./client";
import { applyMigrations, migrationFiles } from "./migrate";
import { schema } from "./schema";

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
});
afterAll(async () => {
  await drop();
});

async function columnsOf(schemaName: string, table: string): Promise<string[]> {
  const rows = await db.query<{ column_name: string }>(
    "SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY column_name",
    [schemaName, table],
  );
  return rows.map((r) => r.column_name);
}

describe("migrations", () => {
  it("create every table of SPEC §3/§7 and the candidates view", async () => {
    const rows = await db.query<{ table_schema: string; table_name: string; table_type: string }>(
      "SELECT table_schema, table_name, table_type FROM information_schema.tables WHERE table_schema IN ('auth', 'pulse') ORDER BY 1, 2",
    );
    const names = rows.map((r) => `${r.table_schema}.${r.table_name}`);
    expect(names).toEqual(
      expect.arrayContaining([
        "auth.users",
        "auth.identities",
        "auth.sessions",
        "auth.refresh_tokens",
        "pulse.user_profiles",
        "pulse.connectors",
        "pulse.user_identities",
        "pulse.project_sync_preferences",
        "pulse.projects",
        "pulse.project_aliases",
        "pulse.project_alias_viewers",
        "pulse.contact_submissions",
        "pulse.v_project_candidates_grouped",
      ]),
    );
    expect(rows.find((r) => r.table_name === "v_project_candidates_grouped")?.table_type).toBe("VIEW");
  });

  it("are applied once: running them again changes nothing", async () => {
    expect(await applyMigrations(db)).toEqual([]);
    const recorded = await db.query<{ name: string }>(
      "SELECT name FROM public.pulse_migrations ORDER BY name",
    );
    expect(recorded.map((r) => r.name)).toEqual(migrationFiles());
  });

  it("agree with the Drizzle schema on every column", async () => {
    for (const entry of Object.values(schema)) {
      if (is(entry, PgView)) {
        const config = getViewConfig(entry);
        expect(await columnsOf(config.schema ?? "public", config.name)).toEqual(
          Object.values(config.selectedFields)
            .map((c) => (c as { name: string }).name)
            .sort(),
        );
      } else if (is(entry, PgTable)) {
        const config = getTableConfig(entry);
        expect(await columnsOf(config.schema ?? "public", config.name), config.name).toEqual(
          Object.values(getTableColumns(entry))
            .map((c) => c.name)
            .sort(),
        );
      }
    }
  });
});

describe("connectors", () => {
  it("accept the 12 connector types only, once per user and type", async () => {
    const [user] = await db.query<{ id: string }>(
      "INSERT INTO auth.users (email) VALUES ('ann@acme.com') RETURNING id",
    );
    await db.query("INSERT INTO pulse.connectors (user_id, type, is_active) VALUES ($1, 'asana', true)", [
      user!.id,
    ]);
    await expect(
      db.query("INSERT INTO pulse.connectors (user_id, type) VALUES ($1, 'asana')", [user!.id]),
    ).rejects.toThrow();
    await expect(
      db.query("INSERT INTO pulse.connectors (user_id, type) VALUES ($1, 'myspace')", [user!.id]),
    ).rejects.toThrow();
    // The name schema.ts gives the constraint the upserts target.
    const constraints = await db.query<{ conname: string }>(
      "SELECT conname FROM pg_constraint WHERE conrelid = 'pulse.connectors'::regclass AND contype = 'u'",
    );
    expect(constraints.map((c) => c.conname)).toEqual(["connectors_user_id_type_key"]);
  });
});

describe("v_project_candidates_grouped", () => {
  it("groups unlinked Streams by raw name with their source apps and a representative alias", async () => {
    await db.query(
      `INSERT INTO pulse.project_aliases (raw_name, source_app, external_id, discovered_at) VALUES
        ('Website relaunch', 'jira', 'J-1', '2026-01-01T00:00:00Z'),
        ('Website relaunch', 'slack', 'S-1', '2026-01-02T00:00:00Z'),
        ('Website relaunch', 'jira', 'J-2', '2026-01-03T00:00:00Z'),
        ('', 'asana', 'A-1', '2026-01-01T00:00:00Z')`,
    );
    const rows = await db.query<{
      raw_name: string;
      alias_count: number;
      source_apps: string[];
      alias_id: string;
    }>("SELECT * FROM pulse.v_project_candidates_grouped ORDER BY raw_name");
    const [first] = await db.query<{ id: string }>(
      "SELECT id FROM pulse.project_aliases WHERE external_id = 'J-1'",
    );
    expect(rows).toEqual([
      { raw_name: "", alias_count: 1, source_apps: ["asana"], alias_id: expect.any(String) },
      { raw_name: "Website relaunch", alias_count: 3, source_apps: ["jira", "slack"], alias_id: first!.id },
    ]);
  });

  it("drops a name once its Streams are linked to a PulseMap", async () => {
    const [project] = await db.query<{ id: string }>(
      "INSERT INTO pulse.projects (name) VALUES ('Website relaunch') RETURNING id",
    );
    await db.query("UPDATE pulse.project_aliases SET project_id = $1 WHERE raw_name = 'Website relaunch'", [
      project!.id,
    ]);
    const rows = await db.query<{ raw_name: string }>(
      "SELECT raw_name FROM pulse.v_project_candidates_grouped",
    );
    expect(rows.map((r) => r.raw_name)).toEqual([""]);
  });
});

describe("stream visibility (0008)", () => {
  it("keeps every alias stored before it visible to the whole company, as it was", async () => {
    // A database left at 0007, on the engine under test, upgraded by 0008 alone.
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
      const file = (name: string) => readFileSync(new URL(`./migrations/${name}`, import.meta.url), "utf8");
      for (const name of migrationFiles().filter((f) => f < "0008")) await exec(file(name));
      await exec(
        "INSERT INTO pulse.project_aliases (raw_name, source_app, external_id) VALUES ('Launch', 'jira', 'J-1')",
      );
      await exec(file("0008_stream_visibility.sql"));
      expect(await rows("SELECT raw_name, company_wide FROM pulse.project_aliases")).toEqual([
        { raw_name: "Launch", company_wide: true },
      ]);
      expect(await rows("SELECT raw_name FROM pulse.v_project_candidates_grouped")).toEqual([
        { raw_name: "Launch" },
      ]);
    } finally {
      await client?.end();
      await scratch?.drop();
      await lite?.close();
    }
  });

  it("leaves private aliases out of SPEC's candidates view", async () => {
    await db.exec("DELETE FROM pulse.project_aliases");
    await db.query(
      `INSERT INTO pulse.project_aliases (raw_name, source_app, external_id, company_wide) VALUES
        ('Shared', 'zoom', 'V-1', true), ('Private', 'gmail', 'V-2', false)`,
    );
    const rows = await db.query<{ raw_name: string }>(
      "SELECT raw_name FROM pulse.v_project_candidates_grouped ORDER BY raw_name",
    );
    expect(rows.map((r) => r.raw_name)).toEqual(["Shared"]);
  });

  it("forgets who saw an alias with the alias, and with the user", async () => {
    const [user] = await db.query<{ id: string }>(
      "INSERT INTO auth.users (email) VALUES ('vi@acme.com') RETURNING id",
    );
    const aliases = await db.query<{ id: string; raw_name: string }>(
      "SELECT id, raw_name FROM pulse.project_aliases WHERE NOT company_wide",
    );
    await db.query(
      "INSERT INTO pulse.project_alias_viewers (alias_id, user_id, raw_name) VALUES ($1, $2, $3)",
      [aliases[0]!.id, user!.id, aliases[0]!.raw_name],
    );
    const [other] = await db.query<{ id: string }>(
      "INSERT INTO pulse.project_aliases (raw_name, source_app, external_id, company_wide) VALUES ('Other', 'jira', 'V-3', false) RETURNING id",
    );
    await db.query(
      "INSERT INTO pulse.project_alias_viewers (alias_id, user_id, raw_name) VALUES ($1, $2, 'Other')",
      [other!.id, user!.id],
    );
    const viewers = () => db.query<{ raw_name: string }>("SELECT raw_name FROM pulse.project_alias_viewers");
    await db.query("DELETE FROM pulse.project_aliases WHERE id = $1", [other!.id]);
    expect(await viewers()).toEqual([{ raw_name: "Private" }]);
    await db.query("DELETE FROM auth.users WHERE id = $1", [user!.id]);
    expect(await viewers()).toEqual([]);
  });
});

describe("realtime triggers", () => {
  it("NOTIFY small key-only payloads for connectors, sync preferences and user identities", async () => {
    const payloads: unknown[] = [];
    const unlisten = await db.listen("pulse_changes", (p) => payloads.push(JSON.parse(p)));
    const [user] = await db.query<{ id: string }>(
      "INSERT INTO auth.users (email) VALUES ('bo@acme.com') RETURNING id",
    );
    await db.query("INSERT INTO pulse.connectors (user_id, type, is_active) VALUES ($1, 'slack', true)", [
      user!.id,
    ]);
    await db.query("INSERT INTO pulse.project_sync_preferences (user_id, provider) VALUES ($1, 'asana')", [
      user!.id,
    ]);
    await db.query("INSERT INTO pulse.user_identities (user_id, provider) VALUES ($1, 'asana')", [user!.id]);
    await db.query("DELETE FROM pulse.connectors WHERE user_id = $1", [user!.id]);
    await expect.poll(() => payloads.length, { timeout: 5_000 }).toBe(4);
    expect(payloads).toEqual([
      { table: "connectors", op: "INSERT", user_id: user!.id, key: "slack" },
      { table: "project_sync_preferences", op: "INSERT", user_id: user!.id, key: "asana" },
      { table: "user_identities", op: "INSERT", user_id: user!.id, key: "asana" },
      { table: "connectors", op: "DELETE", user_id: user!.id, key: "slack" },
    ]);
    await unlisten();
  });
});
