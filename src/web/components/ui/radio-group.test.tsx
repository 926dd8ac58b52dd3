import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Label } from "./label";
import { RadioGroup, RadioGroupItem } from "./radio-group";

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
