import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures/test";
import { signIn } from "./fixtures/sign-in";

const NO_USERS = "No users found (Demo mode - database tables need to be created)";
const NO_PREFERENCES = "No preferences found (Demo mode - database tables need to be created)";
const IMPERSONATION_ERROR = "Please select a user and provide a reason for impersonation";

async function openPulseOps(page: Page) {
  await signIn(page, "ada@acme.com");
  await page.getByRole("link", { name: "PulseOps" }).first().click();
  await expect(page).toHaveURL(/\/project-manager$/);
  await expect(page.getByRole("heading", { level: 1, name: "PulseOps" })).toBeVisible();
}

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole("combobox", { name: combobox, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

const bodyRows = (page: Page, table: string) => page.getByRole("table", { name: table }).locator("tbody tr");

test.describe("PulseOps", () => {
  test("User Admin: the demo users, search in any case with the role filter, empty text, axe-clean", async ({
    page,
    consoleErrors,
  }) => {
    await openPulseOps(page);
    await expect(page).toHaveTitle("PulseOps · Pulse");
    await expect(page.getByRole("tab", { name: "User Admin" })).toHaveAttribute("aria-selected", "true");
    const rows = bodyRows(page, "Users");
    await expect(rows).toHaveCount(6);
    await expectNoSeriousA11yViolations(page);

    const search = page.getByRole("searchbox", { name: "Search users" });
    await search.fill("LOVELACE");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("ada.lovelace@acme.com");
    await search.fill("Grace.Hopper@");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Grace Hopper");
    await search.fill("");
    await choose(page, "Filter by role", "member");
    await expect(rows).toHaveCount(2);
    await search.fill("katherine");
    await expect(rows).toHaveCount(1);
    await choose(page, "Filter by role", "team_lead");
    await expect(page.getByRole("cell", { name: NO_USERS })).toBeVisible();
    await choose(page, "Filter by role", "All Roles");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Katherine Johnson");
    await search.fill("");
    await expect(rows).toHaveCount(6);

    // Add User does nothing: no dialog, no toast, the same six rows.
    await page.getByRole("button", { name: "Add User" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(rows).toHaveCount(6);
    expect(consoleErrors).toEqual([]);
  });

  test("a role change toasts in demo mode and the row keeps its role", async ({ page, consoleErrors }) => {
    await openPulseOps(page);
    const row = page.getByRole("row", { name: /Alan Turing/ });
    await expect(row.getByText("team_lead", { exact: true }).first()).toBeVisible();
    await choose(page, "Change role for Alan Turing", "project_manager");
    await expect(page.getByText("User role updated successfully (demo mode)")).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Change role for Alan Turing" })).toHaveText("team_lead");
    await expect(row.locator("[data-colour]")).toHaveText("team_lead");
    await expect(row.locator("[data-colour]")).toHaveAttribute("data-colour", "green");
    expect(consoleErrors).toEqual([]);
  });

  test("Preferences: the demo rows, the method filter with the search, empty text, axe-clean", async ({
    page,
    consoleErrors,
  }) => {
    await openPulseOps(page);
    await page.getByRole("tab", { name: "Preferences" }).click();
    const rows = bodyRows(page, "Communication preferences");
    await expect(rows).toHaveCount(5);
    await expect(page.getByRole("row", { name: /Ada Lovelace/ })).toContainText("email");
    await expect(page.getByRole("row", { name: /Ada Lovelace/ })).toContainText("09:00 - 17:00");
    await expectNoSeriousA11yViolations(page);

    await choose(page, "Filter by method", "whatsapp");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Katherine Johnson");
    const search = page.getByRole("searchbox", { name: "Search preferences" });
    await search.fill("JOHNSON");
    await expect(rows).toHaveCount(1);
    await search.fill("hopper");
    await expect(page.getByRole("cell", { name: NO_PREFERENCES })).toBeVisible();
    await choose(page, "Filter by method", "All Methods");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("slack");
    expect(consoleErrors).toEqual([]);
  });

  test("Impersonation: the start rules, the error toast, the banner and stop, axe-clean", async ({
    page,
    consoleErrors,
  }) => {
    await openPulseOps(page);
    await page.getByRole("tab", { name: "Impersonation" }).click();
    const start = page.getByRole("button", { name: "Start Impersonation" });
    const reason = page.getByRole("textbox", { name: "Reason for impersonation" });
    await expect(start).toBeDisabled();
    await expectNoSeriousA11yViolations(page);

    // A keyboard submit with nothing chosen: the error toast, still inactive.
    await reason.fill("   ");
    await reason.press("Enter");
    await expect(page.getByText(IMPERSONATION_ERROR)).toBeVisible();
    await choose(page, "User to impersonate", "Katherine Johnson (katherine.johnson@acme.com)");
    await expect(start).toBeDisabled();
    await reason.fill("Checking her notification settings");
    await expect(start).toBeEnabled();
    await start.click();

    const banner = page.getByRole("region", { name: "IMPERSONATION ACTIVE" });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText("Katherine Johnson");
    await expect(banner).toContainText("monitored and logged");
    await expectNoSeriousA11yViolations(page);

    await banner.getByRole("button", { name: "Stop Impersonation" }).click();
    await expect(page.getByText("IMPERSONATION ACTIVE")).toHaveCount(0);
    await expect(page.getByRole("combobox", { name: "User to impersonate" })).toHaveText("Select a user");
    await expect(reason).toHaveValue("");
    await expect(start).toBeDisabled();
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("PulseOps on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("every tab is usable and axe-clean at 390 px", async ({ page, consoleErrors }) => {
    // Four full axe passes: more than the default budget on a shared two-core machine.
    test.setTimeout(90_000);
    await signIn(page, "ada@acme.com");
    await page.goto("/project-manager");
    await expect(page.getByRole("heading", { level: 1, name: "PulseOps" })).toBeVisible();
    await expect(bodyRows(page, "Users")).toHaveCount(6);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("tab", { name: "Preferences" }).click();
    await expect(bodyRows(page, "Communication preferences")).toHaveCount(5);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("tab", { name: "Impersonation" }).click();
    await choose(page, "User to impersonate", "Grace Hopper (grace.hopper@acme.com)");
    await page.getByRole("textbox", { name: "Reason for impersonation" }).fill("Phone check");
    await page.getByRole("button", { name: "Start Impersonation" }).click();
    await expect(page.getByText("IMPERSONATION ACTIVE")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // The page itself never scrolls sideways; wide tables scroll in their own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(consoleErrors).toEqual([]);
  });
});
