import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useFileDatabase } from "../../testing/database-per-file";
import { rowsOf } from "./client";
import { rawStatement } from "./prepared";
import { projects } from "./schema";

const file = useFileDatabase();

const createdAt = rawStatement<[createdAt: Date]>(
  sql`SELECT created_at FROM pulse.projects WHERE name = ${sql.placeholder("name")}`,
  { name: "test_query_config_created_at" },
);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("statements on PostgreSQL (client.ts, withConfigPgNeedNotCopy)", () => {
  it("reach pg with nothing of their config to copy, named, raw and in a transaction, and answer as before", async () => {
    const { db } = file;
    expect(db.kind).toBe("postgres");
    await db.exec(`INSERT INTO pulse.projects (name, created_at) VALUES
      ('older', timestamptz '2026-01-01T00:00:00Z'), ('newer', timestamptz '2026-01-02T00:00:00Z')`);
    // pg copies an object config by its property descriptors (node-postgres PR 3720): the copy avoided. Vitest's own
    // expect calls the same function on its state, so the calls are told apart by what they copy.
    const copies = vi.spyOn(Object, "getOwnPropertyDescriptors");

    expect(await createdAt(db, { name: "newer" })).toEqual([[new Date("2026-01-02")]]);
    // The same named statement again, with another value: pg knows it by the inherited name.
    expect(await createdAt(db, { name: "older" })).toEqual([[new Date("2026-01-01")]]);
    expect(await rowsOf(db.orm, sql`SELECT ${"value"}::text AS v`)).toEqual([{ v: "value" }]);
    const names = await db.orm.transaction(async (tx) =>
      tx.select({ name: projects.name }).from(projects).orderBy(projects.name),
    );
    expect(names).toEqual([{ name: "newer" }, { name: "older" }]);

    // Any call with a query config of its own (its SQL text) is pg copying one.
    const configsCopied = copies.mock.calls.filter(([object]) => Object.hasOwn(object as object, "text"));
    expect(configsCopied).toEqual([]);
  });
});
