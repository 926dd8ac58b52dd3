import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { migrationFiles } from "../db/migrate";
import { freePort } from "../../testing/free-port";
import { migratedDataDir } from "../../testing/migrated-data-dir";
import { runOperatorCommand } from "../../testing/operator-process";
import { run } from "./db-migrate";
import { capture } from "../../testing/operator-io";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "pulse-db-migrate-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("npm run db:migrate", { timeout: 60_000 }, () => {
  it("applies every migration to a new embedded database, one line each, then has nothing to apply", async () => {
    const dataDir = tempDir();
    const first = capture();
    expect(await run([], { DATA_DIR: dataDir }, first.io)).toBe(0);
    expect(first.out).toEqual(migrationFiles().map((name) => `applied ${name}`));
    expect(first.err).toEqual([]);

    const again = capture();
    expect(await run([], { DATA_DIR: dataDir }, again.io)).toBe(0);
    expect(again.out).toEqual([
      `nothing to apply: the embedded database in ${dataDir} has all ${migrationFiles().length} migrations`,
    ]);
  });

  it("refuses in one line while a server holds the embedded database", async () => {
    const dataDir = await migratedDataDir("pulse-db-migrate-");
    dirs.push(dataDir);
    const server = await openDatabase({ dataDir });
    try {
      const { io, out, err } = capture();
      expect(await run([], { DATA_DIR: dataDir }, io)).toBe(1);
      expect(out).toEqual([]);
      expect(err).toEqual([
        `db:migrate: ${dataDir} is in use by a running Pulse server, which applied the migrations as it started; ` +
          "stop it first to run db:migrate (the embedded database opens in one process at a time)",
      ]);
    } finally {
      await server.close();
    }
  });

  it("fails in one line, without the password, when PostgreSQL does not answer", async () => {
    const port = await freePort();
    const { io, out, err } = capture();
    const env = { DATABASE_URL: `postgres://pulse:s3cret-password@127.0.0.1:${port}/pulse` };
    expect(await run([], env, io)).toBe(1);
    expect(out).toEqual([]);
    expect(err).toEqual([`db:migrate: cannot migrate DATABASE_URL: connect ECONNREFUSED 127.0.0.1:${port}`]);
  });

  it("takes no arguments", async () => {
    const { io, err } = capture();
    expect(await run(["--force"], {}, io)).toBe(2);
    expect(err).toEqual([
      "db:migrate: takes no arguments",
      "Usage: npm run db:migrate (reads DATABASE_URL, else DATA_DIR)",
    ]);
  });

  it("runs as its own process, under the production rules without any production setting", async () => {
    const dataDir = tempDir();
    // What a deploy pipeline has: where the database is, and nothing else.
    const env = { NODE_ENV: "production", HOST: "0.0.0.0", DATA_DIR: dataDir };
    const first = await runOperatorCommand("db-migrate", [], env);
    expect(first, first.stderr).toMatchObject({ code: 0, stderr: "" });
    expect(first.stdout).toBe(
      migrationFiles()
        .map((name) => `applied ${name}\n`)
        .join(""),
    );
    // It generated no development secret: those belong to a server that runs without JWT_SECRET.
    expect(existsSync(path.join(dataDir, "jwt-secret"))).toBe(false);

    const again = await runOperatorCommand("db-migrate", [], env);
    expect(again).toMatchObject({ code: 0, stderr: "" });
    expect(again.stdout).toMatch(/^nothing to apply: /);
  });
});
