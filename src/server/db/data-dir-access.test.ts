import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { openDatabase } from "./client";
import { DataDirAccessError, reachableByOthers, secureDataDir } from "./data-dir-access";
import { migratedDataDir } from "../../testing/migrated-data-dir";
import { startPulse } from "../../testing/pulse-process";

/**
 * Issue 37 item 1: DATA_DIR and all it holds reachable by Pulse's own account only (decision 0095). The tests run
 * as root here, which permissions do not stop, but the modes they check are the ones any other account meets.
 */
const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "pulse-data-dir-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const modeOf = (file: string) => statSync(file).mode & 0o777;

/** Opens every folder and file under `dir` to everyone, as PGlite left them before this fix (and more). */
function openToEveryone(dir: string): void {
  for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const entry = path.join(dir, name);
    chmodSync(entry, statSync(entry).isDirectory() ? 0o777 : 0o666);
  }
  chmodSync(dir, 0o777);
}

describe("DATA_DIR's modes", { timeout: 120_000 }, () => {
  it("are owner-only once a new embedded database is open, migrated and closed, generated secrets included", async () => {
    const dataDir = path.join(tempDir(), "data");
    loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir });
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, "jwt-secret"))).toBe(0o600);
    const loose: string[][] = [];
    const db = await openDatabase({ dataDir, onLooseDataDir: (entries) => loose.push(entries) });
    try {
      expect(readdirSync(path.join(dataDir, "pglite")).length).toBeGreaterThan(10);
      expect(reachableByOthers(dataDir)).toEqual([]);
      await db.exec("CREATE TABLE public.later (id int); INSERT INTO public.later VALUES (1)");
    } finally {
      await db.close();
    }
    expect(reachableByOthers(dataDir)).toEqual([]);
    // A new DATA_DIR is created owner-only, not repaired: nothing to report.
    expect(loose).toEqual([]);
  });

  it("are repaired at start when DATA_DIR was opened to others, and what was open is reported", async () => {
    const dataDir = await migratedDataDir("pulse-data-dir-");
    dirs.push(dataDir);
    openToEveryone(dataDir);
    const before = reachableByOthers(dataDir);
    expect(before.length).toBeGreaterThan(10);

    let reported: string[] = [];
    const db = await openDatabase({ dataDir, onLooseDataDir: (entries) => (reported = entries) });
    try {
      expect(reachableByOthers(dataDir)).toEqual([]);
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(0o600);
      expect(reported.sort()).toEqual(before.sort());
    } finally {
      await db.close();
    }
  });

  it("refuses a DATA_DIR another account owns, and changes nothing in it", () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, "notes"), "x", { mode: 0o644 });
    const owner = statSync(dataDir).uid;
    expect(() => secureDataDir(dataDir, owner + 1)).toThrow(
      new DataDirAccessError(
        `${dataDir} belongs to another account (uid ${owner}), not to the one Pulse runs as (uid ${owner + 1}): ` +
          "chown it to that account, or set DATA_DIR to a folder inside it, which Pulse creates owner-only",
      ),
    );
    expect(modeOf(path.join(dataDir, "notes"))).toBe(0o644);
  });

  it("refuses a DATA_DIR that is a file", () => {
    const file = path.join(tempDir(), "data");
    writeFileSync(file, "");
    expect(() => secureDataDir(file)).toThrow(
      new DataDirAccessError(`${file} is not a folder (check DATA_DIR)`),
    );
  });

  it("leaves symbolic links and owner-only entries as they are", () => {
    const dataDir = tempDir();
    mkdirSync(path.join(dataDir, "sub"), { mode: 0o700 });
    writeFileSync(path.join(dataDir, "sub", "kept"), "x", { mode: 0o400 });
    chmodSync(path.join(dataDir, "sub", "kept"), 0o400);
    expect(secureDataDir(dataDir)).toEqual([]);
    expect(modeOf(path.join(dataDir, "sub", "kept"))).toBe(0o400);
  });
});

describe("npm start's DATA_DIR", { timeout: 180_000 }, () => {
  it("holds nothing group or others can reach while the server runs or after it stops; one opened to others is repaired and said", async () => {
    const dataDir = path.join(tempDir(), "data");
    const first = await startPulse({ env: { DATA_DIR: dataDir } });
    try {
      expect(existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(true);
      expect(reachableByOthers(dataDir)).toEqual([]);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    expect(reachableByOthers(dataDir)).toEqual([]);

    openToEveryone(dataDir);
    const loose = reachableByOthers(dataDir).length;
    const second = await startPulse({ env: { DATA_DIR: dataDir } });
    try {
      const line = JSON.parse(await second.waitForLog(/DATA_DIR was open to other accounts/)) as {
        level: number;
        msg: string;
        entries: number;
      };
      expect(line.msg).toBe(
        `DATA_DIR was open to other accounts: made ${loose} folders and files owner-only (0700/0600)`,
      );
      expect(line.entries).toBe(loose);
      expect(reachableByOthers(dataDir)).toEqual([]);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });
});
