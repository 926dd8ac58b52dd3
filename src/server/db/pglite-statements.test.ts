import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { namedStatements, type KeptStatements } from "./pglite-statements";
import { users } from "./schema";

let pglite: PGlite;
let client: KeptStatements;

async function parsedStatements(): Promise<string[]> {
  const { rows } = await pglite.query<{ statement: string }>(
    "SELECT statement FROM pg_prepared_statements ORDER BY prepare_time",
  );
  return rows.map((row) => row.statement);
}

// PGlite's initdb once for the file; each test starts a fresh database (and session) from its archive.
let seeded: Blob;
beforeAll(async () => {
  const first = await PGlite.create();
  await first.exec(`CREATE TABLE item (id int PRIMARY KEY, name text NOT NULL, at timestamptz, data jsonb,
    tags text[]); INSERT INTO item VALUES (1, 'one', '2026-11-28 10:00:00+00', '{"a":[1]}', '{x,"y z"}');`);
  seeded = await first.dumpDataDir("none");
  await first.close();
});
beforeEach(async () => {
  pglite = await PGlite.create({ loadDataDir: seeded });
  client = namedStatements(pglite, 2);
});
afterEach(async () => {
  await pglite.close();
});

describe("PGlite statements parsed once under a name", () => {
  it("answers as PGlite's own query does, in both row modes, with every kind of parameter", async () => {
    const text =
      "SELECT id, name, at, data, tags FROM item WHERE id = $1 OR at = $2 OR data = $3 OR tags = $4";
    const params = [1, new Date("2026-11-28T10:00:00Z"), { a: [1] }, ["x", "y z"]];
    for (const rowMode of ["object", "array"] as const) {
      const expected = await pglite.query(text, params, { rowMode });
      const answered = await client.query(text, params, { rowMode });
      expect(expected.rows).toHaveLength(1);
      expect(answered.rows).toEqual(expected.rows);
      expect(answered.fields).toEqual(expected.fields);
    }
    const inserted = await client.query("INSERT INTO item (id, name) VALUES ($1, $2), ($3, $4)", [
      2,
      "two",
      3,
      "three",
    ]);
    expect(inserted.affectedRows).toBe(2);
  });

  it("parses a text once however often it runs, and keeps at most its capacity, closing the oldest", async () => {
    const byId = "SELECT name FROM item WHERE id = $1";
    for (let i = 0; i < 3; i++) expect((await client.query(byId, [1])).rows).toEqual([{ name: "one" }]);
    expect(await parsedStatements()).toEqual([byId]);

    await client.query("SELECT 2 AS two");
    await client.query(byId, [1]); // the most recently used: the next one closes "SELECT 2"
    await client.query("SELECT 3 AS three");
    expect(await parsedStatements()).toEqual([byId, "SELECT 3 AS three"]);
  });

  it("answers a raw query with the parsers it is given, from the same kept statement", async () => {
    const text = "SELECT id, at FROM item WHERE id = $1";
    const asText = { ...pglite.parsers, [1184]: (value: string) => value };
    const raw = await client.queryParsedBy<{ id: number; at: unknown }>(asText, text, [1]);
    expect(raw.rows).toEqual([{ id: 1, at: "2026-11-28 10:00:00+00" }]);
    expect((await client.query<{ at: unknown }>(text, [1])).rows[0]!.at).toEqual(
      new Date("2026-11-28T10:00:00Z"),
    );
    expect(await parsedStatements()).toEqual([text]);
  });

  it("rejects a failing statement with its SQLSTATE and answers the next one", async () => {
    await expect(
      client.query("INSERT INTO item (id, name) VALUES ($1, $2)", [1, "again"]),
    ).rejects.toMatchObject({
      code: "23505",
    });
    await expect(client.query("SELEKT 1")).rejects.toMatchObject({ code: "42601" });
    expect(await parsedStatements()).toEqual(["INSERT INTO item (id, name) VALUES ($1, $2)"]);
    expect((await client.query("SELECT count(*)::int AS n FROM item")).rows).toEqual([{ n: 1 }]);
  });

  it("parses a statement afresh when a change to the schema alters its rows", async () => {
    const all = "SELECT * FROM item";
    expect((await client.query(all)).fields).toHaveLength(5);
    await pglite.exec("ALTER TABLE item ADD COLUMN extra text DEFAULT 'new'");
    const [row] = (await client.query<{ extra: string }>(all)).rows;
    expect(row!.extra).toBe("new");
  });

  it("runs a transaction's statements inside it: a rollback leaves nothing, and others wait for its end", async () => {
    const insert = "INSERT INTO item (id, name) VALUES ($1, $2)";
    await expect(
      client.transaction(async (tx) => {
        await tx.query(insert, [10, "rolled back"]);
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    expect((await client.query("SELECT id FROM item WHERE id = $1", [10])).rows).toEqual([]);

    const order: string[] = [];
    let outside!: Promise<unknown[]>;
    await client.transaction(async (tx) => {
      await tx.query(insert, [11, "committed"]);
      // Asked while the transaction is open: answered after it ends, never inside it.
      outside = client.query("SELECT name FROM item WHERE id = $1", [11]).then((result) => {
        order.push("outside answered");
        return result.rows;
      });
      await tx.query("SELECT 1");
      order.push("transaction ends");
    });
    expect(await outside).toEqual([{ name: "committed" }]);
    expect(order).toEqual(["transaction ends", "outside answered"]);
  });

  it("still hands notifications to PGlite's listeners", async () => {
    const heard: string[] = [];
    await pglite.listen("pulse_test", (payload) => heard.push(payload));
    await client.query("SELECT pg_notify('pulse_test', $1)", ["hello"]);
    await client.transaction(async (tx) => {
      await tx.query("SELECT pg_notify('pulse_test', $1)", ["after commit"]);
    });
    // PGlite hands each notification on in a microtask, run before the awaited query's answer arrives here.
    expect(heard).toEqual(["hello", "after commit"]);
  });
});

describe("Pulse's embedded database", () => {
  it("plans each run of a kept statement for its own values, never once for all (decision 0082)", async () => {
    const db = await openDatabase({ startFrom: seeded });
    try {
      const byId = db.orm
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, sql.placeholder("id")))
        .prepare("");
      for (let i = 0; i < 8; i++) await byId.execute({ id: randomUUID() });
      const [plans] = await db.query<{ custom_plans: number; generic_plans: number }>(
        "SELECT custom_plans::int, generic_plans::int FROM pg_prepared_statements WHERE statement LIKE '%users%'",
      );
      expect(plans).toEqual({ custom_plans: 8, generic_plans: 0 });
    } finally {
      await db.close();
    }
  });
});
