import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { DEMO_HIERARCHY } from "./demo-data";
import { ProjectTree } from "./project-tree";
import { initiallyExpanded } from "./tree-model";

function Harness() {
  const [expanded, setExpanded] = useState(() => initiallyExpanded(DEMO_HIERARCHY));
  const [selectedId, setSelectedId] = useState<string | undefined>(undefined);
  return (
    <>
      <button type="button">Before</button>
      <ProjectTree
        aria-label="Project Hierarchy"
        nodes={DEMO_HIERARCHY}
        expanded={expanded}
        selectedId={selectedId}
        onSelect={setSelectedId}
        onToggle={(id) =>
          setExpanded((open) => {
            const next = new Set(open);
            if (!next.delete(id)) next.add(id);
            return next;
          })
        }
      />
      <output>{selectedId ?? "none"}</output>
    </>
  );
}

const item = (name: string) => screen.getByRole("treeitem", { name });
const selected = () => screen.getByRole("status").textContent;

describe("ProjectTree", () => {
  it("is a named tree of projects, tasks and subtasks with levels, expansion and status badges", () => {
    render(<Harness />);
    expect(screen.getByRole("tree", { name: "Project Hierarchy" })).toBeInTheDocument();
    const project = item("Website Redesign");
    expect(project).toHaveAttribute("aria-level", "1");
    expect(project).toHaveAttribute("aria-expanded", "true");
    expect(project).toHaveAttribute("aria-selected", "false");
    expect(project).toHaveAccessibleDescription("in-progress");
    expect(item("Design System")).toHaveAttribute("aria-level", "2");
    expect(item("Design System")).toHaveAttribute("aria-expanded", "false");
    expect(item("Content Migration")).not.toHaveAttribute("aria-expanded");
    expect(item("Mobile App Launch")).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("treeitem", { name: "API Integration" })).toBeNull();
  });

  it("colours status badges: green completed, blue in-progress, red blocked, grey otherwise", () => {
    render(<Harness />);
    const badge = (name: string) =>
      within(item(name)).getAllByText(/^(planning|in-progress|completed|blocked)$/)[0];
    expect(badge("Design System")).toHaveAttribute("data-colour", "green");
    expect(badge("Website Redesign")).toHaveAttribute("data-colour", "blue");
    expect(badge("Mobile App Launch")).toHaveAttribute("data-colour", "red");
    expect(badge("Data Platform Migration")).toHaveAttribute("data-colour", "grey");
  });

  it("clicking a project selects it and toggles it; clicking a task selects it only", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByText("Mobile App Launch"));
    expect(selected()).toBe("mobile-app-launch");
    expect(item("Mobile App Launch")).toHaveAttribute("aria-expanded", "true");
    expect(item("Mobile App Launch")).toHaveAttribute("aria-selected", "true");
    await user.click(screen.getByText("Mobile App Launch"));
    expect(item("Mobile App Launch")).toHaveAttribute("aria-expanded", "false");
    await user.click(screen.getByText("Design System"));
    expect(selected()).toBe("design-system");
    expect(item("Design System")).toHaveAttribute("aria-expanded", "false");
    expect(item("Mobile App Launch")).toHaveAttribute("aria-selected", "false");
  });

  it("the chevron toggles alone, without selecting", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByTestId("toggle-design-system"));
    expect(item("Design System")).toHaveAttribute("aria-expanded", "true");
    expect(item("Color Palette")).toHaveAttribute("aria-level", "3");
    await user.click(screen.getByTestId("toggle-website-redesign"));
    expect(item("Website Redesign")).toHaveAttribute("aria-expanded", "false");
    expect(selected()).toBe("none");
  });

  it("is one tab stop; arrows move, open, enter, close and go to the parent; Home/End jump; Enter/Space select", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Before" }));
    await user.tab();
    expect(item("Website Redesign")).toHaveFocus();
    expect(screen.getAllByRole("treeitem").filter((el) => el.tabIndex === 0)).toHaveLength(1);

    await user.keyboard("{ArrowDown}");
    expect(item("Design System")).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(item("Design System")).toHaveAttribute("aria-expanded", "true");
    expect(item("Design System")).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(item("Color Palette")).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(item("Color Palette")).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(item("Design System")).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(item("Design System")).toHaveAttribute("aria-expanded", "false");
    await user.keyboard("{ArrowLeft}");
    expect(item("Website Redesign")).toHaveFocus();
    await user.keyboard("{ArrowUp}");
    expect(item("Website Redesign")).toHaveFocus();

    await user.keyboard("{End}");
    expect(item("Data Platform Migration")).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(selected()).toBe("data-platform-migration");
    await user.keyboard("{Home}");
    expect(item("Website Redesign")).toHaveFocus();
    await user.keyboard("{ArrowDown}{ArrowDown} ");
    expect(selected()).toBe("homepage-layout");
    expect(item("Homepage Layout")).toHaveAttribute("aria-selected", "true");

    // Leaving and coming back lands on the row last moved to.
    await user.tab({ shift: true });
    await user.tab();
    expect(item("Homepage Layout")).toHaveFocus();
  });
});
