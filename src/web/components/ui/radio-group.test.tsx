import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Label } from "./label";
import { RadioGroup, RadioGroupItem, RadioGroupSwatch } from "./radio-group";

describe("RadioGroup", () => {
  it("is one tab stop whose arrows move and select", async () => {
    const user = userEvent.setup();
    render(
      <RadioGroup aria-label="Sync mode" defaultValue="all">
        <div>
          <RadioGroupItem value="all" id="all" />
          <Label htmlFor="all">All projects</Label>
        </div>
        <div>
          <RadioGroupItem value="selected" id="selected" />
          <Label htmlFor="selected">Selected projects</Label>
        </div>
      </RadioGroup>,
    );
    expect(screen.getByRole("radiogroup", { name: "Sync mode" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "All projects" })).toBeChecked();
    await user.tab();
    expect(screen.getByRole("radio", { name: "All projects" })).toHaveFocus();
    // Radix moves focus a tick after the keydown and checks the radio it lands on while the arrow is held.
    await user.keyboard("{ArrowDown>}");
    await waitFor(() => expect(screen.getByRole("radio", { name: "Selected projects" })).toBeChecked());
    await user.keyboard("{/ArrowDown}");
    expect(screen.getByRole("radio", { name: "All projects" })).not.toBeChecked();
  });
});

describe("RadioGroupSwatch", () => {
  it("is a radio named by its aria-label, drawn in the given colour, and shows a tick when checked", async () => {
    const user = userEvent.setup();
    render(
      <RadioGroup aria-label="Colour" defaultValue="blue">
        <RadioGroupSwatch value="blue" aria-label="Blue" className="bg-blue-500" />
        <RadioGroupSwatch value="red" aria-label="Red" className="bg-red-500" />
      </RadioGroup>,
    );
    const red = screen.getByRole("radio", { name: "Red" });
    expect(red).toHaveClass("bg-red-500");
    expect(red.querySelector("svg")).toBeNull();
    await user.click(red);
    expect(red).toBeChecked();
    expect(red.querySelector("svg")).not.toBeNull();
    expect(screen.getByRole("radio", { name: "Blue" })).not.toBeChecked();
  });
});
