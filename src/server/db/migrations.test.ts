import { getTableColumns, is } from "drizzle-orm";
import { PgTable, PgView, getTableConfig, getViewConfig } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../testing/test-database";
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
