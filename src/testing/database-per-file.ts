import { afterAll, beforeAll } from "vitest";
import type { Database } from "../server/db/client";
import { openTestDatabase } from "./test-database";

/**
 * A fresh, migrated database for the test file that calls this at its top: opened before its first test, dropped
 * after its last. Kept apart from test-database.ts, which Playwright's fixtures import too (they have no vitest).
 */
export function useFileDatabase(): { readonly db: Database } {
  let opened: { db: Database; drop: () => Promise<void> } | undefined;
  beforeAll(async () => {
    opened = await openTestDatabase();
  });
  afterAll(async () => {
    await opened?.drop();
  });
  return {
    get db() {
      if (!opened) throw new Error("The file's database is opened in beforeAll: use it inside a test.");
      return opened.db;
    },
  };
}
