import type { Page } from "@playwright/test";
import { blockChunk } from "./fixtures/build";
import { allowConsoleErrors, expect, expectNoSeriousA11yViolations, test } from "./fixtures/test";
import { signIn } from "./fixtures/sign-in";

// A fixed "now" in the past of any real run, so the session (issued by the server's real clock) stays valid.
const NOW = new Date(2026, 10, 23, 10, 30);

const card = (page: Page, title: string) =>
  page.getByTestId("project-card").filter({ has: page.getByRole("button", { name: title, exact: true }) });
const disclosure = (page: Page, title: string) => page.getByRole("button", { name: title, exact: true });

async function openTimeline(page: Page) {
  await signIn(page, "ada@acme.com");
  await page.clock.setFixedTime(NOW);
  await page.goto("/timeline");
  await expect(page.getByRole("heading", { level: 1, name: "PulseMap" })).toBeVisible();
}

test.describe("Timeline (PulseMap)", () => {
  test("shows today's date, the header controls and the 3 sample cards", async ({ page, consoleErrors }) => {
    await openTimeline(page);
    await expect(page).toHaveTitle("PulseMap · Pulse");
    await expect(page.getByText("Monday, November 23, 2026")).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search projects" })).toHaveAttribute(
      "placeholder",
      "Search projects...",
    );
    await expect(page.getByRole("button", { name: "Filter" })).toBeVisible();
    await expect(page.getByTestId("project-card")).toHaveCount(3);

    const launch = card(page, "Q4 Product Launch");
    await expect(launch.getByText("in-progress")).toBeVisible();
    await expect(launch.getByText("high priority")).toBeVisible();
    await expect(launch.getByText("Oct 24, 2026 - Jan 7, 2027")).toBeVisible();
    await expect(launch.getByText("75 days")).toBeVisible();
    await expect(launch.getByText("5 members")).toBeVisible();
    await expect(launch.getByText("60%")).toBeVisible();
    await expect(launch.getByRole("img")).toHaveText(["SC", "MJ", "PP", "+2"]);
    await expect(launch.getByText("1/4 pulses")).toBeVisible();
    // The gradient classes live in src/shared; this fails if Tailwind stops generating them.
    await expect(launch.getByTestId("project-color")).toHaveCSS("background-image", /linear-gradient/);
    await expect(card(page, "Mobile App Redesign").getByRole("img")).toHaveText(["AT", "JL"]);
    await expect(card(page, "Customer Data Migration").getByText("delayed")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(consoleErrors).toEqual([]);
  });

  test("cards expand and collapse by mouse and keyboard", async ({ page, consoleErrors }) => {
    await openTimeline(page);
    const button = disclosure(page, "Q4 Product Launch");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await card(page, "Q4 Product Launch").getByText("75 days").click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(card(page, "Q4 Product Launch").getByRole("heading", { name: "Pulses" })).toBeVisible();
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(card(page, "Q4 Product Launch").getByRole("heading", { name: "Pulses" })).toBeHidden();

    await page.getByRole("button", { name: "Add Project" }).focus();
    await page.keyboard.press("Tab");
    await expect(button).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Space");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    expect(consoleErrors).toEqual([]);
  });

  test("overdue pulses are red, completing one turns it green and updates the counts", async ({
    page,
    consoleErrors,
  }) => {
    await openTimeline(page);
    await disclosure(page, "Q4 Product Launch").click();
    const launch = card(page, "Q4 Product Launch");
    await expect(launch.getByText("1 of 4 completed")).toBeVisible();
    const overdue = launch.getByRole("listitem").filter({ hasText: "Write release notes" });
    await expect(overdue).toHaveAttribute("data-state", "overdue");
    await expect(overdue.getByText("Write release notes")).toHaveClass(/text-red-700/);
    await expect(overdue).toContainText("Due: Nov 21, 2026");
    await expect(overdue).toContainText("Marcus Johnson");
    await expect(overdue).toContainText("Start: Nov 19, 9:00 AM · Complete: Nov 21, 3:00 PM");
    const today = launch.getByRole("listitem").filter({ hasText: "Prepare launch demo" });
    await expect(today).toHaveAttribute("data-state", "open");

    await launch.getByRole("checkbox", { name: "Write release notes" }).click();
    await expect(overdue).toHaveAttribute("data-state", "completed");
    await expect(overdue.getByText("Write release notes")).toHaveCSS("text-decoration-line", "line-through");
    await expect(launch.getByText("2 of 4 completed")).toBeVisible();
    await expect(launch.getByText("2/4 pulses")).toBeVisible();
    await launch.getByRole("checkbox", { name: "Write release notes" }).press("Space");
    await expect(overdue).toHaveAttribute("data-state", "overdue");
    await expect(launch.getByText("1/4 pulses")).toBeVisible();
    await expect(disclosure(page, "Q4 Product Launch")).toHaveAttribute("aria-expanded", "true");
    expect(consoleErrors).toEqual([]);
  });

  test("adds pulses with the plus button and Enter, with SPEC's defaults", async ({
    page,
    consoleErrors,
  }) => {
    await openTimeline(page);
    await disclosure(page, "Mobile App Redesign").click();
    const mobile = card(page, "Mobile App Redesign");
    const input = mobile.getByRole("textbox", { name: "New pulse title" });
    const plus = mobile.getByRole("button", { name: "Add pulse" });
    await expect(input).toHaveAttribute("placeholder", "Add a new pulse...");
    await expect(plus).toBeDisabled();
    await input.fill("   ");
    await expect(plus).toBeDisabled();
    await input.press("Enter");
    await expect(mobile.getByRole("listitem")).toHaveCount(2);

    await input.fill("Usability test");
    await plus.click();
    await expect(input).toHaveValue("");
    const added = mobile.getByRole("listitem").last();
    await expect(added).toContainText("Usability test");
    await expect(added).toContainText("Unassigned");
    await expect(added).toContainText("Due: Nov 30, 2026");
    await expect(added).toContainText("Start: Nov 24, 10:30 AM · Complete: Nov 29, 10:30 AM");
    await expect(mobile.getByText("0/3 pulses")).toBeVisible();

    await input.fill("Icon set");
    await input.press("Enter");
    await expect(mobile.getByRole("listitem")).toHaveCount(4);
    await mobile.getByRole("checkbox", { name: "Icon set" }).click();
    await expect(mobile.getByText("1 of 4 completed")).toBeVisible();
    await expect(mobile.getByText("1/4 pulses")).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("the Add Project dialog enforces its rules and adds the new card", async ({ page, consoleErrors }) => {
    test.setTimeout(60_000);
    await openTimeline(page);
    await page.getByRole("button", { name: "Add Project" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Project" });
    await expect(dialog.getByText("Create a new project to track on your timeline")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const add = dialog.getByRole("button", { name: "Add Project" });
    await expect(add).toBeDisabled();
    await expect(dialog.getByRole("button", { name: "Start Date" })).toHaveText("Pick a date");
    await expect(dialog.getByRole("button", { name: "End Date" })).toHaveText("Pick a date");
    await expect(dialog.getByRole("combobox", { name: "Priority" })).toHaveText("medium");
    await expect(dialog.getByRole("combobox", { name: "Status" })).toHaveText("planning");
    await expect(dialog.getByRole("radiogroup", { name: "Project Color" }).getByRole("radio")).toHaveCount(8);

    const title = dialog.getByRole("textbox", { name: "Project Title" });
    await title.fill("Brand Refresh");
    await expect(add).toBeDisabled();
    await title.press("Enter");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Start Date" }).click();
    await page.getByRole("button", { name: /November 24th, 2026/ }).click();
    await expect(add).toBeDisabled();
    await dialog.getByRole("button", { name: "End Date" }).click();
    await page.getByRole("button", { name: /November 30th, 2026/ }).click();
    await expect(add).toBeEnabled();
    await title.fill("  ");
    await expect(add).toBeDisabled();
    await title.fill("Brand Refresh");

    await dialog.getByRole("textbox", { name: "Description" }).fill("New logo and colours.");
    await dialog.getByRole("combobox", { name: "Priority" }).click();
    await page.getByRole("option", { name: "high" }).click();
    await dialog.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "completed" }).click();
    await dialog.getByRole("radio", { name: "Pink to rose" }).click();
    await expect(dialog.getByRole("radio", { name: "Pink to rose" })).toBeChecked();
    await expect(dialog.getByRole("radio", { name: "Pink to rose" })).toHaveCSS(
      "background-image",
      /linear-gradient/,
    );

    await expect(dialog.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
    await dialog.getByRole("textbox", { name: "Team member 1" }).fill("Ada Lovelace");
    await dialog.getByRole("button", { name: "Add Team Member" }).click();
    await expect(dialog.getByRole("button", { name: /^Remove/ })).toHaveCount(2);
    await dialog.getByRole("button", { name: "Add Team Member" }).click();
    await dialog.getByRole("textbox", { name: "Team member 3" }).fill("Grace Hopper");
    await dialog.getByRole("button", { name: "Add Team Member" }).click();
    await dialog.getByRole("button", { name: "Remove team member 4" }).click();
    await expect(dialog.getByRole("textbox", { name: /^Team member/ })).toHaveCount(3);
    await expectNoSeriousA11yViolations(page);
    await add.click();

    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("project-card")).toHaveCount(4);
    const added = card(page, "Brand Refresh");
    await expect(added.getByText("New logo and colours.")).toBeVisible();
    await expect(added.getByText("completed", { exact: true })).toBeVisible();
    await expect(added.getByText("high priority")).toBeVisible();
    await expect(added.getByText("Nov 24, 2026 - Nov 30, 2026")).toBeVisible();
    await expect(added.getByText("6 days")).toBeVisible();
    await expect(added.getByText("2 members")).toBeVisible();
    await expect(added.getByRole("img")).toHaveText(["AL", "GH"]);
    await expect(added.getByText("0%")).toBeVisible();
    await expect(added.getByText("0/0 pulses")).toBeVisible();

    await page.getByRole("button", { name: "Add Project" }).click();
    await expect(dialog.getByRole("textbox", { name: "Project Title" })).toHaveValue("");
    await expect(dialog.getByRole("textbox", { name: /^Team member/ })).toHaveCount(1);
    await dialog.getByRole("textbox", { name: "Project Title" }).fill("Discarded");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("project-card")).toHaveCount(4);
    await expectNoSeriousA11yViolations(page);
    expect(consoleErrors).toEqual([]);
  });
  test("an end before the start is accepted; duration is absolute; blank team names are dropped", async ({
    page,
    consoleErrors,
  }) => {
    await openTimeline(page);
    await page.getByRole("button", { name: "Add Project" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Project" });
    await dialog.getByRole("textbox", { name: "Project Title" }).fill("Backwards");
    await dialog.getByRole("button", { name: "Start Date" }).click();
    await page.getByRole("button", { name: /November 30th, 2026/ }).click();
    await dialog.getByRole("button", { name: "End Date" }).click();
    await page.getByRole("button", { name: /November 24th, 2026/ }).click();
    await dialog.getByRole("button", { name: "Add Team Member" }).click();
    await dialog.getByRole("textbox", { name: "Team member 2" }).fill("   ");
    await dialog.getByRole("button", { name: "Add Project" }).click();
    const added = card(page, "Backwards");
    await expect(added.getByText("Nov 30, 2026 - Nov 24, 2026")).toBeVisible();
    await expect(added.getByText("6 days")).toBeVisible();
    await expect(added.getByText("0 members")).toBeVisible();
    await expect(added.getByText("planning")).toBeVisible();
    await expect(added.getByText("medium priority")).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("the Add Project dialog's code, fetched on demand", () => {
  // The test blocks the dialog's code on purpose; the browser logs the blocked file.
  test.use(allowConsoleErrors(/^Failed to load resource: net::ERR_FAILED$/));

  test("comes once the page is shown; when it cannot be fetched, the press says so and the next press opens it", async ({
    page,
  }) => {
    const code = await blockChunk(page, "features/timeline/add-project-dialog.tsx");
    await openTimeline(page);
    // Fetched (and failed) once the page was shown, before anyone pressed anything.
    await expect.poll(code.asked).toBe(1);

    const addProject = page.getByRole("button", { name: "Add Project" });
    await addProject.click();
    const failed = "The form could not be loaded. Please check your connection and try again.";
    await expect(page.getByRole("alert")).toHaveText(failed);
    await expect(addProject).toHaveAccessibleDescription(failed);
    await expect(page.getByRole("dialog")).toBeHidden();

    code.letThrough();
    await addProject.click();
    const dialog = page.getByRole("dialog", { name: "Add New Project" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("textbox", { name: "Project Title" })).toBeFocused();
    await expect(page.getByText(failed)).toBeHidden();
  });
});

test.describe("Timeline on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("cards and the dialog fit and are axe-clean", async ({ page, consoleErrors }) => {
    test.setTimeout(60_000);
    await openTimeline(page);
    await disclosure(page, "Q4 Product Launch").click();
    await expect(card(page, "Q4 Product Launch").getByText("1 of 4 completed")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Add Project" }).click();
    await expect(page.getByRole("dialog", { name: "Add New Project" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(consoleErrors).toEqual([]);
  });
});
