import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Calendar } from "./calendar";

describe("Calendar", () => {
  it("is a month grid whose days move with the arrow keys and are chosen with Enter", async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(
      <Calendar
        mode="single"
        defaultMonth={new Date(2025, 4, 1)}
        selected={new Date(2025, 4, 14)}
        onSelect={onSelect}
      />,
    );
    expect(screen.getByRole("grid", { name: "May 2025" })).toBeInTheDocument();
    const selected = screen.getByRole("button", { name: /May 14th, 2025.*selected/ });
    await user.click(selected);
    expect(onSelect).toHaveBeenLastCalledWith(
      undefined,
      new Date(2025, 4, 14),
      expect.anything(),
      expect.anything(),
    );
    await user.keyboard("{ArrowRight}{Enter}");
    expect(onSelect).toHaveBeenLastCalledWith(
      new Date(2025, 4, 15),
      new Date(2025, 4, 15),
      expect.anything(),
      expect.anything(),
    );
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("button", { name: /May 22nd, 2025/ })).toHaveFocus();
  });

  it("moves to the next month with its labelled navigation", async () => {
    const user = userEvent.setup();
    render(<Calendar mode="single" defaultMonth={new Date(2025, 4, 1)} />);
    await user.click(screen.getByRole("button", { name: /next month/i }));
    expect(screen.getByRole("grid", { name: "June 2025" })).toBeInTheDocument();
  });
});
