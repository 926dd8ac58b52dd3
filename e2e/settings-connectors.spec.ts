import type { BrowserContext, Page } from "@playwright/test";
import { allowConsoleErrors, expect, expectNoSeriousA11yViolations, test } from "./fixtures/test";
import { signIn } from "./fixtures/sign-in";

/**
 * Each test signs in as its own user: the worker's server (and its connectors table) is shared by the file's tests.
 */
async function openConnectors(page: Page) {
  await signIn(page, `settings-${test.info().testId}@acme.com`);
  await gotoConnectors(page);
}

async function gotoConnectors(page: Page) {
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Connectors" }).click();
  await expect(page.getByRole("list", { name: "Connectors", exact: true }).getByRole("listitem")).toHaveCount(
    12,
  );
}

const sw = (page: Page, name: string) => page.getByRole("switch", { name, exact: true });
/** A toast by its title, and by its description when several with that title may be on screen. */
const toast = (page: Page, title: string, description?: string) =>
  page
    .locator("[data-sonner-toast]")
    .filter({ has: page.getByText(title, { exact: true }) })
    .filter(description ? { hasText: description } : {});
const statusList = (page: Page) => page.getByRole("list", { name: "Enabled connectors" });

/** Turns a popup connector on through the simulator's page; resolves once the switch is on and usable again. */
async function connectThroughPopup(page: Page, name: string, answer: "Authorize" | "Deny" = "Authorize") {
  const popupOpened = page.waitForEvent("popup");
  await sw(page, name).click();
  const popup = await popupOpened;
  await expect(sw(page, name)).toBeDisabled();
  await popup.getByRole("button", { name: answer, exact: true }).click();
  await expect(sw(page, name)).toBeEnabled();
  return popup;
}

test.describe("Settings: connectors without a popup flow", () => {
  test("on and off with toasts and the status card; still on after a reload", async ({ page }) => {
    await openConnectors(page);
    await expect(page.getByText("No connectors enabled.")).toBeVisible();
    await sw(page, "Slack").click();
    await expect(toast(page, "Connected", "Slack is now connected.")).toBeVisible();
    await expect(sw(page, "Slack")).toBeChecked();
    await expect(statusList(page)).toContainText("Slack");
    await sw(page, "Jira").click();
    await expect(toast(page, "Connected", "Jira is now connected.")).toBeVisible();

    await page.reload();
    await page.getByRole("tab", { name: "Connectors" }).click();
    await expect(sw(page, "Slack")).toBeChecked();
    await expect(sw(page, "Jira")).toBeChecked();

    await sw(page, "Slack").click();
    await expect(toast(page, "Disconnected", "Slack has been disconnected.")).toBeVisible();
    await expect(sw(page, "Slack")).not.toBeChecked();
    await expect(statusList(page)).not.toContainText("Slack");
    await expectNoSeriousA11yViolations(page);
  });

  test("a second tab sees the change through realtime", async ({ page, context }) => {
    await openConnectors(page);
    const other = await context.newPage();
    await gotoConnectors(other);
    await sw(page, "Zoom").click();
    await expect(sw(other, "Zoom")).toBeChecked();
    await sw(other, "Zoom").click();
    await expect(sw(page, "Zoom")).not.toBeChecked();
  });

  test("a second click while the flip is on its way sends no second request", async ({ page }) => {
    await openConnectors(page);
    // The first request is held until both clicks have landed: on a fast machine it could otherwise be answered
    // between them, and the second click would be a new flip (off again), not a repeat.
    let puts = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/connectors/trello", async (route) => {
      if (route.request().method() === "PUT") puts += 1;
      await held;
      await route.continue();
    });
    await sw(page, "Trello").dblclick();
    await expect(sw(page, "Trello")).toBeChecked();
    release();
    await expect(toast(page, "Connected", "Trello is now connected.")).toBeVisible();
    await expect(sw(page, "Trello")).toBeChecked();
    expect(puts).toBe(1);
  });
});

test.describe("Settings: popup connectors through the development workflow simulator", () => {
  for (const name of ["Asana", "Google Drive"]) {
    test(`${name}: Authorize turns it on through realtime; disconnect turns it off`, async ({ page }) => {
      await openConnectors(page);
      await connectThroughPopup(page, name);
      await expect(sw(page, name)).toBeChecked();
      await expect(statusList(page)).toContainText(name);

      // Disconnecting is disabled until its change arrives; the simulator answers too fast to see it reliably.
      await sw(page, name).click();
      await expect(sw(page, name)).not.toBeChecked();
      await expect(sw(page, name)).toBeEnabled();
      await expect(page.getByText("No connectors enabled.")).toBeVisible();
    });

    test(`${name}: Deny leaves it off and usable`, async ({ page }) => {
      await openConnectors(page);
      await connectThroughPopup(page, name, "Deny");
      await expect(sw(page, name)).not.toBeChecked();
      // Usable: a second attempt opens the popup again.
      await connectThroughPopup(page, name);
      await expect(sw(page, name)).toBeChecked();
    });
  }

  test("closing the popup without an answer makes the switch usable again", async ({ page }) => {
    await openConnectors(page);
    const popupOpened = page.waitForEvent("popup");
    await sw(page, "Asana").click();
    const popup = await popupOpened;
    await expect(popup.getByRole("button", { name: "Authorize", exact: true })).toBeVisible();
    await expect(sw(page, "Asana")).toBeDisabled();
    await popup.close();
    // The page waits 5 s for a late change before it gives up on the attempt.
    await expect(sw(page, "Asana")).toBeEnabled({ timeout: 10_000 });
    await expect(sw(page, "Asana")).not.toBeChecked();
  });

  test("a second tab sees Asana connect", async ({ page, context }) => {
    await openConnectors(page);
    const other = await context.newPage();
    await gotoConnectors(other);
    await connectThroughPopup(page, "Asana");
    await expect(sw(other, "Asana")).toBeChecked();
  });
});

