import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures/test";
import { signIn } from "./fixtures/sign-in";

// The page's clock, in Los Angeles time (PST, no daylight-saving change in these weeks), where local midnight is not
// UTC midnight. The days lie in the past of any real run, so the session (issued by the server's real clock) never
// looks due for a refresh to the page.
test.use({ timezoneId: "America/Los_Angeles" });
const at = (localTime: string) => new Date(`2026-11-${localTime}-08:00`);

const card = (page: Page, title: string) =>
  page.getByTestId("project-card").filter({ has: page.getByRole("button", { name: title, exact: true }) });
const pulse = (page: Page, project: string, title: string) =>
  card(page, project).getByRole("listitem").filter({ hasText: title });
const header = (page: Page) => page.getByTestId("today");

async function addPulse(page: Page, project: string, title: string) {
  const input = card(page, project).getByRole("textbox", { name: "New pulse title" });
  await input.fill(title);
  await input.press("Enter");
  await expect(pulse(page, project, title)).toBeVisible();
  return pulse(page, project, title);
}

test("an open timeline follows the clock past midnight and by days", async ({ page }) => {
  test.setTimeout(90_000);
  await page.clock.install({ time: at("10T23:50:00") });
  await signIn(page, "ada@acme.com");
  await page.goto("/timeline");
  await expect(page.getByRole("heading", { level: 1, name: "PulseMap" })).toBeVisible();
  await expect(header(page)).toHaveText("Tuesday, November 10, 2026");
  await page.getByRole("button", { name: "Q4 Product Launch", exact: true }).click();
  await page.getByRole("button", { name: "Customer Data Migration", exact: true }).click();
  // Due at 5 PM today: before now but today, so not overdue (SPEC §4).
  await expect(pulse(page, "Q4 Product Launch", "Prepare launch demo")).toHaveAttribute("data-state", "open");

  // From here only the test moves time.
  await page.clock.pauseAt(at("10T23:59:00"));
  await page.clock.runFor(59_000);
  await expect(header(page)).toHaveText("Tuesday, November 10, 2026");
  await page.clock.runFor(1_000);
  await expect(header(page)).toHaveText("Wednesday, November 11, 2026");
  const demo = pulse(page, "Q4 Product Launch", "Prepare launch demo");
  await expect(demo).toHaveAttribute("data-state", "overdue");
  await expect(demo).toContainText("Due: Nov 10, 2026 (overdue)");
  await expect(demo.getByText("Prepare launch demo")).toHaveClass(/text-red-700/);
  await expect(pulse(page, "Customer Data Migration", "Run the trial import")).toHaveAttribute(
    "data-state",
    "open",
  );

  // Three days and a morning later on the open tab: the new date, another pulse overdue, and a pulse added now is
  // due 7 days from now (SPEC §9), not from when the page opened.
  await page.clock.fastForward((3 * 24 + 9) * 3_600_000 + 15 * 60_000);
  await expect(header(page)).toHaveText("Saturday, November 14, 2026");
  await expect(pulse(page, "Customer Data Migration", "Run the trial import")).toHaveAttribute(
    "data-state",
    "overdue",
  );
  await expect(pulse(page, "Q4 Product Launch", "Brief the support team")).toHaveAttribute(
    "data-state",
    "open",
  );
  const checklist = await addPulse(page, "Customer Data Migration", "Go-live checklist");
  await expect(checklist).toContainText("Due: Nov 21, 2026");
  await expect(checklist).toContainText("Start: Nov 15, 9:15 AM · Complete: Nov 20, 9:15 AM");
  await expect(checklist).toHaveAttribute("data-state", "open");

  // A tab that slept (no timer ran while the clock moved on) catches up as soon as it is shown again.
  await page.clock.setSystemTime(at("17T08:30:00"));
  await expect(header(page)).toHaveText("Saturday, November 14, 2026");
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await expect(header(page)).toHaveText("Tuesday, November 17, 2026");
  await expect(pulse(page, "Q4 Product Launch", "Brief the support team")).toHaveAttribute(
    "data-state",
    "overdue",
  );
  const retro = await addPulse(page, "Q4 Product Launch", "Retrospective");
  await expect(retro).toContainText("Due: Nov 24, 2026");
  await expect(retro).toContainText("Start: Nov 18, 8:30 AM · Complete: Nov 23, 8:30 AM");
  // The sample data stays dated from the day the page opened.
  await expect(card(page, "Q4 Product Launch").getByText("Oct 11, 2026 - Dec 25, 2026")).toBeVisible();
  // axe waits on timers of its own.
  await page.clock.resume();
  await expectNoSeriousA11yViolations(page);
});
