import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FormField } from "./form-field";
import { Input } from "./input";

describe("FormField", () => {
  it("names the control by its label alone and marks it required without announcing the asterisk", () => {
    render(
      <FormField label="First name" required>
        {(control) => <Input {...control} />}
      </FormField>,
    );
    const input = screen.getByRole("textbox", { name: "First name" });
    expect(input).toBeRequired();
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(input).not.toHaveAttribute("aria-describedby");
    expect(screen.getByText("*")).toHaveAttribute("aria-hidden", "true");
  });

  it("shows (optional) without making it part of the name", () => {
    render(
      <FormField label="Company" optional>
        {(control) => <Input {...control} />}
      </FormField>,
    );
    expect(screen.getByRole("textbox", { name: "Company" })).not.toBeRequired();
    expect(screen.getByText("(optional)")).toHaveAttribute("aria-hidden", "true");
  });

  it("describes the control by its hint and its error, and marks it invalid while there is an error", () => {
    const { rerender } = render(
      <FormField label="Email" hint="Work address" error="Please enter a valid email address.">
        {(control) => <Input {...control} />}
      </FormField>,
    );
    const input = screen.getByRole("textbox", { name: "Email" });
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("Work address Please enter a valid email address.");

    rerender(
      <FormField label="Email" hint="Work address">
        {(control) => <Input {...control} />}
      </FormField>,
    );
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(input).toHaveAccessibleDescription("Work address");
    expect(screen.queryByText("Please enter a valid email address.")).toBeNull();
  });

  it("gives every field its own ids", () => {
    render(
      <>
        <FormField label="One" error="Bad one">
          {(control) => <Input {...control} />}
        </FormField>
        <FormField label="Two" error="Bad two">
          {(control) => <Input {...control} />}
        </FormField>
      </>,
    );
    expect(screen.getByRole("textbox", { name: "One" })).toHaveAccessibleDescription("Bad one");
    expect(screen.getByRole("textbox", { name: "Two" })).toHaveAccessibleDescription("Bad two");
  });
});
