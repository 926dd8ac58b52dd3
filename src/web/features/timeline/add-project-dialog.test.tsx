import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWeb } from "../../../testing/render-web";
import { stubResizeObserver } from "../../../testing/stub-resize-observer";
import { canAddProject } from "./add-project-dialog";
import TimelinePage from "./timeline-page";

let user: ReturnType<typeof userEvent.setup>;
// The dialog's code is fetched on the first press of Add Project, and the date pickers fetch the calendar's code
// when shown; fetched once here, outside the tests' clock, each arrives at once when asked (add-project.test.tsx and
// date-picker.test.tsx cover the wait and the failure).
beforeAll(() => Promise.all([import("./add-project-dialog"), import("@/components/ui/calendar")]));
beforeEach(() => {
  stubResizeObserver();
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  vi.setSystemTime(new Date(2026, 10, 23, 10, 30));
  user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const dialog = () => screen.getByRole("dialog", { name: "Add New Project" });
const addButton = () => within(dialog()).getByRole("button", { name: "Add Project" });
const memberInputs = () => within(dialog()).queryAllByRole("textbox", { name: /^Team member/ });

async function open() {
  renderWeb(<TimelinePage />);
  await user.click(screen.getByRole("button", { name: "Add Project" }));
  return within(await screen.findByRole("dialog", { name: "Add New Project" }));
}

async function pickDate(field: string, day: RegExp) {
  await user.click(within(dialog()).getByRole("button", { name: field }));
  await user.click(await screen.findByRole("button", { name: day }));
}

async function choose(field: string, option: string) {
  await user.click(within(dialog()).getByRole("combobox", { name: field }));
  await user.click(screen.getByRole("option", { name: option }));
}

describe("canAddProject", () => {
  it("needs a non-blank title and both dates, and nothing else (end may precede start)", () => {
    const d = new Date(2026, 0, 1);
    expect(canAddProject("", d, d)).toBe(false);
    expect(canAddProject("  ", d, d)).toBe(false);
    expect(canAddProject("T", undefined, d)).toBe(false);
    expect(canAddProject("T", d, undefined)).toBe(false);
    expect(canAddProject("T", new Date(2026, 5, 1), new Date(2026, 0, 1))).toBe(true);
  });
});

describe("Add Project dialog", () => {
  it("has SPEC's title, description, fields, placeholders and defaults", async () => {
    const form = await open();
    expect(form.getByText("Create a new project to track on your timeline")).toBeInTheDocument();
    expect(form.getByRole("textbox", { name: "Project Title" })).toHaveValue("");
    expect(form.getByRole("textbox", { name: "Description" })).toHaveValue("");
    expect(form.getByRole("button", { name: "Start Date" })).toHaveTextContent("Pick a date");
    expect(form.getByRole("button", { name: "End Date" })).toHaveTextContent("Pick a date");
    expect(form.getByRole("combobox", { name: "Priority" })).toHaveTextContent("medium");
    expect(form.getByRole("combobox", { name: "Status" })).toHaveTextContent("planning");
    const colours = form.getByRole("radiogroup", { name: "Project Color" });
    expect(within(colours).getAllByRole("radio")).toHaveLength(8);
    expect(within(colours).getAllByRole("radio")[0]).toBeChecked();
    expect(form.getByRole("group", { name: "Team Members" })).toBeInTheDocument();
    expect(memberInputs()).toHaveLength(1);
    expect(form.queryByRole("button", { name: /Remove/ })).toBeNull();
    expect(form.getByRole("button", { name: "Cancel" })).toBeInTheDocument();
    expect(addButton()).toBeDisabled();
  });

  it("offers low, medium, high and planning, in-progress, completed, delayed", async () => {
    await open();
    await user.click(within(dialog()).getByRole("combobox", { name: "Priority" }));
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["low", "medium", "high"]);
    await user.keyboard("{Escape}");
    await user.click(within(dialog()).getByRole("combobox", { name: "Status" }));
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
      "planning",
      "in-progress",
      "completed",
      "delayed",
    ]);
  });

  it("keeps Add Project disabled until title, start and end are there; submitting without them does nothing", async () => {
    const form = await open();
    const title = form.getByRole("textbox", { name: "Project Title" });
    await user.type(title, "   ");
    await pickDate("Start Date", /November 24th, 2026/);
    await pickDate("End Date", /November 20th, 2026/);
    expect(addButton()).toBeDisabled();
    // Enter in a field tries to submit the form: nothing happens.
    await user.type(title, "{Enter}");
    expect(dialog()).toBeInTheDocument();
    expect(screen.getAllByTestId("project-card")).toHaveLength(3);
    await user.clear(title);
    await user.type(title, "Launch");
    // An end before the start is accepted (SPEC shows no such check).
    expect(addButton()).toBeEnabled();
  });

  it("adds and removes team member entries; Remove only with more than one", async () => {
    const form = await open();
    await user.click(form.getByRole("button", { name: "Add Team Member" }));
    expect(memberInputs()).toHaveLength(2);
    expect(form.getAllByRole("button", { name: /^Remove team member/ })).toHaveLength(2);
    await user.type(memberInputs()[1]!, "Second");
    await user.click(form.getByRole("button", { name: "Remove team member 1" }));
    expect(memberInputs()).toHaveLength(1);
    expect(memberInputs()[0]).toHaveValue("Second");
    expect(form.queryByRole("button", { name: /Remove/ })).toBeNull();
  });

  it("adds the new card with progress 0, no pulses, trimmed names without empty ones; the form resets", async () => {
    const form = await open();
    await user.type(form.getByRole("textbox", { name: "Project Title" }), "  Brand Refresh ");
    await user.type(form.getByRole("textbox", { name: "Description" }), "New logo and colours.");
    await pickDate("Start Date", /November 24th, 2026/);
    await pickDate("End Date", /November 30th, 2026/);
    expect(form.getByRole("button", { name: "Start Date" })).toHaveTextContent("November 24th, 2026");
    await choose("Priority", "high");
    await choose("Status", "in-progress");
    await user.click(form.getByRole("radio", { name: "Pink to rose" }));
    await user.type(memberInputs()[0]!, "Ada Lovelace");
    await user.click(form.getByRole("button", { name: "Add Team Member" }));
    await user.click(form.getByRole("button", { name: "Add Team Member" }));
    await user.type(memberInputs()[2]!, " grace hopper ");
    await user.click(addButton());

    expect(screen.queryByRole("dialog")).toBeNull();
    const cards = screen.getAllByTestId("project-card");
    expect(cards).toHaveLength(4);
    const added = within(cards[3]!);
    expect(added.getByRole("button", { name: "Brand Refresh" })).toHaveAttribute("aria-expanded", "false");
    expect(added.getByText("New logo and colours.")).toBeInTheDocument();
    expect(added.getByText("in-progress")).toBeInTheDocument();
    expect(added.getByText("high priority")).toBeInTheDocument();
    expect(added.getByText("Nov 24, 2026 - Nov 30, 2026")).toBeInTheDocument();
    expect(added.getByText("6 days")).toBeInTheDocument();
    expect(added.getByText("2 members")).toBeInTheDocument();
    expect(added.getAllByRole("img").map((a) => a.textContent)).toEqual(["AL", "GH"]);
    expect(added.getByText("0%")).toBeInTheDocument();
    expect(added.getByText("0/0 pulses")).toBeInTheDocument();
    expect(added.getByTestId("project-color").className).toContain("from-pink-500");
    await user.click(added.getByRole("button", { name: "Brand Refresh" }));
    expect(added.getByText("0 of 0 completed")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Add Project" }));
    const again = within(dialog());
    expect(again.getByRole("textbox", { name: "Project Title" })).toHaveValue("");
    expect(again.getByRole("button", { name: "Start Date" })).toHaveTextContent("Pick a date");
    expect(again.getByRole("combobox", { name: "Priority" })).toHaveTextContent("medium");
    expect(again.getByRole("combobox", { name: "Status" })).toHaveTextContent("planning");
    expect(memberInputs()).toHaveLength(1);
    expect(addButton()).toBeDisabled();
  });

  it("Cancel closes without adding and discards the draft", async () => {
    const form = await open();
    await user.type(form.getByRole("textbox", { name: "Project Title" }), "Draft");
    await user.click(form.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getAllByTestId("project-card")).toHaveLength(3);
    await user.click(screen.getByRole("button", { name: "Add Project" }));
    expect(within(dialog()).getByRole("textbox", { name: "Project Title" })).toHaveValue("");
  });
});
