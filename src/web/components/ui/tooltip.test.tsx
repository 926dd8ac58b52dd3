import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Button } from "./button";
import { Tooltip, TooltipContent, TooltipTrigger } from "./tooltip";

describe("Tooltip", () => {
  it("shows on keyboard focus, describes its trigger, and hides with Escape", async () => {
    const user = userEvent.setup();
    render(
      <Tooltip delayDuration={0}>
        <TooltipTrigger asChild>
          <Button aria-label="Add project">+</Button>
        </TooltipTrigger>
        <TooltipContent>Adds a project</TooltipContent>
      </Tooltip>,
    );
    await user.tab();
    const trigger = screen.getByRole("button", { name: "Add project" });
    expect(trigger).toHaveFocus();
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Adds a project");
    expect(trigger).toHaveAccessibleDescription("Adds a project");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
  });
});
