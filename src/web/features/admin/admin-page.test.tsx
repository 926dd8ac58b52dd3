import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/lib/toast";
import { columnHeaders } from "../../../testing/table-queries";
import { chooseOption } from "../../../testing/choose-option";
import { renderWeb, signedInAs } from "../../../testing/render-web";
import AdminPage from "./admin-page";

vi.mock("@/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

beforeEach(() => vi.clearAllMocks());

const NO_USERS = "No users found (Demo mode - database tables need to be created)";
const NO_PREFERENCES = "No preferences found (Demo mode - database tables need to be created)";
const IMPERSONATION_ERROR = "Please select a user and provide a reason for impersonation";

function renderPage() {
  const user = userEvent.setup();
  renderWeb(<AdminPage />, { route: "/project-manager", auth: signedInAs("ada@acme.com") });
  return user;
}

/** The first cell of each body row: the user's name and e-mail, or the empty text. */
const rowNames = (tableName: string) =>
  within(screen.getByRole("table", { name: tableName }))
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[0]!.textContent);

describe("PulseOps (AdminPage)", () => {
  it("opens on User Admin among three tabs, titled PulseOps", () => {
    renderPage();
    expect(document.title).toBe("PulseOps · Pulse");
    expect(screen.getByRole("heading", { level: 1, name: "PulseOps" })).toBeInTheDocument();
    const tabs = within(screen.getByRole("tablist", { name: "PulseOps" })).getAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual(["User Admin", "Preferences", "Impersonation"]);
    expect(screen.getByRole("tab", { name: "User Admin" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("table", { name: "Users" })).toBeInTheDocument();
  });

  it("switches tabs from the keyboard", async () => {
    const user = renderPage();
    screen.getByRole("tab", { name: "User Admin" }).focus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Preferences" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("table", { name: "Communication preferences" })).toBeInTheDocument();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("heading", { name: "User Impersonation" })).toBeInTheDocument();
  });
});

describe("User Admin", () => {
  it("lists every demo user with e-mail, role badge, created and last sign-in dates", () => {
    renderPage();
    const table = screen.getByRole("table", { name: "Users" });
    expect(columnHeaders(table)).toEqual(["User", "Role", "Created", "Last sign-in", "Change role"]);
    expect(rowNames("Users")).toEqual([
      "Ada Lovelaceada.lovelace@acme.com",
      "Grace Hoppergrace.hopper@acme.com",
      "Alan Turingalan.turing@acme.com",
      "Katherine Johnsonkatherine.johnson@acme.com",
      "Linus Paulinglinus.pauling@acme.com",
      "Margaret Hamiltonmargaret.hamilton@acme.com",
    ]);
    const ada = screen.getByRole("row", { name: /Ada Lovelace/ });
    expect(within(ada).getByText("Jan 15, 2025")).toBeInTheDocument();
    expect(within(ada).getByText("Jun 2, 2025")).toBeInTheDocument();
    expect(within(screen.getByRole("row", { name: /Linus Pauling/ })).getByText("Never")).toBeInTheDocument();
  });

  it("colours roles: admin red, project_manager blue, team_lead green, member grey", () => {
    renderPage();
    const badge = (name: RegExp) =>
      within(within(screen.getByRole("row", { name })).getAllByRole("cell")[1]!).getByText(/.+/);
    expect(
      [/Ada/, /Grace/, /Alan/, /Katherine/].map((n) => [badge(n).textContent, badge(n).dataset.colour]),
    ).toEqual([
      ["admin", "red"],
      ["project_manager", "blue"],
      ["team_lead", "green"],
      ["member", "grey"],
    ]);
  });

  it("searches first name, last name or e-mail in any letter case", async () => {
    const user = renderPage();
    const search = screen.getByRole("searchbox", { name: "Search users" });
    await user.type(search, "GRACE");
    expect(rowNames("Users")).toEqual(["Grace Hoppergrace.hopper@acme.com"]);
    await user.clear(search);
    await user.type(search, "turing");
    expect(rowNames("Users")).toEqual(["Alan Turingalan.turing@acme.com"]);
    await user.clear(search);
    await user.type(search, "Hopper@TURING");
    expect(rowNames("Users")).toEqual([NO_USERS]);
    await user.clear(search);
    await user.type(search, "MARGARET.hamilton@acme");
    expect(rowNames("Users")).toEqual(["Margaret Hamiltonmargaret.hamilton@acme.com"]);
  });

  it("filters by role, combined with the search, and shows the empty text when nothing matches", async () => {
    const user = renderPage();
    const filter = screen.getByRole("combobox", { name: "Filter by role" });
    expect(filter).toHaveTextContent("All Roles");
    await user.click(filter);
    expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual([
      "All Roles",
      "admin",
      "project_manager",
      "team_lead",
      "member",
    ]);
    await user.click(screen.getByRole("option", { name: "member" }));
    expect(rowNames("Users")).toEqual([
      "Katherine Johnsonkatherine.johnson@acme.com",
      "Linus Paulinglinus.pauling@acme.com",
    ]);
    await user.type(screen.getByRole("searchbox", { name: "Search users" }), "Linus");
    expect(rowNames("Users")).toEqual(["Linus Paulinglinus.pauling@acme.com"]);
    await chooseOption(user, "Filter by role", "admin");
    expect(rowNames("Users")).toEqual([NO_USERS]);
    expect(screen.getByRole("cell", { name: NO_USERS })).toHaveAttribute("colspan", "5");
    await chooseOption(user, "Filter by role", "All Roles");
    expect(rowNames("Users")).toEqual(["Linus Paulinglinus.pauling@acme.com"]);
  });

  it("a role change only toasts; the row keeps its role", async () => {
    const user = renderPage();
    const change = screen.getByRole("combobox", { name: "Change role for Alan Turing" });
    expect(change).toHaveTextContent("team_lead");
    await chooseOption(user, "Change role for Alan Turing", "admin");
    expect(toast.success).toHaveBeenCalledWith("Success", {
      description: "User role updated successfully (demo mode)",
    });
    expect(toast.success).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("combobox", { name: "Change role for Alan Turing" })).toHaveTextContent(
      "team_lead",
    );
    const row = screen.getByRole("row", { name: /Alan Turing/ });
    expect(within(row).getByText("team_lead", { selector: "[data-colour]" })).toBeInTheDocument();
  });

  it("Add User does nothing", async () => {
    const user = renderPage();
    const before = document.body.innerHTML;
    await user.click(screen.getByRole("button", { name: "Add User" }));
    expect(document.body.innerHTML).toBe(before);
    expect(toast.success).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe("Preferences", () => {
  async function openPreferences() {
    const user = renderPage();
    await user.click(screen.getByRole("tab", { name: "Preferences" }));
    return user;
  }

  it("lists the demo preferences with method, frequency, work hours and time zone", async () => {
    await openPreferences();
    const table = screen.getByRole("table", { name: "Communication preferences" });
    expect(columnHeaders(table)).toEqual(["User", "Method", "Frequency", "Work hours", "Time zone"]);
    const cells = (name: RegExp) =>
      within(screen.getByRole("row", { name }))
        .getAllByRole("cell")
        .map((c) => c.textContent);
    expect(cells(/Ada Lovelace/)).toEqual([
      "Ada Lovelaceada.lovelace@acme.com",
      "email",
      "daily",
      "09:00 - 17:00",
      "UTC",
    ]);
    expect(cells(/Alan Turing/)).toEqual([
      "Alan Turingalan.turing@acme.com",
      "imessage",
      "hourly",
      "08:00 - 16:00",
      "PST",
    ]);
    expect(rowNames("Communication preferences")).toHaveLength(5);
  });

  it("filters by method, combined with the case-insensitive search, down to the empty text", async () => {
    const user = await openPreferences();
    await user.click(screen.getByRole("combobox", { name: "Filter by method" }));
    expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual([
      "All Methods",
      "imessage",
      "whatsapp",
      "slack",
      "email",
      "push",
    ]);
    await user.click(screen.getByRole("option", { name: "slack" }));
    expect(rowNames("Communication preferences")).toEqual(["Grace Hoppergrace.hopper@acme.com"]);
    const search = screen.getByRole("searchbox", { name: "Search preferences" });
    await user.type(search, "HOPPER");
    expect(rowNames("Communication preferences")).toEqual(["Grace Hoppergrace.hopper@acme.com"]);
    await user.clear(search);
    await user.type(search, "katherine");
    expect(rowNames("Communication preferences")).toEqual([NO_PREFERENCES]);
    await chooseOption(user, "Filter by method", "All Methods");
    expect(rowNames("Communication preferences")).toEqual(["Katherine Johnsonkatherine.johnson@acme.com"]);
    await user.clear(search);
    await user.type(search, "nobody");
    expect(screen.getByRole("cell", { name: NO_PREFERENCES })).toBeInTheDocument();
  });

  it("keeps each tab's search and filter when switching tabs", async () => {
    const user = await openPreferences();
    await user.type(screen.getByRole("searchbox", { name: "Search preferences" }), "ada");
    await user.click(screen.getByRole("tab", { name: "User Admin" }));
    expect(screen.getByRole("searchbox", { name: "Search users" })).toHaveValue("");
    await user.click(screen.getByRole("tab", { name: "Preferences" }));
    expect(screen.getByRole("searchbox", { name: "Search preferences" })).toHaveValue("ada");
  });
});

describe("Impersonation", () => {
  async function openImpersonation() {
    const user = renderPage();
    await user.click(screen.getByRole("tab", { name: "Impersonation" }));
    return user;
  }
  const startButton = () => screen.getByRole("button", { name: "Start Impersonation" });
  const reasonBox = () => screen.getByRole("textbox", { name: "Reason for impersonation" });

  it("says sessions are monitored and logged, and offers every demo user", async () => {
    const user = await openImpersonation();
    expect(screen.getByText(/monitored and logged/)).toBeInTheDocument();
    const select = screen.getByRole("combobox", { name: "User to impersonate" });
    expect(select).toHaveTextContent("Select a user");
    await user.click(select);
    expect(await screen.findAllByRole("option")).toHaveLength(6);
    expect(screen.getByRole("option", { name: "Alan Turing (alan.turing@acme.com)" })).toBeInTheDocument();
  });

  it("keeps the start button disabled until a user and a non-blank reason are given", async () => {
    const user = await openImpersonation();
    expect(startButton()).toBeDisabled();
    await user.type(reasonBox(), "Support ticket 42");
    expect(startButton()).toBeDisabled();
    await user.clear(reasonBox());
    await chooseOption(user, "User to impersonate", "Grace Hopper (grace.hopper@acme.com)");
    expect(startButton()).toBeDisabled();
    await user.type(reasonBox(), "   ");
    expect(startButton()).toBeDisabled();
    await user.type(reasonBox(), "Support ticket 42");
    expect(startButton()).toBeEnabled();
  });

  it("a keyboard submit without a user or reason shows the error toast and stays inactive", async () => {
    const user = await openImpersonation();
    await user.click(reasonBox());
    await user.keyboard("{Enter}");
    expect(toast.error).toHaveBeenCalledWith("Error", { description: IMPERSONATION_ERROR });
    await user.type(reasonBox(), "Checking a report{Enter}");
    expect(toast.error).toHaveBeenCalledTimes(2);
    await user.clear(reasonBox());
    await chooseOption(user, "User to impersonate", "Grace Hopper (grace.hopper@acme.com)");
    await user.type(reasonBox(), "  {Enter}");
    expect(toast.error).toHaveBeenCalledTimes(3);
    expect(screen.queryByText("IMPERSONATION ACTIVE")).toBeNull();
  });

  it("starts with the banner naming the user, then stop clears the selection and the reason", async () => {
    const user = await openImpersonation();
    await chooseOption(user, "User to impersonate", "Alan Turing (alan.turing@acme.com)");
    await user.type(reasonBox(), "Reproducing a bug{Enter}");
    expect(toast.error).not.toHaveBeenCalled();
    const banner = screen.getByRole("region", { name: "IMPERSONATION ACTIVE" });
    expect(within(banner).getByText("IMPERSONATION ACTIVE")).toBeInTheDocument();
    expect(banner).toHaveTextContent("You are viewing Pulse as Alan Turing (alan.turing@acme.com)");
    expect(banner).toHaveTextContent("Reason: Reproducing a bug");
    expect(banner).toHaveTextContent("This session is monitored and logged.");
    expect(startButton()).toBeDisabled();
    expect(reasonBox()).toBeDisabled();

    // The banner stays while the admin looks at another tab.
    await user.click(screen.getByRole("tab", { name: "User Admin" }));
    expect(screen.getByText("IMPERSONATION ACTIVE")).toBeInTheDocument();
    await user.click(
      within(screen.getByRole("region", { name: "IMPERSONATION ACTIVE" })).getByRole("button", {
        name: "Stop Impersonation",
      }),
    );
    expect(screen.queryByText("IMPERSONATION ACTIVE")).toBeNull();
    await user.click(screen.getByRole("tab", { name: "Impersonation" }));
    expect(screen.getByRole("combobox", { name: "User to impersonate" })).toHaveTextContent("Select a user");
    expect(reasonBox()).toHaveValue("");
    expect(startButton()).toBeDisabled();
  });

  it("starts with a click too", async () => {
    const user = await openImpersonation();
    await chooseOption(user, "User to impersonate", "Ada Lovelace (ada.lovelace@acme.com)");
    await user.type(reasonBox(), "Audit");
    await user.click(startButton());
    expect(screen.getByRole("region", { name: "IMPERSONATION ACTIVE" })).toHaveTextContent(
      "IMPERSONATION ACTIVE",
    );
  });
});
