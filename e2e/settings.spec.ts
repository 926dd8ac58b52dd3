import type { Page } from "@playwright/test";
import { blockChunk } from "./fixtures/build";
import { allowConsoleErrors, expect, expectNoSeriousA11yViolations, test } from "./fixtures/test";
import { signIn } from "./fixtures/sign-in";

async function openSettings(page: Page) {
  await signIn(page, "ada@acme.com");
  await page.getByRole("link", { name: "Settings" }).first().click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
}

const toast = (page: Page, title: string) =>
  page.locator("[data-sonner-toast]").filter({ has: page.getByText(title, { exact: true }) });

test.describe("Settings: User Preferences", () => {
  test("is the default tab, shows SPEC's defaults and is axe-clean", async ({ page }) => {
    await openSettings(page);
    await expect(page).toHaveTitle("Settings · Pulse");
    await expect(page.getByRole("tab", { name: "User Preferences" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    for (const card of ["Communication Preferences", "Work Hours", "Profile Photo"]) {
      await expect(page.getByRole("heading", { name: card })).toBeVisible();
    }
    await expect(page.getByRole("combobox", { name: "Communication Method" })).toHaveText("Email");
    await expect(page.getByRole("combobox", { name: "Frequency" })).toHaveText("Daily");
    await expect(page.getByLabel("Start Time")).toHaveValue("09:00");
    await expect(page.getByLabel("End Time")).toHaveValue("17:00");
    await expect(page.getByRole("combobox", { name: "Time Zone" })).toHaveText("UTC");
    await expectNoSeriousA11yViolations(page);
  });

  test("Save Preferences and the photo picker toast SPEC's words; nothing is sent", async ({ page }) => {
    await openSettings(page);
    const sent: string[] = [];
    page.on("request", (r) => {
      if (r.method() !== "GET") sent.push(`${r.method()} ${r.url()}`);
    });
    await page.getByRole("combobox", { name: "Communication Method" }).click();
    await page.getByRole("option", { name: "WhatsApp" }).click();
    await page.getByRole("combobox", { name: "Time Zone" }).click();
    await page.getByRole("option", { name: "PST" }).click();
    await page.getByLabel("End Time").fill("18:30");

    await page.getByLabel("Profile photo").setInputFiles({
      name: "me.png",
      mimeType: "image/png",
      buffer: Buffer.from("89504e470d0a1a0a", "hex"),
    });
    await expect(toast(page, "Photo Selected")).toContainText("Profile photo updated.");
    await expect(page.getByText("me.png")).toBeVisible();

    await page.getByRole("button", { name: "Save Preferences" }).click();
    await expect(toast(page, "Preferences Saved")).toContainText(
      "Your preferences have been updated successfully.",
    );
    await expect(page.getByRole("combobox", { name: "Communication Method" })).toHaveText("WhatsApp");
    await expect(page.getByRole("combobox", { name: "Time Zone" })).toHaveText("PST");
    await expect(page.getByLabel("End Time")).toHaveValue("18:30");
    await expectNoSeriousA11yViolations(page);
    expect(sent).toEqual([]);
  });
});

test.describe("Settings: Connectors tab", () => {
  test("a card and a named switch per connector, axe-clean", async ({ page }) => {
    await openSettings(page);
    await page.getByRole("tab", { name: "Connectors" }).click();
    const cards = page.getByRole("list", { name: "Connectors", exact: true }).getByRole("listitem");
    await expect(cards).toHaveCount(12);
    for (const name of ["Asana", "Slack", "Google Drive", "Google Meet", "Notes"]) {
      await expect(page.getByRole("switch", { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "Connection Status" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("Settings: the selects' code, fetched on demand", () => {
  // The test blocks the selects' code on purpose; the browser logs the blocked file.
  test.use(allowConsoleErrors(/^Failed to load resource: net::ERR_FAILED$/));

  test("comes once the page is shown; when it cannot be fetched, a press says so and the next press opens the list", async ({
    page,
  }) => {
    const code = await blockChunk(page, "components/ui/select.tsx");
    await openSettings(page);
    // The page was drawn without it, and asked for it (and failed) once shown, before anyone pressed anything.
    const method = page.getByRole("combobox", { name: "Communication Method" });
    await expect(method).toHaveText("Email");
    await expect.poll(code.asked).toBeGreaterThan(0);

    await method.click();
    const failed = "The options could not be loaded. Please check your connection and try again.";
    await expect(page.getByRole("alert")).toHaveText(failed);
    await expect(method).toHaveAccessibleDescription(failed);
    await expect(page.getByRole("listbox")).toBeHidden();

    code.letThrough();
    await method.click();
    await expect(page.getByRole("listbox")).toBeVisible();
    await page.getByRole("option", { name: "Slack" }).click();
    await expect(method).toHaveText("Slack");
    await expect(method).toBeFocused();
    await expect(page.getByText(failed)).toBeHidden();
  });
});
