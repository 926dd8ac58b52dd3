import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Label } from "./label";
import { Switch } from "./switch";

describe("Switch", () => {
  it("is a labelled switch toggled by click and Space", async () => {
    const user = userEvent.setup();
    render(
      <>
        <Switch id="slack" />
        <Label htmlFor="slack">Slack</Label>
      </>,
    );
    const sw = screen.getByRole("switch", { name: "Slack" });
    expect(sw).not.toBeChecked();
    await user.click(sw);
    expect(sw).toBeChecked();
    await user.keyboard(" ");
    expect(sw).not.toBeChecked();
  });

  it("does nothing while disabled", async () => {
    const user = userEvent.setup();
    render(<Switch aria-label="Google Drive" disabled />);
    const sw = screen.getByRole("switch", { name: "Google Drive" });
    await user.click(sw);
    expect(sw).not.toBeChecked();
    expect(sw).toBeDisabled();
  });
});
