import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { format } from "date-fns";
import { allowConsoleErrors, expect, expectNoSeriousA11yViolations, test } from "./fixtures/test";
import { signIn } from "./fixtures/sign-in";
import { discover } from "./fixtures/workflow-events";

/** Items of one new Stream, named uniquely: the worker's server (and its candidates) is shared by its tests. */
function stream(name: string, apps: string[]) {
  return apps.map((source_app) => ({
    raw_name: name,
    source_app,
    external_id: `${source_app}-${randomUUID()}`,
    seen_at: new Date().toISOString(),
  }));
}

async function openStreams(page: Page) {
  await signIn(page, "ada@acme.com");
  await page.getByRole("link", { name: "Streams" }).first().click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole("heading", { level: 1, name: "Streams" })).toBeVisible();
}

const candidateRow = (page: Page, name: string) =>
  page.getByRole("table", { name: "PulseMap Candidates" }).getByRole("row").filter({ hasText: name });

function recordDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on("dialog", (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

async function createPulseMap(page: Page, name: string) {
  await page.getByRole("button", { name: `Actions for ${name}` }).click();
  await expect(page.getByRole("menuitem", { name: "Merge with Existing PulseMap" })).toBeDisabled();
  await page.getByRole("menuitem", { name: "Create New PulseMap" }).click();
}

test.describe("Streams", () => {
  test("discoveries sent through the signed endpoint become a PulseMap from the New Items tab", async ({
    page,
    server,
  }) => {
    const name = `Website relaunch ${randomUUID().slice(0, 8)}`;
    await discover(server, stream(name, ["jira", "slack", "google_meet_gemini", "basecamp"]));
    const dialogs = recordDialogs(page);
    await openStreams(page);

    await expect(page.getByText("Here's what we've found in your apps...")).toBeVisible();
    await expect(page.getByRole("tab", { name: "New Items" })).toHaveAttribute("aria-selected", "true");
    const row = candidateRow(page, name);
    await expect(row.getByRole("cell").nth(1)).toHaveText("4");
    await expect(row.getByRole("img", { name: "Jira" })).toBeVisible();
    await expect(row.getByRole("img", { name: "Slack" })).toBeVisible();
    await expect(row.getByRole("img", { name: "Google Meet" })).toBeVisible();
    await expect(row.getByRole("img", { name: "Google Gemini" })).toBeVisible();
    await expect(row.getByText("basecamp", { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await createPulseMap(page, name);
    await expect(page.getByRole("alert")).toHaveText("Project created successfully!");
    await expect.poll(() => dialogs).toEqual(["Project created successfully!"]);
    // SPEC §8: the lists are not refreshed, so the candidate is still listed until the page loads again.
    await expect(row).toHaveCount(1);

    await page.getByRole("tab", { name: "Existing PulseMaps" }).click();
    const created = page
      .getByRole("table", { name: "Existing PulseMaps" })
      .getByRole("row")
      .filter({ hasText: name });
    await expect(created.getByRole("cell").nth(1)).toHaveText("No description");
    await expect(created.getByRole("cell").nth(2)).toHaveText(format(new Date(), "MM/dd/yy"));
    await expectNoSeriousA11yViolations(page);

    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Streams" })).toBeVisible();
    await expect(
      page.getByRole("table", { name: "PulseMap Candidates" }).getByRole("row").nth(1),
    ).toBeVisible();
    await expect(candidateRow(page, name)).toHaveCount(0);

    await page.getByRole("tab", { name: "Existing PulseMaps" }).click();
    await page
      .getByRole("table", { name: "Existing PulseMaps" })
      .getByRole("row")
      .filter({ hasText: name })
      .getByRole("link", { name: "View PulseMap" })
      .click();
    await expect(page).toHaveURL(/\/timeline$/);
  });

  test.describe(() => {
    // The browser logs the 409 it is shown; that refusal is what this test expects.
    test.use(allowConsoleErrors("status of 409 (Conflict)"));

    test("a second PulseMap for the same candidate is refused with the server's reason", async ({
      page,
      server,
    }) => {
      const name = `Budget review ${randomUUID().slice(0, 8)}`;
      await discover(server, stream(name, ["gmail"]));
      const dialogs = recordDialogs(page);
      await openStreams(page);

      await createPulseMap(page, name);
      await expect(page.getByRole("alert")).toHaveText("Project created successfully!");
      await createPulseMap(page, name);
      const refusal = "Failed to create project: A PulseMap already exists for this candidate.";
      await expect(page.getByRole("alert")).toHaveText(refusal);
      await expect.poll(() => dialogs).toEqual(["Project created successfully!", refusal]);
    });
  });
});
