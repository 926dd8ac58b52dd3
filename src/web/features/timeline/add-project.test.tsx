import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubResizeObserver } from "../../../testing/stub-resize-observer";

// The dialog's code is fetched on demand; these tests hold that fetch back or fail it (add-project-dialog.test.tsx
// covers the dialog itself).
beforeEach(stubResizeObserver);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.doUnmock("./add-project-dialog");
  vi.resetModules();
});

const addButton = () => screen.getByRole("button", { name: "Add Project" });

describe("Add Project button", () => {
  it("is a dialog button before its code is here; pressed then, it is busy until the dialog arrives opened", async () => {
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    vi.doMock("./add-project-dialog", async () => {
      await arrived;
      return vi.importActual("./add-project-dialog");
    });
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
    // Transformed before any wait starts: on a loaded machine that alone can outlast `findByRole`.
    const actual = await vi.importActual("./add-project-dialog");
    let fetches = 0;
    vi.doMock("./add-project-dialog", async () => {
      fetches++;
      if (fetches === 1) throw new TypeError("Failed to fetch dynamically imported module");
      return actual;
    });
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

    await user.click(addButton());
    expect(await screen.findByRole("dialog", { name: "Add New Project" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(fetches).toBe(2);
  });
});