test.describe("Settings: sync under a controlled clock and a fixed random source", () => {
  async function withFixedRandom(page: Page, context: BrowserContext, value: number) {
    await context.addInitScript((v) => {
      Math.random = () => v;
    }, value);
    await page.clock.install();
  }

  test("simulated success: Syncing... for 2 s, Sync Successful, idle after 3 s", async ({
    page,
    context,
  }) => {
    await openConnectors(page);
    await sw(page, "Slack").click();
    await expect(sw(page, "Slack")).toBeChecked();
    await withFixedRandom(page, context, 0.1);
    await gotoConnectors(page);
    const sync = page.getByRole("button", { name: "Sync Slack" });
    await sync.click();
    await expect(sync).toHaveText("Syncing...");
    await page.clock.runFor(2_000);
    await expect(toast(page, "Sync Successful")).toContainText("Slack synced successfully.");
    await expect(sync).toHaveAttribute("data-status", "success");
    await page.clock.runFor(3_000);
    await expect(sync).toHaveAttribute("data-status", "idle");
  });

  test("simulated failure: Sync Failed with the connector's name", async ({ page, context }) => {
    await openConnectors(page);
    await sw(page, "Notion").click();
    await expect(sw(page, "Notion")).toBeChecked();
    await withFixedRandom(page, context, 0.95);
    await gotoConnectors(page);
    await page.getByRole("button", { name: "Sync Notion" }).click();
    await page.clock.runFor(2_000);
    await expect(toast(page, "Sync Failed")).toContainText("Failed to sync Notion. Please try again.");
  });

  test("Asana: projects sync and data sync through the simulator", async ({ page }) => {
    await openConnectors(page);
    await connectThroughPopup(page, "Asana");
    await page.getByRole("button", { name: "Sync Asana", exact: true }).click();
    await expect(toast(page, "Sync Successful")).toContainText("Asana synced successfully.");
    await page.getByRole("button", { name: "Sync Asana Data" }).click();
    await expect(toast(page, "Data Sync Successful")).toBeVisible();
  });
});

test.describe("Settings: Asana Sync Preferences", () => {
  test.use(allowConsoleErrors(/status of (401|500)/));

  test("round trip, axe-clean with the panel open; a 401 and a failure keep it open", async ({ page }) => {
    // A popup sign-in, a sync, an axe pass, four saves and a reload: about 25 s alone, twice that on a busy machine.
    test.setTimeout(90_000);
    await openConnectors(page);
    await connectThroughPopup(page, "Asana");
    await page.getByRole("button", { name: "Sync Asana", exact: true }).click();
    await expect(toast(page, "Sync Successful")).toBeVisible();

    await page.getByText("Projects and tasks from your Asana workspaces").click();
    const panel = page.getByRole("dialog", { name: "Asana Sync Preferences" });
    await expect(panel.getByRole("radio", { name: "Sync all projects" })).toBeChecked();
    await panel.getByRole("radio", { name: "Sync selected projects" }).click();
    const projects = panel.getByRole("list", { name: "Asana projects" }).getByRole("checkbox");
    await expect(projects.first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const first = projects.first();
    const firstName = await first
      .getAttribute("id")
      .then((id) => page.locator(`label[for="${id}"]`).innerText());
    await first.click();

    await page.route("**/functions/v1/syncAsanaPreferences", (route) =>
      route.fulfill({ status: 401, json: { error: { code: "unauthorized", message: "Sign in again." } } }),
    );
    await panel.getByRole("button", { name: "Save Preferences" }).click();
    await expect(toast(page, "Session Expired")).toContainText(
      "Please reauthenticate to update your Asana sync preferences.",
    );
    await expect(panel).toBeVisible();

    await page.unroute("**/functions/v1/syncAsanaPreferences");
    await page.route("**/functions/v1/syncAsanaPreferences", (route) =>
      route.fulfill({ status: 500, json: { error: { code: "internal", message: "Internal error" } } }),
    );
    await panel.getByRole("button", { name: "Save Preferences" }).click();
    await expect(toast(page, "Failed to save preferences")).toBeVisible();
    await expect(panel).toBeVisible();

    await page.unroute("**/functions/v1/syncAsanaPreferences");
    await panel.getByRole("button", { name: "Save Preferences" }).click();
    await expect(toast(page, "Preferences Saved")).toContainText(
      "Your Asana sync preferences have been updated.",
    );
    await expect(panel).toBeHidden();

    await page.reload();
    await page.getByRole("tab", { name: "Connectors" }).click();
    await page.getByRole("button", { name: "Sync Preferences" }).click();
    await expect(panel.getByRole("radio", { name: "Sync selected projects" })).toBeChecked();
    await expect(panel.getByRole("checkbox", { name: firstName })).toBeChecked();
  });
});
