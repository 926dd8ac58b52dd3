import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { FormField } from "./form-field";
import { NativeSelect } from "./native-select";

describe("NativeSelect", () => {
  it("is a labelled combobox of its options that reports the choice", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <FormField label="Reason" required error="Please choose a reason.">
        {(control) => (
          <NativeSelect {...control} defaultValue="b" onChange={(e) => onChange(e.target.value)}>
            <option value="a">A</option>
            <option value="b">B</option>
          </NativeSelect>
        )}
      </FormField>,
    );
    const select = screen.getByRole("combobox", { name: "Reason" });
    expect(select).toHaveValue("b");
    expect(select).toBeRequired();
    expect(select).toHaveAttribute("aria-invalid", "true");
    expect(select).toHaveAccessibleDescription("Please choose a reason.");
    await user.selectOptions(select, "a");
    expect(onChange).toHaveBeenCalledWith("a");
  });
});
