import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { boolean, date, interval, jsonb, numeric, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shareDrizzleParsers } from "./pglite-parsers";

const sample = pgTable("sample", {
  id: uuid("id").primaryKey(),
  at: timestamp("at", { withTimezone: true }).notNull(),
  atText: timestamp("at_text", { withTimezone: true, mode: "string" }).notNull(),
  local: timestamp("local").notNull(),
  day: date("day").notNull(),
  dayDate: date("day_date", { mode: "date" }).notNull(),
  span: interval("span").notNull(),
  amount: numeric("amount").notNull(),
  data: jsonb("data").notNull(),
  on: boolean("on").notNull(),
  tags: text("tags").array().notNull(),
  stamps: timestamp("stamps", { withTimezone: true, mode: "string" }).array().notNull(),
});

const DDL = `CREATE TABLE sample (id uuid PRIMARY KEY, at timestamptz NOT NULL, at_text timestamptz NOT NULL,
  local timestamp NOT NULL, day date NOT NULL, day_date date NOT NULL, span interval NOT NULL, amount numeric NOT NULL,
  data jsonb NOT NULL, "on" boolean NOT NULL, tags text[] NOT NULL, stamps timestamptz[] NOT NULL);
  INSERT INTO sample VALUES ('6f1c2d3e-0000-4000-8000-000000000001', '2026-11-23 10:11:12.345+00',
  '2026-11-23 10:11:12.345678+00', '2026-11-23 10:11:12', '2026-11-23', '2026-11-24', '1 day 02:03:04', 12.50,
  '{"a":[1,"b"]}', true, '{x,"y z"}', '{"2026-01-01 00:00:00+00","2026-02-01 00:00:00+00"}');`;

let plain: PGlite;
let shared: PGlite;
let sharing: ReturnType<typeof shareDrizzleParsers>;
beforeAll(async () => {
  [plain, shared] = await Promise.all([PGlite.create(), PGlite.create()]);
  await plain.exec(DDL);
  await shared.exec(DDL);
  sharing = shareDrizzleParsers(shared);
});
afterAll(async () => {
  await Promise.all([plain.close(), shared.close()]);
});

describe("PGlite with Drizzle's parsers held by the instance", () => {
  it("gives Drizzle the same values as its own driver, in queries, raw SQL and transactions", async () => {
    const reference = drizzle({ client: plain });
    const faster = drizzle({ client: sharing.drizzleClient as unknown as PGlite });

    const expected = await reference.select().from(sample);
    expect(expected[0]!.at).toEqual(new Date("2026-11-23T10:11:12.345Z"));
    expect(await faster.select().from(sample)).toEqual(expected);
    const rawSql = sql`SELECT at, span, day, stamps FROM sample`;
    expect((await faster.execute(rawSql)).rows).toEqual((await reference.execute(rawSql)).rows);
    expect(await faster.transaction((tx) => tx.select().from(sample))).toEqual(expected);
  });

  it("still answers raw queries with PGlite's own values (Dates), as node-postgres does", async () => {
    const [row] = (await sharing.rawQuery<{ at: unknown; day: unknown }>("SELECT at, day FROM sample")).rows;
    const [expected] = (await plain.query<{ at: unknown; day: unknown }>("SELECT at, day FROM sample")).rows;
    expect(row).toEqual(expected);
    expect(row!.at).toBeInstanceOf(Date);
  });
});
