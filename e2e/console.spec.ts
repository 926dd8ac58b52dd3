import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures/test";
import { signIn } from "./fixtures/sign-in";

const LAYOUT_KEY = "react-resizable-panels:pulse-console-layout";
const DETAIL_TABS = ["Timeline", "Dependencies", "Metadata", "Comments", "Status", "RACI"] as const;

const treeItem = (page: Page, name: string) => page.getByRole("treeitem", { name, exact: true });

async function openConsole(page: Page) {
  await signIn(page, "ada@acme.com");
  await expect(page.getByRole("heading", { name: "Project Hierarchy" })).toBeVisible();
}

test.describe("Console", () => {
  test("a signed-in authorised user sees the Console at /dashboard and at /", async ({
    page,
    consoleErrors,
  }) => {
    await openConsole(page);
    await expect(page).toHaveTitle("Console · Pulse");
    await expect(page.getByText("Select a project to view details")).toBeVisible();
    await expect(page.getByRole("heading", { name: "AI Assistant" })).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Project Hierarchy" })).toBeVisible();
    await expect(page.getByRole("tree", { name: "Project Hierarchy" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(consoleErrors).toEqual([]);
  });

  test("the tree works from the keyboard", async ({ page, consoleErrors }) => {
    await openConsole(page);
    await page.getByRole("searchbox", { name: "Search projects" }).focus();
    await page.keyboard.press("Tab");
    await expect(treeItem(page, "Website Redesign")).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(treeItem(page, "Design System")).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(treeItem(page, "Design System")).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("ArrowRight");
    await expect(treeItem(page, "Color Palette")).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(treeItem(page, "Design System")).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(treeItem(page, "Design System")).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("End");
    await expect(treeItem(page, "Data Platform Migration")).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(treeItem(page, "Data Platform Migration")).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Enter");
    await expect(treeItem(page, "Data Platform Migration")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { name: "Data Platform Migration" })).toBeVisible();
    await expect(page.getByText("Context: Project Selected")).toBeVisible();
    await page.keyboard.press("Home");
    await expect(treeItem(page, "Website Redesign")).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press(" ");
    await expect(treeItem(page, "Homepage Layout")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { name: "Website Redesign" })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("clicks: a project selects and toggles, the chevron only toggles", async ({ page, consoleErrors }) => {
    await openConsole(page);
    await page.getByText("Mobile App Launch", { exact: true }).click();
    await expect(treeItem(page, "Mobile App Launch")).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("heading", { name: "Mobile App Launch" })).toBeVisible();
    await page.getByTestId("toggle-website-redesign").click();
    await expect(treeItem(page, "Website Redesign")).toHaveAttribute("aria-expanded", "false");
    await expect(treeItem(page, "Website Redesign")).toHaveAttribute("aria-selected", "false");
    // The name is in the tree and, now that its project is shown, in the details' task list.
    await page.getByRole("tree").getByText("API Integration", { exact: true }).click();
    await expect(treeItem(page, "API Integration")).toHaveAttribute("aria-selected", "true");
    expect(consoleErrors).toEqual([]);
  });

  test("panel handles resize by 10 % per arrow and to the limit with Shift, and the layout survives a reload", async ({
    page,
    consoleErrors,
  }) => {
    await openConsole(page);
    const left = page.getByRole("separator", { name: "Resize the hierarchy and details panels" });
    const right = page.getByRole("separator", { name: "Resize the details and assistant panels" });
    const hierarchy = page.locator('[data-panel-id="hierarchy"]');
    await expect(left).toHaveAttribute("aria-valuenow", "25");
    await expect(right).toHaveAttribute("aria-valuenow", "50");

    await left.focus();
    await page.keyboard.press("ArrowRight");
    await expect(left).toHaveAttribute("aria-valuenow", "35");
    await expect(hierarchy).toHaveAttribute("data-panel-size", "35.0");
    await page.keyboard.press("ArrowLeft");
    await expect(left).toHaveAttribute("aria-valuenow", "25");
    await page.keyboard.press("Shift+ArrowLeft");
    await expect(left).toHaveAttribute("aria-valuenow", "20");
    await page.keyboard.press("Shift+ArrowRight");
    await expect(left).toHaveAttribute("aria-valuenow", "35");

    await right.focus();
    await page.keyboard.press("Shift+ArrowLeft");
    // The details panel gives way until the assistant reaches its 35 % maximum.
    await expect(right).toHaveAttribute("aria-valuenow", "30");
    await expect(page.locator('[data-panel-id="assistant"]')).toHaveAttribute("data-panel-size", "35.0");

    // Saved (after the 100 ms debounce) under the Console's one identifier, then restored on return.
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key), LAYOUT_KEY))
      .toContain("[35,30,35]");
    await page.reload();
    await expect(left).toHaveAttribute("aria-valuenow", "35");
    await expect(right).toHaveAttribute("aria-valuenow", "30");
    expect(consoleErrors).toEqual([]);
  });

  test("the assistant answers after typing, by keyword, and runs actions", async ({
    page,
    consoleErrors,
  }) => {
    await openConsole(page);
    const log = page.getByRole("log", { name: "Conversation" });
    const input = page.getByRole("textbox", { name: "Message" });
    await expect(input).toHaveAttribute("placeholder", "Ask about your project...");
    await expect(page.getByRole("button", { name: "Send message" })).toBeDisabled();

    await page.getByRole("button", { name: "Generate progress report" }).click();
    await expect(input).toHaveValue("Generate progress report");
    await input.press("Enter");
    await expect(input).toHaveValue("");
    await expect(log.getByRole("article", { name: "You" })).toContainText("Generate progress report");
    await expect(log.getByRole("article", { name: "You" })).toContainText(/\d{2}:\d{2} (AM|PM)/);
    await expect(page.getByText("AI is typing...")).toBeVisible();
    await expect(log.getByText(/^Here's the current project status/)).toBeVisible();
    await expect(page.getByText("AI is typing...")).toHaveCount(0);

    await input.fill("Create a new task");
    await page.getByRole("button", { name: "Send message" }).click();
    await log.getByRole("button", { name: "Create Task" }).click();
    await expect(
      log.getByText('Action "Create Task" executed successfully. Changes have been applied to your project.'),
    ).toBeVisible();

    await input.fill("Hello");
    await input.press("Enter");
    await expect(log.getByText(/more specific/)).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("RACI: the empty table, the missing-field error and the demo success toast", async ({
    page,
    consoleErrors,
  }) => {
    await openConsole(page);
    await page.getByText("Website Redesign", { exact: true }).click();
    await page.getByRole("tab", { name: "RACI" }).click();
    await expect(
      page.getByText("No RACI assignments found (Demo mode - database tables need to be created)"),
    ).toBeVisible();

    await page.getByRole("button", { name: "Create Assignment" }).click();
    await expect(page.getByText("Please select task, user, and role")).toBeVisible();

    for (const [field, option] of [
      ["Task", "Hero Section (Website Redesign)"],
      ["User", "Carol Davis (carol.davis@acme.com)"],
      ["Role", "consulted"],
      ["Project (optional)", "Website Redesign"],
    ] as const) {
      await page.getByRole("combobox", { name: field, exact: true }).click();
      await page.getByRole("option", { name: option, exact: true }).click();
    }
    await page.getByRole("button", { name: "Create Assignment" }).click();
    await expect(page.getByText("RACI assignment created successfully (demo mode)")).toBeVisible();
    await expect(
      page.getByText("No RACI assignments found (Demo mode - database tables need to be created)"),
    ).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("axe finds nothing serious in any details tab", async ({ page, consoleErrors }) => {
    // Seven full axe passes: more than the default budget on a shared two-core machine.
    test.setTimeout(120_000);
    await openConsole(page);
    await expectNoSeriousA11yViolations(page);
    await page.getByText("Website Redesign", { exact: true }).click();
    for (const tab of DETAIL_TABS) {
      await page.getByRole("tab", { name: tab }).click();
      await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
      await expectNoSeriousA11yViolations(page);
    }
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("Console on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the panels are tabs, usable and axe-clean", async ({ page, consoleErrors }) => {
    await signIn(page, "ada@acme.com");
    const panels = page.getByRole("tablist", { name: "Console panels" });
    await expect(panels).toBeVisible();
    await expect(page.getByRole("separator")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Project Hierarchy" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByText("Website Redesign", { exact: true }).click();
    await panels.getByRole("tab", { name: "Details" }).click();
    await expect(page.getByRole("heading", { name: "Website Redesign" })).toBeVisible();
    await expect(page.getByText("65% complete")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await panels.getByRole("tab", { name: "Assistant" }).click();
    await expect(page.getByRole("heading", { name: "AI Assistant" })).toBeVisible();
    await expect(page.getByText("Context: Project Selected")).toBeVisible();
    await page.getByRole("textbox", { name: "Message" }).fill("Show team assignments");
    await page.getByRole("textbox", { name: "Message" }).press("Enter");
    await expect(page.getByText(/^Team assignments:/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(consoleErrors).toEqual([]);
  });
});
