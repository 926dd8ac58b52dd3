import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useFileDatabase } from "../../testing/database-per-file";
import { rawStatement } from "./prepared";

const file = useFileDatabase();

const projectsNamedLike = rawStatement<[name: string]>(
  sql`SELECT name FROM pulse.projects
      WHERE name LIKE ${sql.placeholder("prefix")} || '%' OR name = ${sql.placeholder("exact")}
      ORDER BY name LIMIT ${sql.placeholder("limit")}`,
);

describe("rawStatement", () => {
  it("binds its placeholders on every run, on either engine, and reads rows written after it was made", async () => {
    const { db } = file;
    await db.exec(`INSERT INTO pulse.projects (name) VALUES ('raw alpha'), ('raw beta'), ('other')`);
    expect(await projectsNamedLike(db, { prefix: "raw", exact: "other", limit: 10 })).toEqual([
      ["other"],
      ["raw alpha"],
      ["raw beta"],
    ]);
    await db.exec(`INSERT INTO pulse.projects (name) VALUES ('raw gamma')`);
    expect(await projectsNamedLike(db, { prefix: "raw g", exact: "", limit: 10 })).toEqual([["raw gamma"]]);
    expect(await projectsNamedLike(db, { prefix: "raw", exact: "", limit: 2 })).toHaveLength(2);
  });

  it("answers each row as its values in the SELECT list's order, with the driver's types", async () => {
    const { db } = file;
    await db.exec(
      `INSERT INTO pulse.projects (name, created_at) VALUES ('typed', timestamptz '2026-03-04T05:06:07Z')`,
    );
    const typed = rawStatement<[createdAt: Date, names: string[], count: number, name: string]>(
      sql`SELECT created_at, ARRAY[name, 'x'], length(name), name FROM pulse.projects
          WHERE name = ${sql.placeholder("name")}`,
    );
    const [row] = await typed(db, { name: "typed" });
    expect(row).toEqual([new Date("2026-03-04T05:06:07Z"), ["typed", "x"], 5, "typed"]);
    expect(row![0]).toBeInstanceOf(Date);
  });

  it("runs under a server-side name again and again, a name no other statement may take", async () => {
    const { db } = file;
    const newest = rawStatement<[name: string]>(
      sql`SELECT name FROM pulse.projects ORDER BY created_at DESC, id DESC LIMIT ${sql.placeholder("limit")}`,
      { name: "test_raw_newest" },
    );
    await db.exec(
      `INSERT INTO pulse.projects (name, created_at) VALUES ('named one', timestamptz '2030-01-01')`,
    );
    expect(await newest(db, { limit: 1 })).toEqual([["named one"]]);
    await db.exec(
      `INSERT INTO pulse.projects (name, created_at) VALUES ('named two', timestamptz '2030-01-02')`,
    );
    expect(await newest(db, { limit: 2 })).toEqual([["named two"], ["named one"]]);
    expect(() => rawStatement(sql`SELECT 1`, { name: "test_raw_newest" })).toThrow(/test_raw_newest/);
    // Unnamed statements are each planned afresh on PostgreSQL, so any number of them may exist.
    expect(() => [rawStatement(sql`SELECT 1`), rawStatement(sql`SELECT 2`)]).not.toThrow();
  });

  it("refuses a run that leaves a placeholder without a value, before anything is sent", async () => {
    await expect(projectsNamedLike(file.db, { prefix: "raw", limit: 1 })).rejects.toThrow(/exact/);
  });
});
