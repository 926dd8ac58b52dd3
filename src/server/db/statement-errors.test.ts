import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useFileDatabase } from "../../testing/database-per-file";
import { databaseStats, rowsOf } from "./client";

const file = useFileDatabase();

const errors = () => databaseStats(file.db)!.statementErrors;
const refused = (running: Promise<unknown>) => expect(running).rejects.toMatchObject({});

describe("statement errors, counted once each wherever the statement ran (pulse_db_statement_errors_total)", () => {
  it("a raw query, a Drizzle statement and a statement inside a transaction; none for statements that succeed", async () => {
    const before = errors();
    await file.db.query("SELECT 1");
    await rowsOf(file.db.orm, sql`SELECT 1`);
    expect(errors()).toBe(before);

    await refused(file.db.query("SELECT * FROM no_such_table"));
    expect(errors()).toBe(before + 1);
    await refused(rowsOf(file.db.orm, sql`SELECT * FROM no_such_table`));
    expect(errors()).toBe(before + 2);
    await refused(
      file.db.orm.transaction(async (tx) => {
        await rowsOf(tx, sql`SELECT 1`);
        await rowsOf(tx, sql`SELECT * FROM no_such_table`);
      }),
    );
    expect(errors()).toBe(before + 3);
  });
});
