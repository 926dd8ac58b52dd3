import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWeb, signedInAs } from "../../../testing/render-web";
import TimelinePage from "./timeline-page";

const NOW = new Date(2026, 10, 23, 10, 30);

let user: ReturnType<typeof userEvent.setup>;
beforeEach(() => {
  // Only timers and the clock: user-event and React need the real microtask and scheduling machinery.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  vi.setSystemTime(NOW);
  user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
});
afterEach(() => vi.useRealTimers());

const render = () => renderWeb(<TimelinePage />, { auth: signedInAs("ada@acme.com") });
const cards = () => screen.getAllByTestId("project-card");
const card = (title: string) => cards().find((c) => within(c).queryByRole("button", { name: title }))!;
const toggle = (title: string) => screen.getByRole("button", { name: title });

describe("TimelinePage", () => {
  it("has the header: today's long date, the search box, Filter and Add Project", async () => {
    render();
    expect(document.title).toBe("PulseMap · Pulse");
    expect(screen.getByRole("heading", { level: 1, name: "PulseMap" })).toBeInTheDocument();
    expect(screen.getByText("Monday, November 23, 2026")).toBeInTheDocument();
    const search = screen.getByRole("searchbox", { name: "Search projects" });
    expect(search).toHaveAttribute("placeholder", "Search projects...");
    await user.type(search, "zzz");
    expect(search).toHaveValue("zzz");
    expect(cards()).toHaveLength(3);
    const before = document.body.innerHTML;
    await user.click(screen.getByRole("button", { name: "Filter" }));
    expect(document.body.innerHTML).toBe(before);
    expect(screen.getByRole("button", { name: "Add Project" })).toBeInTheDocument();
  });

  it("shows each sample card's summary: badges, description, dates, duration, members, progress, avatars, pulses", () => {
    render();
    expect(cards()).toHaveLength(3);
    const launch = within(card("Q4 Product Launch"));
    expect(launch.getByText("in-progress")).toBeInTheDocument();
    expect(launch.getByText("high priority")).toBeInTheDocument();
    expect(
      launch.getByText("Coordinate engineering, marketing and support for the winter release."),
    ).toBeInTheDocument();
    expect(launch.getByText("Oct 24, 2026 - Jan 7, 2027")).toBeInTheDocument();
    expect(launch.getByText("75 days")).toBeInTheDocument();
    expect(launch.getByText("5 members")).toBeInTheDocument();
    expect(launch.getByText("60%")).toBeInTheDocument();
    expect(launch.getByRole("progressbar", { name: "Progress Q4 Product Launch" })).toHaveAttribute(
      "aria-valuenow",
      "60",
    );
    expect(launch.getAllByRole("img").map((a) => a.textContent)).toEqual(["SC", "MJ", "PP", "+2"]);
    expect(launch.getByRole("img", { name: "2 more members" })).toBeInTheDocument();
    expect(launch.getByText("1/4 pulses")).toBeInTheDocument();

    const mobile = within(card("Mobile App Redesign"));
    expect(mobile.getByText("planning")).toBeInTheDocument();
    expect(mobile.getByText("medium priority")).toBeInTheDocument();
    expect(mobile.getByText("2 members")).toBeInTheDocument();
    expect(mobile.getAllByRole("img").map((a) => a.textContent)).toEqual(["AT", "JL"]);
    expect(mobile.queryByText(/^\+/)).toBeNull();
    expect(mobile.getByText("0/2 pulses")).toBeInTheDocument();

    const data = within(card("Customer Data Migration"));
    expect(data.getByText("delayed")).toBeInTheDocument();
    expect(data.getByText("low priority")).toBeInTheDocument();
    expect(data.getAllByRole("img").map((a) => a.textContent)).toEqual(["NA", "TB", "GO"]);
  });

  it("expands and collapses a card by click, Enter and Space, exposing aria-expanded", async () => {
    render();
    const button = toggle("Q4 Product Launch");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(within(card("Q4 Product Launch")).queryByRole("heading", { name: "Pulses" })).toBeNull();
    // A click on the card's text, not only on its title, toggles it.
    await user.click(
      screen.getByText("Coordinate engineering, marketing and support for the winter release."),
    );
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(within(card("Q4 Product Launch")).getByRole("heading", { name: "Pulses" })).toBeInTheDocument();
    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "false");
    button.focus();
    await user.keyboard("{Enter}");
    expect(button).toHaveAttribute("aria-expanded", "true");
    await user.keyboard(" ");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(toggle("Mobile App Redesign")).toHaveAttribute("aria-expanded", "false");
  });

  it("lists pulses with due date, assignee, initials, start and complete; overdue red, completed green", async () => {
    render();
    await user.click(toggle("Q4 Product Launch"));
    const pulses = within(card("Q4 Product Launch"));
    expect(pulses.getByText("1 of 4 completed")).toBeInTheDocument();
    const rows = pulses.getAllByRole("listitem");
    expect(rows.map((r) => r.getAttribute("data-state"))).toEqual(["completed", "overdue", "open", "open"]);
    const [done, overdue, today] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(done).getByText("Finalize feature list")).toHaveClass("line-through");
    expect(done.className).toMatch(/green/);
    expect(within(overdue).getByText("Write release notes")).toHaveClass("text-red-700");
    expect(overdue.className).toMatch(/red/);
    expect(within(overdue).getByText(/Due: Nov 21, 2026/)).toHaveTextContent("Due: Nov 21, 2026 (overdue)");
    expect(within(overdue).getByText("Marcus Johnson")).toBeInTheDocument();
    expect(within(overdue).getByRole("img", { name: "Marcus Johnson" })).toHaveTextContent("MJ");
    expect(
      within(overdue).getByText("Start: Nov 19, 9:00 AM · Complete: Nov 21, 3:00 PM"),
    ).toBeInTheDocument();
    // Due today (later today) is not overdue.
    expect(within(today).getByText("Due: Nov 23, 2026")).toBeInTheDocument();
    expect(today.className).not.toMatch(/red/);
  });

  it("toggling a pulse updates the badge and x/y pulses, and an overdue pulse turns green when done", async () => {
    render();
    await user.click(toggle("Q4 Product Launch"));
    const launch = within(card("Q4 Product Launch"));
    const box = launch.getByRole("checkbox", { name: "Write release notes" });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(box).toBeChecked();
    expect(launch.getByText("2 of 4 completed")).toBeInTheDocument();
    expect(launch.getByText("2/4 pulses")).toBeInTheDocument();
    expect(box.closest("li")).toHaveAttribute("data-state", "completed");
    // The progress percent is the project's own field (SPEC gives no rule tying it to pulses).
    expect(launch.getByText("60%")).toBeInTheDocument();
    await user.click(launch.getByRole("checkbox", { name: "Finalize feature list" }));
    expect(launch.getByText("1 of 4 completed")).toBeInTheDocument();
    await user.click(box);
    expect(box.closest("li")).toHaveAttribute("data-state", "overdue");
    // Ticking never collapses the card.
    expect(toggle("Q4 Product Launch")).toHaveAttribute("aria-expanded", "true");
  });

  it("adds a pulse by the plus button or Enter with SPEC's defaults; blank titles are refused", async () => {
    render();
    await user.click(toggle("Mobile App Redesign"));
    const mobile = within(card("Mobile App Redesign"));
    const input = mobile.getByRole("textbox", { name: "New pulse title" });
    const plus = mobile.getByRole("button", { name: "Add pulse" });
    expect(input).toHaveAttribute("placeholder", "Add a new pulse...");
    expect(plus).toBeDisabled();
    await user.type(input, "   ");
    expect(plus).toBeDisabled();
    await user.keyboard("{Enter}");
    expect(mobile.getAllByRole("listitem")).toHaveLength(2);

    await user.clear(input);
    await user.type(input, "  Usability test  ");
    expect(plus).toBeEnabled();
    await user.click(plus);
    expect(input).toHaveValue("");
    const added = mobile.getAllByRole("listitem").at(-1)!;
    expect(within(added).getByText("Usability test")).toBeInTheDocument();
    expect(within(added).getByText("Unassigned")).toBeInTheDocument();
    expect(within(added).getByRole("img", { name: "Unassigned" })).toHaveTextContent("U");
    expect(within(added).getByText("Due: Nov 30, 2026")).toBeInTheDocument();
    expect(
      within(added).getByText("Start: Nov 24, 10:30 AM · Complete: Nov 29, 10:30 AM"),
    ).toBeInTheDocument();
    expect(within(added).getByRole("checkbox", { name: "Usability test" })).not.toBeChecked();
    expect(mobile.getByText("0 of 3 completed")).toBeInTheDocument();
    expect(mobile.getByText("0/3 pulses")).toBeInTheDocument();

    await user.type(input, "Icon set{Enter}");
    expect(mobile.getAllByRole("listitem")).toHaveLength(4);
    expect(mobile.getByText("Icon set")).toBeInTheDocument();
    expect(toggle("Mobile App Redesign")).toHaveAttribute("aria-expanded", "true");
  });
});

