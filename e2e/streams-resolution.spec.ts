import type { Locator, Page } from "@playwright/test";
import type { SampleItem } from "../scripts/seed";
import { expect, expectNoSeriousA11yViolations, test as base } from "./fixtures/test";
import { startServer, type RunningServer } from "./fixtures/server";
import { signIn } from "./fixtures/sign-in";
import { discover } from "./fixtures/workflow-events";

/**
 * Issue 38: one project found in many tools is one Stream; its row opens to show what it holds and why, "Not this
 * project" takes an item out (and Undo puts it back), and a PulseMap keeps gathering its project.
 *
 * A server of its own: the worker's server holds the other specs' discoveries, and a "Website relaunch 1a2b3c4d"
 * of theirs, or the PulseMap made of it, must not decide what these names resolve to.
 */
const test = base.extend<object, { freshServer: RunningServer }>({
  freshServer: [
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ freshServer }, use) => {
    await use(freshServer.baseURL);
  },
});

/** A discovery as the workflow service sends it, with the people it involves (issue 38). */
type Discovery = SampleItem & { participants?: string[]; context?: string };

const TEAM = ["dana@acme.com", "lee@acme.com", "sam@acme.com", "kim@acme.com"];

/** Items named as their tools show them, seen a day apart in this order (the first is the Stream's first item). */
function discoveries(names: [string, string, string][], startDaysAgo = 30): Discovery[] {
  const day = 86_400_000;
  return names.map(([raw_name, source_app, external_id], i) => ({
    raw_name,
    source_app,
    external_id,
    seen_at: new Date(Date.now() - (startDaysAgo - i) * day).toISOString(),
    participants: TEAM,
  }));
}

/** The nine names of issue 38: one project, as nine tools name it. */
const WEBSITE_RELAUNCH = discoveries([
  ["RE: Website relaunch – timeline", "gmail", "thread-18c2f0a9"],
  ["Fwd: Website Relaunch deck", "gmail", "thread-18c2f0b7"],
  ["Website Relaunch weekly sync", "google_meet_gemini", "meet-abc-defg-hij"],
  ["Notes: Website relaunch kickoff", "zoom", "83456789012"],
  ["#website-relaunch", "slack", "C024BE91L"],
  ["WEB – Website Relaunch", "jira", "WEB"],
  ["Website Relaunch 2026", "asana", "1203456789012345"],
  ["Website relaunch – PRD", "google_docs", "1AbCdEfGhIjKlMnOp"],
  ["Website relaunch budget.xlsx", "google_sheets", "1QrStUvWxYz012345"],
]);

const BUDGET_REVIEWS = discoveries(
  [
    ["Q3 budget review", "gmail", "thread-q3-budget"],
    ["Q3 Budget Review – notes", "google_docs", "doc-q3-budget"],
    ["Q4 budget review", "gmail", "thread-q4-budget"],
    ["Q4 Budget Review – notes", "google_docs", "doc-q4-budget"],
  ],
  20,
);

async function openStreams(page: Page) {
  await page.getByRole("link", { name: "Streams" }).first().click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole("heading", { level: 1, name: "Streams" })).toBeVisible();
}

const candidates = (page: Page) => page.getByRole("table", { name: "PulseMap Candidates" });

/** The candidate rows whose Stream Name is `name` (a string: exactly), or matches it. */
const candidateRows = (page: Page, name: string | RegExp) =>
  candidates(page)
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name, exact: true }) });

/** How many candidates' names start with "Website relaunch" (an opened row's items are not counted). */
const relaunchStreams = (page: Page) =>
  candidates(page).getByRole("button", { name: /^Show items of website relaunch/i });

/** The row's Candidates cell. */
const countOf = (row: Locator) => row.getByRole("cell").nth(1);

/** The names of the items an opened row lists, as the tools show them, sorted. */
async function listed(group: Locator): Promise<string[]> {
  const lines = group.getByRole("listitem");
  const names: string[] = [];
  for (const line of await lines.all()) names.push((await line.locator("p").first().textContent()) ?? "");
  return names.sort();
}

const rawNames = (items: Discovery[]) => items.map((i) => i.raw_name).sort();

/** "Website relaunch", or a name as plain (issue 38): none of the tools' decorations, a year at most. */
const PLAIN_NAME = /^website relaunch$/i;

