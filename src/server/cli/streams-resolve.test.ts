import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { migratedDataDir } from "../../testing/migrated-data-dir";
import { capture } from "../../testing/operator-io";
import { run } from "./streams-resolve";

let dataDir: string;
let env: Record<string, string>;

async function withDb<T>(use: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>): Promise<T> {
  const db = await openDatabase({ dataDir });
  try {
    return await use(db);
  } finally {
    await db.close();
  }
}

/** Each external id's Stream, numbered in order of first appearance, and its PulseMap's name. */
async function streams(): Promise<Record<string, string>> {
  return withDb(async (db) => {
    const rows = await db.query<{ external_id: string; stream_id: string; project: string | null }>(
      `SELECT a.external_id, a.stream_id, p.name AS project FROM pulse.project_aliases a
       LEFT JOIN pulse.projects p ON p.id = a.project_id ORDER BY a.discovered_at, a.id`,
    );
    const numbers = new Map<string, number>();
    return Object.fromEntries(
      rows.map((r) => {
        if (!numbers.has(r.stream_id)) numbers.set(r.stream_id, numbers.size + 1);
        return [r.external_id, `${numbers.get(r.stream_id)}${r.project ? ` ${r.project}` : ""}`];
      }),
    );
  });
}

beforeAll(async () => {
  dataDir = await migratedDataDir("pulse-streams-resolve-");
  env = { DATA_DIR: dataDir, LOG_LEVEL: "silent" };
  // Items as a server before the resolver stored them: grouped by exact raw name only.
  await withDb(async (db) => {
    await db.query(
      `INSERT INTO pulse.project_aliases (raw_name, source_app, external_id, discovered_at) VALUES
        ('Website relaunch', 'asana', 'A-1', '2026-01-01T00:00:00Z'),
        ('RE: Website relaunch – timeline', 'gmail', 'M-1', '2026-01-02T00:00:00Z'),
        ('#website-relaunch', 'slack', 'S-1', '2026-01-03T00:00:00Z'),
        ('Website Relaunch weekly sync', 'zoom', 'Z-1', '2026-01-04T00:00:00Z'),
        ('Q3 budget review', 'gmail', 'Q-3', '2026-01-05T00:00:00Z'),
        ('Q4 budget review', 'gmail', 'Q-4', '2026-01-06T00:00:00Z')`,
    );
    // A PulseMap made from the Asana project, and a person's correction: the Zoom meeting is not this project.
    const [project] = await db.query<{ id: string }>(
      `INSERT INTO pulse.projects (name, alias_id)
       SELECT 'Website relaunch', id FROM pulse.project_aliases WHERE external_id = 'A-1' RETURNING id`,
    );
    await db.query(
      `UPDATE pulse.streams SET project_id = $1
       WHERE id = (SELECT stream_id FROM pulse.project_aliases WHERE external_id = 'A-1')`,
      [project!.id],
    );
    await db.query("UPDATE pulse.project_aliases SET project_id = $1 WHERE external_id = 'A-1'", [
      project!.id,
    ]);
    await db.exec(`
      WITH c AS (
        INSERT INTO pulse.stream_corrections (item_id)
        SELECT id FROM pulse.project_aliases WHERE external_id = 'Z-1' RETURNING id, item_id)
      INSERT INTO pulse.stream_cannot_link (correction_id, item_id, other_id)
      SELECT c.id, c.item_id, a.id FROM c, pulse.project_aliases a WHERE a.external_id = 'A-1';
    `);
  });
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("npm run streams:resolve", () => {
  it("re-resolves every item: PulseMaps gather their project, corrections and confusable names stay apart", async () => {
    expect(await streams()).toEqual({
      "A-1": "1 Website relaunch",
      "M-1": "2",
      "S-1": "3",
      "Z-1": "4",
      "Q-3": "5",
      "Q-4": "6",
    });
    const { io, out } = capture();
    expect(await run([], env, io)).toBe(0);
    expect(out).toEqual([
      expect.stringMatching(
        /^Resolved 6 items into 4 Streams \(1 PulseMap\); 2 items changed Stream in [\d.]+ s\.$/,
      ),
    ]);
    expect(await streams()).toEqual({
      "A-1": "1 Website relaunch",
      "M-1": "1 Website relaunch",
      "S-1": "1 Website relaunch",
      "Z-1": "2",
      "Q-3": "3",
      "Q-4": "4",
    });
  });

  it("gives the same result when run again", async () => {
    const before = await streams();
    const { io, out } = capture();
    expect(await run([], env, io)).toBe(0);
    expect(out[0]).toMatch(/; 0 items changed Stream/);
    expect(await streams()).toEqual(before);
  });

  it("takes no arguments", async () => {
    const { io, err } = capture();
    expect(await run(["--all"], env, io)).toBe(2);
    expect(err).toEqual(["Usage: npm run streams:resolve"]);
  });
});