describe("TimelinePage as time passes on an open page", () => {
  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
  const pulseRow = (projectTitle: string, pulseTitle: string) =>
    within(card(projectTitle))
      .getAllByRole("listitem")
      .find((row) => within(row).queryByText(pulseTitle))!;

  it("turns to the next day at midnight: the header's date, and a pulse due that day becomes overdue", async () => {
    vi.setSystemTime(new Date(2026, 10, 23, 23, 58, 30));
    render();
    expect(screen.getByText("Monday, November 23, 2026")).toBeInTheDocument();
    await user.click(toggle("Q4 Product Launch"));
    // Due at 5 PM today: before now, but today, so not overdue (SPEC §4).
    expect(pulseRow("Q4 Product Launch", "Prepare launch demo")).toHaveAttribute("data-state", "open");

    advance(89_999);
    expect(screen.getByText("Monday, November 23, 2026")).toBeInTheDocument();
    advance(1);
    expect(screen.getByText("Tuesday, November 24, 2026")).toBeInTheDocument();
    expect(screen.queryByText("Monday, November 23, 2026")).toBeNull();
    const due = pulseRow("Q4 Product Launch", "Prepare launch demo");
    expect(due).toHaveAttribute("data-state", "overdue");
    expect(within(due).getByText(/^Due:/)).toHaveTextContent("Due: Nov 23, 2026 (overdue)");
    expect(within(due).getByText("Prepare launch demo")).toHaveClass("text-red-700");
    // The sample data stays dated from the day the page opened.
    expect(pulseRow("Q4 Product Launch", "Brief the support team")).toHaveAttribute("data-state", "open");
    expect(within(card("Q4 Product Launch")).getByText("Oct 24, 2026 - Jan 7, 2027")).toBeInTheDocument();
  });

  it("catches up when the tab is shown again, moves on by days, and dates a new pulse from when it is added", async () => {
    render();
    await user.click(toggle("Customer Data Migration"));
    expect(pulseRow("Customer Data Migration", "Run the trial import")).toHaveAttribute("data-state", "open");

    // The tab slept for four days: the clock moved, no timer ran. Showing the tab again brings it up to date.
    vi.setSystemTime(new Date(2026, 10, 27, 9, 15));
    expect(screen.getByText("Monday, November 23, 2026")).toBeInTheDocument();
    act(() => document.dispatchEvent(new Event("visibilitychange")));
    expect(screen.getByText("Friday, November 27, 2026")).toBeInTheDocument();
    expect(pulseRow("Customer Data Migration", "Run the trial import")).toHaveAttribute(
      "data-state",
      "overdue",
    );

    const data = within(card("Customer Data Migration"));
    await user.type(data.getByRole("textbox", { name: "New pulse title" }), "Go-live checklist{Enter}");
    const added = pulseRow("Customer Data Migration", "Go-live checklist");
    expect(within(added).getByText("Due: Dec 4, 2026")).toBeInTheDocument();
    expect(within(added).getByText("Start: Nov 28, 9:15 AM · Complete: Dec 3, 9:15 AM")).toBeInTheDocument();

    // Three more days on an open, visible tab.
    advance(3 * 24 * 60 * 60_000);
    expect(screen.getByText("Monday, November 30, 2026")).toBeInTheDocument();
    await user.click(toggle("Q4 Product Launch"));
    expect(pulseRow("Q4 Product Launch", "Brief the support team")).toHaveAttribute("data-state", "overdue");
    expect(pulseRow("Customer Data Migration", "Go-live checklist")).toHaveAttribute("data-state", "open");
    const launch = within(card("Q4 Product Launch"));
    await user.type(launch.getByRole("textbox", { name: "New pulse title" }), "Retrospective{Enter}");
    const later = pulseRow("Q4 Product Launch", "Retrospective");
    expect(within(later).getByText("Due: Dec 7, 2026")).toBeInTheDocument();
    expect(within(later).getByText("Start: Dec 1, 9:15 AM · Complete: Dec 6, 9:15 AM")).toBeInTheDocument();
  });
});
