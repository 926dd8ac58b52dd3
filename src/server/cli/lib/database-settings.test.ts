import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { databaseSettings, oneLine } from "./database-settings";

const dataDir = mkdtempSync(path.join(tmpdir(), "pulse-db-settings-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("databaseSettings", () => {
  it("reads DATABASE_URL and DATA_DIR exactly as loadConfig does", () => {
    // Secrets given, so loadConfig writes nothing.
    const secrets = { JWT_SECRET: "x".repeat(32), WORKFLOW_SECRET: "whsec_dGVzdA==" };
    for (const env of [
      {},
      { DATABASE_URL: "  postgres://pulse@db.internal:5432/pulse  " },
      { DATABASE_URL: "   " },
      { DATA_DIR: "relative/data" },
      { DATA_DIR: dataDir },
      { DATA_DIR: "" },
    ]) {
      const config = loadConfig({ NODE_ENV: "test", ...secrets, ...env });
      expect(databaseSettings(env), JSON.stringify(env)).toEqual({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
      });
    }
  });

  it("needs no production setting and writes nothing into DATA_DIR", () => {
    const env = { NODE_ENV: "production", HOST: "0.0.0.0", DATA_DIR: dataDir };
    expect(() => loadConfig(env)).toThrow(/Production needs these settings/);
    expect(databaseSettings(env)).toEqual({ databaseUrl: undefined, dataDir });
    expect(readdirSync(dataDir)).toEqual([]);
  });
});

describe("oneLine", () => {
  it("folds a message of several lines into one", () => {
    expect(oneLine(new Error("first\n  second\nthird"))).toBe("first second third");
    expect(oneLine("plain")).toBe("plain");
  });
});
