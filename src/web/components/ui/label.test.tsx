import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Field } from "./label";

describe("Field", () => {
  it("names its control by the label", () => {
    render(
      <Field id="reason" label="Reason">
        <input id="reason" />
      </Field>,
    );
    expect(screen.getByRole("textbox", { name: "Reason" })).toBeInTheDocument();
  });
});