test("nine names of one project are one candidate whose items say why, and Not this project takes one out", async ({
  page,
  freshServer,
}) => {
  test.setTimeout(120_000);
  await discover(freshServer, [...WEBSITE_RELAUNCH, ...BUDGET_REVIEWS]);
  await signIn(page, "ada@acme.com");
  await openStreams(page);

  // One candidate, named plainly (no tool's decoration), counting all nine, with every app among them.
  await expect(relaunchStreams(page)).toHaveCount(1);
  const name = ((await relaunchStreams(page).textContent()) ?? "").trim();
  expect(name).toMatch(PLAIN_NAME);
  const relaunch = candidateRows(page, name);
  await expect(countOf(relaunch)).toHaveText("9");
  for (const app of ["Gmail", "Google Meet", "Google Gemini", "Zoom", "Slack", "Jira", "Asana"]) {
    await expect(relaunch.getByRole("img", { name: app })).toBeVisible();
  }
  for (const app of ["google_docs", "google_sheets"]) {
    await expect(relaunch.getByText(app, { exact: true })).toBeVisible();
  }
  // A period is what makes two reviews separate work.
  await expect(candidateRows(page, /^q3 budget( review)?$/i)).toHaveCount(1);
  await expect(candidateRows(page, /^q4 budget( review)?$/i)).toHaveCount(1);

  // Its row opens, from the keyboard, to the nine items as their tools show them, each with its reason.
  const disclosure = relaunch.getByRole("button", { name: `Show items of ${name}` });
  await expect(disclosure).toHaveAttribute("aria-expanded", "false");
  await disclosure.focus();
  await page.keyboard.press("Enter");
  await expect(disclosure).toHaveAttribute("aria-expanded", "true");
  const group = page.getByRole("group", { name: `Items of ${name}` });
  await expect(group.getByRole("listitem")).toHaveCount(9);
  expect(await listed(group)).toEqual(rawNames(WEBSITE_RELAUNCH));
  const reasons = group.getByRole("listitem").locator("p:nth-of-type(2)");
  await expect(reasons).toHaveCount(9);
  for (const reason of await reasons.all()) await expect(reason).not.toBeEmpty();
  await expect(page.locator(`#${await disclosure.getAttribute("aria-controls")}`)).toContainText(
    "#website-relaunch",
  );
  await expectNoSeriousA11yViolations(page);

  // The spreadsheet is not this project: it leaves the Stream, a toast offers Undo.
  const sheet = group.getByRole("listitem").filter({ hasText: "Website relaunch budget.xlsx" });
  await sheet.getByRole("button", { name: "Not this project" }).click();
  await expect(page.getByText("Item moved out of this Stream")).toBeVisible();
  await expect(group.getByRole("listitem")).toHaveCount(8);
  await expect(countOf(relaunch)).toHaveText("8");
  await expect(relaunchStreams(page)).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Item moved back")).toBeVisible();
  await expect(group.getByRole("listitem")).toHaveCount(9);
  await expect(countOf(relaunch)).toHaveText("9");
  await expect(relaunchStreams(page)).toHaveCount(1);

  // Out again, it stays out when more of the project arrives (where the newcomer goes is the resolver's to say).
  await group
    .getByRole("listitem")
    .filter({ hasText: "Website relaunch budget.xlsx" })
    .getByRole("button", { name: "Not this project" })
    .click();
  await expect(group.getByRole("listitem")).toHaveCount(8);
  await discover(freshServer, discoveries([["Fwd: Website relaunch", "gmail", "thread-18c2f0c3"]], 1));
  await page.reload();
  await relaunch.getByRole("button", { name: `Show items of ${name}` }).click();
  await expect(group.getByRole("listitem").filter({ hasText: WEBSITE_RELAUNCH[0]!.raw_name })).toHaveCount(1);
  await expect(group.getByRole("listitem").filter({ hasText: "Website relaunch budget.xlsx" })).toHaveCount(
    0,
  );
  await expect(relaunchStreams(page)).toHaveCount(2);
});

test("a PulseMap gathers its whole Stream and what comes later; Not this project sends an item back", async ({
  page,
  freshServer,
}) => {
  test.setTimeout(120_000);
  const beta = discoveries([
    ["Mobile app beta", "jira", "MOB"],
    ["RE: Mobile app beta – feedback round", "gmail", "thread-mob-1"],
    ["#mobile-app-beta", "slack", "C0MOBILE1"],
    ["Mobile App Beta standup", "zoom", "83456789099"],
  ]);
  await discover(freshServer, beta);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  await signIn(page, "ada@acme.com");
  await openStreams(page);

  const row = candidateRows(page, /^mobile app beta$/i);
  await expect(countOf(row)).toHaveText("4");
  await row.getByRole("button", { name: /^Actions for mobile app beta$/i }).click();
  await expect(page.getByRole("menuitem", { name: "Merge with Existing PulseMap" })).toBeDisabled();
  await page.getByRole("menuitem", { name: "Create New PulseMap" }).click();
  await expect.poll(() => dialogs).toEqual(["Project created successfully!"]);

  // Discovered later, the same project joins the PulseMap instead of showing among New Items.
  await discover(
    freshServer,
    discoveries([["Notes: Mobile app beta retro", "google_meet_gemini", "meet-mob-2"]], 1),
  );
  await page.reload();
  await expect(candidates(page).getByRole("row").nth(1)).toBeVisible();
  await expect(candidateRows(page, /mobile app beta/i)).toHaveCount(0);

  await page.getByRole("tab", { name: "Existing PulseMaps" }).click();
  const pulseMap = page
    .getByRole("table", { name: "Existing PulseMaps" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: /^mobile app beta$/i }) });
  await pulseMap.getByRole("button", { name: /^Show items of mobile app beta$/i }).click();
  const group = page.getByRole("group", { name: /^Items of mobile app beta$/i });
  await expect(group.getByRole("listitem")).toHaveCount(5);
  expect(await listed(group)).toEqual([...rawNames(beta), "Notes: Mobile app beta retro"].sort());
  await expectNoSeriousA11yViolations(page);

  // The channel is another team's: back to New Items it goes.
  await group
    .getByRole("listitem")
    .filter({ hasText: "#mobile-app-beta" })
    .getByRole("button", { name: "Not this project" })
    .click();
  await expect(page.getByText("Item sent back to New Items")).toBeVisible();
  await expect(group.getByRole("listitem")).toHaveCount(4);

  await page.getByRole("tab", { name: "New Items" }).click();
  const back = candidateRows(page, /mobile app beta/i);
  await expect(back).toHaveCount(1);
  await expect(countOf(back)).toHaveText("1");
  await back.getByRole("button", { name: /^Show items of /i }).click();
  await expect(page.getByRole("group", { name: /^Items of /i }).getByRole("listitem")).toHaveText([
    /#mobile-app-beta/,
  ]);
});
