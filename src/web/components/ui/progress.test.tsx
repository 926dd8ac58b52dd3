import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Progress } from "./progress";

describe("Progress", () => {
  it("is a named progressbar from 0 to 100", () => {
    render(<Progress value={65} aria-label="Overall progress" />);
    const bar = screen.getByRole("progressbar", { name: "Overall progress" });
    expect(bar).toHaveAttribute("aria-valuenow", "65");
    expect(bar).toHaveAttribute("aria-valuemax", "100");
  });

  it("clamps values outside 0-100", () => {
    render(
      <>
        <Progress value={140} aria-label="Over" />
        <Progress value={-5} aria-label="Under" />
      </>,
    );
    expect(screen.getByRole("progressbar", { name: "Over" })).toHaveAttribute("aria-valuenow", "100");
    expect(screen.getByRole("progressbar", { name: "Under" })).toHaveAttribute("aria-valuenow", "0");
  });
});
