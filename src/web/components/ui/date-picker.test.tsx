import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { onDemandCode } from "../../../testing/on-demand-code";
import { DatePicker } from "./date-picker";
import { Label } from "./label";

function Example({ initial, Picker = DatePicker }: { initial?: Date; Picker?: typeof DatePicker }) {
  const [date, setDate] = useState<Date | undefined>(initial);
  return (
    <>
      <Label htmlFor="start">Start Date</Label>
      <Picker id="start" value={date} onChange={setDate} />
    </>
  );
}

// The calendar's code is loaded before each test's waits start (the picker fetches it when shown).
beforeEach(() => onDemandCode("@/components/ui/calendar"));
afterEach(() => {
  vi.doUnmock("@/components/ui/calendar");
  vi.resetModules();
});

describe("DatePicker", () => {
  it('shows "Pick a date" until a day is chosen from the calendar, then closes and shows it', async () => {
    const user = userEvent.setup();
    render(<Example initial={undefined} />);
    const trigger = screen.getByRole("button", { name: "Start Date" });
    expect(trigger).toHaveTextContent("Pick a date");
    await user.click(trigger);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(await screen.findByRole("grid")).toBeInTheDocument();
  });

  it("opens on the chosen month with the focus on the chosen day, and Enter picks the focused day", async () => {
    const user = userEvent.setup();
    render(<Example initial={new Date(2025, 4, 14)} />);
    const trigger = screen.getByRole("button", { name: "Start Date" });
    expect(trigger).toHaveTextContent("May 14th, 2025");
    await user.click(trigger);
    expect(await screen.findByRole("grid", { name: "May 2025" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /May 14th, 2025/ })).toHaveFocus();
    await user.keyboard("{ArrowRight}{Enter}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(trigger).toHaveTextContent("May 15th, 2025");
  });

  it("opened while the calendar's code is on its way, says so; the calendar follows when it arrives", async () => {
    const { arrive } = await onDemandCode("@/components/ui/calendar", { heldBack: true });
    const { DatePicker: Picker } = await import("./date-picker");
    const user = userEvent.setup();
    render(<Example Picker={Picker} />);
    await user.click(screen.getByRole("button", { name: "Start Date" }));
    expect(screen.getByRole("dialog")).toHaveTextContent("Loading calendar…");
    expect(screen.queryByRole("grid")).not.toBeInTheDocument();
    arrive();
    expect(await screen.findByRole("grid")).toBeInTheDocument();
    expect(screen.getByRole("dialog")).not.toHaveTextContent("Loading calendar…");
  });

  it("a calendar whose code cannot be fetched says so, and opening the picker again fetches it again", async () => {
    // The fetch when the picker is shown fails, and so does the one when it is opened.
    const calendar = await onDemandCode("@/components/ui/calendar", { failures: 2 });
    const { DatePicker: Picker } = await import("./date-picker");
    const user = userEvent.setup();
    render(<Example Picker={Picker} />);
    const trigger = screen.getByRole("button", { name: "Start Date" });
    await user.click(trigger);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The calendar could not be loaded. Please check your connection and open it again.",
    );
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await user.click(trigger);
    expect(await screen.findByRole("grid")).toBeInTheDocument();
    expect(calendar.fetches).toBe(3);
    await user.click(screen.getByRole("button", { name: /15th/ }));
    expect(trigger).toHaveTextContent(/15th/);
  });
});
