import { sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client";
import { expect, test } from "./fixtures/test";
import { startServer } from "./fixtures/server";
import { signIn, storedSession } from "./fixtures/sign-in";

/**
 * Issue #13 "the server restarted while the Settings page is open": the page reconnects its realtime socket,
 * rejoins and refetches, so it shows a change committed while it was disconnected. The test has a server of its
 * own, since it restarts it; the change is written straight into the stopped server's database.
 */
test("the Settings page reconnects after a server restart and shows what changed meanwhile", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const server = await startServer();
  const context = await browser.newContext({ baseURL: server.baseURL });
  try {
    const page = await context.newPage();
    await signIn(page, "restart@acme.com");
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Connectors" }).click();
    const notion = page.getByRole("switch", { name: "Notion", exact: true });
    await expect(notion).not.toBeChecked();
    const session = await storedSession(page, server.baseURL);
    const userId = (session!.user as { id?: string }).id!;

    await server.restart(async () => {
      const db = await openDatabase({ dataDir: server.dataDir });
      try {
        await db.orm.execute(sql`
          INSERT INTO pulse.connectors (user_id, type, is_active) VALUES (${userId}, 'notion', true)
          ON CONFLICT (user_id, type) DO UPDATE SET is_active = true`);
      } finally {
        await db.close();
      }
    });

    // Reconnect after 1, 2, 5, 10 … s (SPEC §9), then rejoin and refetch: no reload.
    await expect(notion).toBeChecked({ timeout: 45_000 });
    await expect(page.getByRole("list", { name: "Enabled connectors" })).toContainText("Notion");

    // And live again: a change made now through another tab arrives too.
    const other = await context.newPage();
    await other.goto("/settings");
    await other.getByRole("tab", { name: "Connectors" }).click();
    await other.getByRole("switch", { name: "Notion", exact: true }).click();
    await expect(notion).not.toBeChecked();
  } finally {
    await context.close();
    await server.stop();
  }
});
