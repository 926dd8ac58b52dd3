import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { DEMO_PROJECTS } from "./demo-data";
import { DetailsPanel } from "./details-panel";

const project = DEMO_PROJECTS["website-redesign"]!;

describe("DetailsPanel", () => {
  it("asks for a selection when nothing is selected", () => {
    render(<DetailsPanel project={undefined} />);
    expect(screen.getByText("Select a project to view details")).toBeInTheDocument();
    expect(screen.queryByRole("tablist")).toBeNull();
  });

  it("has six tabs in SPEC's order, Timeline selected", () => {
    render(<DetailsPanel project={project} />);
    expect(screen.getByRole("heading", { name: "Website Redesign" })).toBeInTheDocument();
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual([
      "Timeline",
      "Dependencies",
      "Metadata",
      "Comments",
      "Status",
      "RACI",
    ]);
    expect(screen.getByRole("tab", { name: "Timeline" })).toHaveAttribute("aria-selected", "true");
  });

  it("Timeline: status badge, percent complete, dates, team count, overall and per-task progress", () => {
    render(<DetailsPanel project={project} />);
    const panel = screen.getByRole("tabpanel", { name: "Timeline" });
    expect(within(panel).getAllByText("in-progress")[0]).toHaveAttribute("data-colour", "blue");
    expect(within(panel).getByText("65% complete")).toBeInTheDocument();
    expect(within(panel).getByText("Jan 15, 2025")).toBeInTheDocument();
    expect(within(panel).getByText("Apr 30, 2025")).toBeInTheDocument();
    expect(within(panel).getByText("4 team members")).toBeInTheDocument();
    expect(within(panel).getByRole("progressbar", { name: "Overall progress" })).toHaveAttribute(
      "aria-valuenow",
      "65",
    );
    expect(within(panel).getByRole("progressbar", { name: "Design System" })).toHaveAttribute(
      "aria-valuenow",
      "100",
    );
    expect(within(panel).getByRole("progressbar", { name: "Homepage Layout" })).toHaveAttribute(
      "aria-valuenow",
      "60",
    );
    expect(within(panel).getByRole("progressbar", { name: "Content Migration" })).toHaveAttribute(
      "aria-valuenow",
      "0",
    );
  });

  it("Dependencies, Metadata, Comments and Status show their content", async () => {
    const user = userEvent.setup();
    render(<DetailsPanel project={project} />);
    await user.click(screen.getByRole("tab", { name: "Dependencies" }));
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Dependency graph visualization - Coming soon...");

    await user.click(screen.getByRole("tab", { name: "Metadata" }));
    const meta = screen.getByRole("tabpanel");
    const terms = within(meta)
      .getAllByRole("term")
      .map((t) => t.textContent);
    expect(terms).toEqual(["Priority", "Category", "Budget", "Client", "Description"]);
    const values = within(meta)
      .getAllByRole("definition")
      .map((d) => d.textContent);
    expect(values).toEqual(["High", "Marketing", "$45,000", "Acme Corp", project.description]);

    await user.click(screen.getByRole("tab", { name: "Comments" }));
    const comments = screen.getByRole("tabpanel");
    expect(within(comments).getByText("Alice Johnson")).toBeInTheDocument();
    expect(
      within(comments).getByText("The design tokens are merged; components are next."),
    ).toBeInTheDocument();
    expect(within(comments).getByText("2 hours ago")).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Status" }));
    const status = screen.getByRole("tabpanel");
    const counts = within(status)
      .getAllByRole("definition")
      .map((d) => d.textContent);
    expect(
      within(status)
        .getAllByRole("term")
        .map((t) => t.textContent),
    ).toEqual(["Completed", "In Progress"]);
    expect(counts).toEqual(["1", "1"]);

    await user.click(screen.getByRole("tab", { name: "RACI" }));
    expect(
      screen.getByText("No RACI assignments found (Demo mode - database tables need to be created)"),
    ).toBeInTheDocument();
  });
});
