import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/lib/toast";
import { columnHeaders } from "../../../testing/table-queries";
import { chooseOption } from "../../../testing/choose-option";
import { RaciPanel, RaciTable } from "./raci-panel";

vi.mock("@/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

beforeEach(() => vi.clearAllMocks());

describe("RaciPanel", () => {
  it("shows the always-empty table with SPEC's empty text", () => {
    render(<RaciPanel />);
    const table = screen.getByRole("table", { name: "RACI Assignments" });
    expect(columnHeaders(table)).toEqual(["Task", "Project", "User", "Role", "Actions"]);
    expect(
      within(table).getByRole("cell", {
        name: "No RACI assignments found (Demo mode - database tables need to be created)",
      }),
    ).toBeInTheDocument();
  });

  it("offers demo tasks with their project, the demo team, the four roles and the projects", async () => {
    const user = userEvent.setup();
    render(<RaciPanel />);
    await user.click(screen.getByRole("combobox", { name: "Task" }));
    expect(
      await screen.findByRole("option", { name: "Hero Section (Website Redesign)" }),
    ).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("combobox", { name: "User" }));
    expect(
      await screen.findByRole("option", { name: "Alice Johnson (alice.johnson@acme.com)" }),
    ).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("combobox", { name: "Role" }));
    expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual([
      "responsible",
      "accountable",
      "consulted",
      "informed",
    ]);
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("combobox", { name: "Project (optional)" }));
    expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual([
      "Website Redesign",
      "Mobile App Launch",
      "Data Platform Migration",
    ]);
  });

  it("refuses to create without task, user and role", async () => {
    const user = userEvent.setup();
    render(<RaciPanel />);
    await user.click(screen.getByRole("button", { name: "Create Assignment" }));
    expect(toast.error).toHaveBeenCalledWith("Error", { description: "Please select task, user, and role" });
    await chooseOption(user, "Task", "Hero Section (Website Redesign)");
    await chooseOption(user, "User", "Bob Smith (bob.smith@acme.com)");
    await user.click(screen.getByRole("button", { name: "Create Assignment" }));
    expect(toast.error).toHaveBeenCalledTimes(2);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("creates in demo mode without a project: success toast, form reset, table still empty", async () => {
    const user = userEvent.setup();
    render(<RaciPanel />);
    await chooseOption(user, "Task", "Hero Section (Website Redesign)");
    await chooseOption(user, "User", "Bob Smith (bob.smith@acme.com)");
    await chooseOption(user, "Role", "accountable");
    await user.click(screen.getByRole("button", { name: "Create Assignment" }));
    expect(toast.success).toHaveBeenCalledWith("Success", {
      description: "RACI assignment created successfully (demo mode)",
    });
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.getByRole("combobox", { name: "Task" })).toHaveTextContent("Select a task");
    expect(screen.getByText(/No RACI assignments found/)).toBeInTheDocument();
  });
});

describe("RaciTable", () => {
  const row = (id: string, role: string) => ({
    id,
    raci_role: role,
    task: { title: `Task ${id}`, project_name: "Website Redesign" },
    user_profile: { first_name: "Ada", last_name: "Lovelace", email: "ada@acme.com" },
  });

  it("colours roles: responsible blue, accountable red, consulted yellow, informed green, other grey", () => {
    render(
      <RaciTable
        assignments={[
          row("1", "responsible"),
          row("2", "accountable"),
          row("3", "consulted"),
          row("4", "informed"),
          row("5", "observer"),
        ]}
      />,
    );
    const colour = (role: string) => screen.getByText(role, { selector: "span" }).getAttribute("data-colour");
    expect(["responsible", "accountable", "consulted", "informed", "observer"].map(colour)).toEqual([
      "blue",
      "red",
      "yellow",
      "green",
      "grey",
    ]);
    expect(screen.getAllByRole("cell", { name: /Ada Lovelace/ })).toHaveLength(5);
  });

  it("updating a row's role toasts the demo update", async () => {
    const user = userEvent.setup();
    render(<RaciTable assignments={[row("1", "responsible")]} />);
    await chooseOption(user, "Change role for Task 1", "informed");
    expect(toast.success).toHaveBeenCalledWith("Success", {
      description: "RACI assignment updated successfully (demo mode)",
    });
  });
});
