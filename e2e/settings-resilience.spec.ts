import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures/test";
import { signIn } from "./fixtures/sign-in";

/** Each test signs in as its own user: the worker's server (and its connectors table) is shared by the file's tests. */
async function signInFresh(page: Page) {
  await signIn(page, `resilience-${test.info().testId}@acme.com`);
}

const navLink = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true });
const sw = (page: Page, name: string) => page.getByRole("switch", { name, exact: true });
const toast = (page: Page, title: string) =>
  page.locator("[data-sonner-toast]").filter({ has: page.getByText(title, { exact: true }) });

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole("combobox", { name: combobox }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

async function gotoConnectors(page: Page) {
  await page.getByRole("tab", { name: "Connectors" }).click();
  await expect(page.getByRole("list", { name: "Connectors", exact: true }).getByRole("listitem")).toHaveCount(
    12,
  );
}

test.describe("Settings: User Preferences are kept while the page is open", () => {
  test("a switch to Connectors and a visit to another page keep them; a reload forgets them", async ({
    page,
  }) => {
    await signInFresh(page);
    await navLink(page, "Settings").click();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();

    await choose(page, "Communication Method", "Slack");
    await choose(page, "Frequency", "Weekly");
    await choose(page, "Time Zone", "CET");
    await page.getByLabel("Start Time").fill("08:15");
    await page.getByLabel("End Time").fill("18:45");
    await page.getByLabel("Profile photo").setInputFiles({
      name: "me.png",
      mimeType: "image/png",
      buffer: Buffer.from("89504e470d0a1a0a", "hex"),
    });
    await expect(page.getByText("me.png")).toBeVisible();

    const expectKept = async () => {
      await expect(page.getByRole("combobox", { name: "Communication Method" })).toHaveText("Slack");
      await expect(page.getByRole("combobox", { name: "Frequency" })).toHaveText("Weekly");
      await expect(page.getByRole("combobox", { name: "Time Zone" })).toHaveText("CET");
      await expect(page.getByLabel("Start Time")).toHaveValue("08:15");
      await expect(page.getByLabel("End Time")).toHaveValue("18:45");
      await expect(page.getByText("me.png")).toBeVisible();
    };

    await gotoConnectors(page);
    await page.getByRole("tab", { name: "User Preferences" }).click();
    await expectKept();

    // Another page of the app and back, without a reload.
    await navLink(page, "PulseOps").click();
    await expect(page.getByRole("heading", { level: 1, name: "PulseOps" })).toBeVisible();
    await navLink(page, "Settings").click();
    await expectKept();
    await expectNoSeriousA11yViolations(page);

    // SPEC §3: local only, so a reload starts from the defaults.
    await page.reload();
    await expect(page.getByRole("combobox", { name: "Communication Method" })).toHaveText("Email");
    await expect(page.getByRole("combobox", { name: "Time Zone" })).toHaveText("UTC");
    await expect(page.getByLabel("Start Time")).toHaveValue("09:00");
    await expect(page.getByText("me.png")).toHaveCount(0);
  });
});

test.describe("Settings: a disconnect the workflow service never reports back", () => {
  test("after 5 s the switch shows the stored state again, with SPEC's Disconnection Error", async ({
    page,
  }) => {
    await signInFresh(page);
    await page.goto("/settings");
    await gotoConnectors(page);
    const popupOpened = page.waitForEvent("popup");
    await sw(page, "Asana").click();
    const popup = await popupOpened;
    await popup.getByRole("button", { name: "Authorize", exact: true }).click();
    await expect(sw(page, "Asana")).toBeChecked();
    await expect(sw(page, "Asana")).toBeEnabled();

    await page.clock.install();
    await page.reload();
    await gotoConnectors(page);
    // The service accepts the disconnect but, unlike the development simulator, never reports the change.
    let disconnects = 0;
    await page.route("**/api/connectors/asana/disconnect", (route) => {
      disconnects += 1;
      return route.fulfill({ status: 202, json: { status: "requested" } });
    });
    await sw(page, "Asana").click();
    await expect(page.getByText("Disconnecting...")).toBeVisible();
    await expect(sw(page, "Asana")).toBeDisabled();
    // The label shows on the press, before the request leaves the page: wait for it to reach the route.
    await expect.poll(() => disconnects).toBe(1);

    await page.clock.runFor(5_000);
    await expect(toast(page, "Disconnection Error")).toContainText("Failed to disconnect Asana");
    await expect(page.getByText("Disconnecting...")).toHaveCount(0);
    await expect(sw(page, "Asana")).toBeEnabled();
    await expect(sw(page, "Asana")).toBeChecked();
    await expect(page.getByRole("list", { name: "Enabled connectors" })).toContainText("Asana");
    expect(disconnects).toBe(1);
    await expectNoSeriousA11yViolations(page);
  });
});
