import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { onDemandCode } from "../../../testing/on-demand-code";
import { stubResizeObserver } from "../../../testing/stub-resize-observer";

// The dialog's code is fetched on demand; these tests hold that fetch back or fail it (add-project-dialog.test.tsx
// covers the dialog itself).
beforeEach(stubResizeObserver);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.doUnmock("@/features/timeline/add-project-dialog");
  vi.resetModules();
});

const addButton = () => screen.getByRole("button", { name: "Add Project" });

describe("Add Project button", () => {
  it("is a dialog button before its code is here; pressed then, it is busy until the dialog arrives opened", async () => {
    const { arrive } = await onDemandCode("@/features/timeline/add-project-dialog", { heldBack: true });
    const { AddProject } = await import("./add-project");
    const user = userEvent.setup();
    render(<AddProject onAdd={() => undefined} />);
    expect(addButton()).toHaveAttribute("aria-haspopup", "dialog");
    expect(addButton()).toHaveAttribute("aria-expanded", "false");
    expect(addButton()).toHaveAttribute("aria-busy", "false");

    await user.click(addButton());
    expect(addButton()).toHaveAttribute("aria-busy", "true");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    arrive();
    expect(await screen.findByRole("dialog", { name: "Add New Project" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Project Title" })).toBeInTheDocument();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(addButton()).toHaveFocus();
    await user.click(addButton());
    expect(screen.getByRole("dialog", { name: "Add New Project" })).toBeInTheDocument();
  });

  it("says so when the code cannot be fetched, and the next press fetches it again", async () => {
    // Every fetch fails until the alert shows: the page's prefetch (after its first paint) fails silently whenever
    // it runs, before the press or after it, and the press's own fetch is refused too.
    const dialog = await onDemandCode("@/features/timeline/add-project-dialog", { failures: Infinity });
    const { AddProject } = await import("./add-project");
    const user = userEvent.setup();
    render(<AddProject onAdd={() => undefined} />);

    await user.click(addButton());
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(
      "The form could not be loaded. Please check your connection and try again.",
    );
    expect(addButton()).toHaveAttribute("aria-busy", "false");
    expect(addButton()).toHaveAccessibleDescription(
      "The form could not be loaded. Please check your connection and try again.",
    );
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    dialog.failures = 0;
    const fetchesBefore = dialog.fetches;
    await user.click(addButton());
    expect(await screen.findByRole("dialog", { name: "Add New Project" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(dialog.fetches).toBe(fetchesBefore + 1);
  });
});
