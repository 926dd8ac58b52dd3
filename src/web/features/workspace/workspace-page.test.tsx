import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWeb, signedInAs } from "../../../testing/render-web";
import WorkspacePage from "./workspace-page";

function stubViewport(wide: boolean) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches: wide,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  );
}

beforeEach(() => {
  const rect = Element.prototype.getBoundingClientRect;
  // jsdom lays nothing out, so every rectangle sits at 0,0 where user-event also points: the panels library would
  // take every click for a grab of its handles. Move the handles' hit areas out of the way.
  vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
    return this.hasAttribute("data-resize-handle") ? new DOMRect(-1000, -1000, 1, 1) : rect.call(this);
  });
});

afterEach(() => vi.unstubAllGlobals());

describe("Console (WorkspacePage)", () => {
  it("shows the three panels side by side with keyboard-resizable handles at SPEC's sizes", () => {
    renderWeb(<WorkspacePage />, { auth: signedInAs("ada@acme.com") });
    expect(document.title).toBe("Console · Pulse");
    expect(screen.getByRole("heading", { name: "Project Hierarchy" })).toBeInTheDocument();
    expect(screen.getByText("Select a project to view details")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "AI Assistant" })).toBeInTheDocument();
    const left = screen.getByRole("separator", { name: "Resize the hierarchy and details panels" });
    const right = screen.getByRole("separator", { name: "Resize the details and assistant panels" });
    expect(left).toHaveAttribute("aria-valuenow", "25");
    expect(right).toHaveAttribute("aria-valuenow", "50");
  });

  it("holds search text without filtering, and the add button does nothing", async () => {
    const user = userEvent.setup();
    renderWeb(<WorkspacePage />);
    const search = screen.getByRole("searchbox", { name: "Search projects" });
    expect(search).toHaveAttribute("placeholder", "Search projects...");
    await user.type(search, "zzz");
    expect(search).toHaveValue("zzz");
    expect(screen.getByRole("treeitem", { name: "Mobile App Launch" })).toBeInTheDocument();
    const before = document.body.innerHTML;
    await user.click(screen.getByRole("button", { name: "Add project" }));
    expect(document.body.innerHTML).toBe(before);
  });

  it("selecting a project shows its details and gives the assistant its context; a task shows its project", async () => {
    const user = userEvent.setup();
    renderWeb(<WorkspacePage />);
    expect(screen.queryByText("Context: Project Selected")).toBeNull();
    await user.click(screen.getByText("Mobile App Launch"));
    expect(screen.getByRole("heading", { name: "Mobile App Launch" })).toBeInTheDocument();
    expect(screen.getByText("30% complete")).toBeInTheDocument();
    expect(screen.getByText("Context: Project Selected")).toBeInTheDocument();
    await user.click(screen.getByTestId("toggle-design-system"));
    await user.click(screen.getByText("Typography"));
    expect(screen.getByRole("heading", { name: "Website Redesign" })).toBeInTheDocument();
    expect(screen.getByRole("treeitem", { name: "Typography" })).toHaveAttribute("aria-selected", "true");
  });

  it("below md the panels are tabs, and each keeps its state when switching", async () => {
    stubViewport(false);
    const user = userEvent.setup();
    renderWeb(<WorkspacePage />);
    expect(screen.queryByRole("separator")).toBeNull();
    const tabs = screen.getByRole("tablist", { name: "Console panels" });
    expect(
      within(tabs)
        .getAllByRole("tab")
        .map((t) => t.textContent),
    ).toEqual(["Hierarchy", "Details", "Assistant"]);
    expect(screen.getByRole("tab", { name: "Hierarchy" })).toHaveAttribute("aria-selected", "true");
    await user.click(screen.getByText("Data Platform Migration"));
    await user.click(screen.getByRole("tab", { name: "Assistant" }));
    expect(screen.getByRole("heading", { name: "AI Assistant" })).toBeVisible();
    await user.type(screen.getByRole("textbox", { name: "Message" }), "draft");
    await user.click(screen.getByRole("tab", { name: "Details" }));
    expect(screen.getByRole("heading", { name: "Data Platform Migration" })).toBeVisible();
    await user.click(screen.getByRole("tab", { name: "Assistant" }));
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("draft");
  });
});
