import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Label } from "./label";
import { RadixOptionSelect, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./select";

function Example() {
  const [value, setValue] = useState("medium");
  return (
    <>
      <Label htmlFor="priority">Priority</Label>
      <Select value={value} onValueChange={setValue}>
        <SelectTrigger id="priority">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="low">Low</SelectItem>
          <SelectItem value="medium">Medium</SelectItem>
          <SelectItem value="high">High</SelectItem>
        </SelectContent>
      </Select>
      <output>{value}</output>
    </>
  );
}

describe("Select", () => {
  it("is a labelled combobox showing the chosen option", () => {
    render(<Example />);
    expect(screen.getByRole("combobox", { name: "Priority" })).toHaveTextContent("Medium");
  });

  it("opens from the keyboard and chooses with the arrows and Enter", async () => {
    const user = userEvent.setup();
    render(<Example />);
    screen.getByRole("combobox", { name: "Priority" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("listbox")).toBeInTheDocument();
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Low", "Medium", "High"]);
    await user.keyboard("{ArrowDown}{Enter}");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("high");
    expect(screen.getByRole("combobox", { name: "Priority" })).toHaveTextContent("High");
  });

  it("RadixOptionSelect lists its options, shows the placeholder until chosen, and reports the choice", async () => {
    const user = userEvent.setup();
    const chosen: string[] = [];
    render(
      <RadixOptionSelect
        aria-label="Colour"
        placeholder="Pick a colour"
        value=""
        onValueChange={(v) => chosen.push(v)}
        options={[
          { value: "r", label: "Red" },
          { value: "g", label: "Green" },
        ]}
      />,
    );
    const trigger = screen.getByRole("combobox", { name: "Colour" });
    expect(trigger).toHaveTextContent("Pick a colour");
    await user.click(trigger);
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Red", "Green"]);
    await user.click(screen.getByRole("option", { name: "Green" }));
    expect(chosen).toEqual(["g"]);
  });
});
