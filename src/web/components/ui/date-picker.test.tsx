import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { DatePicker } from "./date-picker";
import { Label } from "./label";

function Example({ initial }: { initial?: Date }) {
  const [date, setDate] = useState<Date | undefined>(initial);
  return (
    <>
      <Label htmlFor="start">Start Date</Label>
      <DatePicker id="start" value={date} onChange={setDate} />
    </>
  );
}

describe("DatePicker", () => {
  it('shows "Pick a date" until a day is chosen from the calendar, then closes and shows it', async () => {
    const user = userEvent.setup();
    render(<Example initial={undefined} />);
    const trigger = screen.getByRole("button", { name: "Start Date" });
    expect(trigger).toHaveTextContent("Pick a date");
    await user.click(trigger);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(screen.getByRole("grid")).toBeInTheDocument();
  });

  it("opens on the chosen month with the focus on the chosen day, and Enter picks the focused day", async () => {
    const user = userEvent.setup();
    render(<Example initial={new Date(2025, 4, 14)} />);
    const trigger = screen.getByRole("button", { name: "Start Date" });
    expect(trigger).toHaveTextContent("May 14th, 2025");
    await user.click(trigger);
    expect(screen.getByRole("grid", { name: "May 2025" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /May 14th, 2025/ })).toHaveFocus();
    await user.keyboard("{ArrowRight}{Enter}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(trigger).toHaveTextContent("May 15th, 2025");
  });
});
