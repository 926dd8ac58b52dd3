import { PGlite } from "@electric-sql/pglite";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The settings that keep the embedded database's memory small (issue 23), as the running PostgreSQL reports them. */
const SETTINGS =
  "SELECT current_setting('shared_buffers') AS shared_buffers, current_setting('max_connections') AS max_connections";

describe("the embedded database's memory settings", { timeout: 60_000 }, () => {
  it("are what an in-memory database (the tests') runs with", async () => {
    const db = await openDatabase({});
    try {
      expect(await db.query(SETTINGS)).toEqual([{ shared_buffers: "16MB", max_connections: "1" }]);
    } finally {
      await db.close();
    }
  });

  it("apply to a DATA_DIR made before them, whose postgresql.conf keeps the stock 128MB", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "pulse-pglite-settings-"));
    dirs.push(dataDir);
    // A directory as Pulse made it before these settings: PGlite's defaults.
    const stock = await PGlite.create(path.join(dataDir, "pglite"));
    expect((await stock.query(SETTINGS)).rows).toEqual([{ shared_buffers: "128MB", max_connections: "100" }]);
    await stock.close();

    const db = await openDatabase({ dataDir });
    try {
      expect(await db.query(SETTINGS)).toEqual([{ shared_buffers: "16MB", max_connections: "1" }]);
    } finally {
      await db.close();
    }
    // Given on PostgreSQL's command line at every start, never written into the directory.
    const conf = readFileSync(path.join(dataDir, "pglite", "postgresql.conf"), "utf8");
    expect(conf).toMatch(/^shared_buffers = 128MB/m);
  });
});
