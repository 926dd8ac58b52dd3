import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AsanaSyncPreferences } from "@shared/connectors";
import type { RealtimeChannelName } from "@/lib/realtime";
import { toast } from "@/lib/toast";
import { deferred, stubFetch, type FakeAnswer } from "../../../testing/fake-fetch";
import { renderWeb, signedInAs } from "../../../testing/render-web";
import { stubResizeObserver } from "../../../testing/stub-resize-observer";
import SettingsPage from "./settings-page";

vi.mock("@/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

/** The realtime hook, stood in for: `refresh(channel)` invalidates what the page asked that channel to keep fresh. */
const realtime = vi.hoisted(() => ({ refreshers: new Map<string, () => Promise<void>>() }));
vi.mock("@/lib/realtime", async () => {
  const { useQueryClient } = await import("@tanstack/react-query");
  return {
    useRealtimeChannel: (
      channel: RealtimeChannelName,
      options: { invalidate?: readonly (readonly unknown[])[]; enabled?: boolean } = {},
    ) => {
      const client = useQueryClient();
      if (options.enabled !== false) {
        realtime.refreshers.set(channel, async () => {
          for (const queryKey of options.invalidate ?? []) await client.invalidateQueries({ queryKey });
        });
      } else realtime.refreshers.delete(channel);
      return "joined";
    },
  };
});

const PROJECTS = [
  { gid: "101", name: "Launch" },
  { gid: "102", name: "Hiring" },
  { gid: "103", name: "Website" },
];
const ANN = signedInAs("ann@acme.com");
const SAVE = "POST /functions/v1/syncAsanaPreferences";

let user: ReturnType<typeof userEvent.setup>;
let api: ReturnType<typeof stubFetch>;
let saved: AsanaSyncPreferences;
let projects: unknown[];

beforeEach(() => {
  stubResizeObserver();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
  realtime.refreshers.clear();
  saved = { sync_all: true, selected_project_ids: [] };
  projects = PROJECTS;
  api = stubFetch({
    "GET /api/connectors": () => ({ body: { connectors: [{ type: "asana", is_active: true }] } }),
    "GET /api/identities/asana": () => ({ body: { projects, updated_at: "2026-01-05T10:00:00Z" } }),
    "GET /api/sync-preferences/asana": () => ({ body: saved }),
    [SAVE]: () => ({ body: { ok: true } }),
  });
  user = userEvent.setup();
});
afterEach(() => vi.unstubAllGlobals());

const panel = () => screen.getByRole("dialog", { name: "Asana Sync Preferences" });
const saveButton = () => within(panel()).getByRole("button", { name: /^(Save Preferences|Saving\.\.\.)$/ });

async function openPanel(auth = ANN) {
  const page = renderWeb(<SettingsPage />, { auth });
  await user.click(screen.getByRole("tab", { name: "Connectors" }));
  await user.click(await screen.findByText("Projects and tasks from your Asana workspaces"));
  await within(panel()).findByRole("radiogroup", { name: "Sync mode" });
  return page;
}

describe("Asana Sync Preferences panel", () => {
  it("opens from a click on the enabled Asana card, and from its Sync Preferences button", async () => {
    await openPanel();
    expect(within(panel()).getByRole("radio", { name: "Sync all projects" })).toBeChecked();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Sync Preferences" }));
    expect(await screen.findByRole("dialog", { name: "Asana Sync Preferences" })).toBeInTheDocument();
  });

  it("does not open from the Asana card while Asana is off", async () => {
    api.routes["GET /api/connectors"] = () => ({ body: { connectors: [] } });
    renderWeb(<SettingsPage />, { auth: ANN });
    await user.click(screen.getByRole("tab", { name: "Connectors" }));
    await user.click(await screen.findByText("Projects and tasks from your Asana workspaces"));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Sync Preferences" })).not.toBeInTheDocument();
    expect(api.callsTo("GET /api/identities/asana")).toHaveLength(0);
  });

  it("shows the saved choice: selected mode with its projects ticked by gid, in a list about 12rem tall", async () => {
    saved = { sync_all: false, selected_project_ids: ["102", "999"] };
    await openPanel();
    expect(within(panel()).getByRole("radio", { name: "Sync selected projects" })).toBeChecked();
    const list = within(panel()).getByRole("list", { name: "Asana projects" });
    expect(list).toHaveClass("h-48", "overflow-y-auto");
    expect(within(list).getByRole("checkbox", { name: "Launch" })).not.toBeChecked();
    expect(within(list).getByRole("checkbox", { name: "Hiring" })).toBeChecked();
    expect(within(list).getByRole("checkbox", { name: "Website" })).not.toBeChecked();
  });

  it("the project list shows only in selected mode; with no projects: No projects found.", async () => {
    projects = [];
    await openPanel();
    expect(within(panel()).queryByText("No projects found.")).not.toBeInTheDocument();
    await user.click(within(panel()).getByRole("radio", { name: "Sync selected projects" }));
    expect(within(panel()).getByText("No projects found.")).toBeInTheDocument();
  });

  it("saves the ticked gids with the bearer token, Saving... meanwhile, then closes with SPEC's toast", async () => {
    const answer = deferred<FakeAnswer>();
    api.routes[SAVE] = () => answer.promise;
    await openPanel();
    await user.click(within(panel()).getByRole("radio", { name: "Sync selected projects" }));
    await user.click(within(panel()).getByRole("checkbox", { name: "Website" }));
    await user.click(within(panel()).getByRole("checkbox", { name: "Launch" }));
    await user.click(saveButton());
    expect(saveButton()).toHaveTextContent("Saving...");
    expect(saveButton()).toBeDisabled();
    await user.click(saveButton());
    const calls = api.callsTo(SAVE);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.get("authorization")).toBe("Bearer a");
    expect(calls[0]!.body).toEqual({
      user_id: ANN.user!.id,
      sync_all: false,
      selected_project_ids: ["101", "103"],
    });
    await act(async () => answer.resolve({ body: { ok: true } }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(toast.success).toHaveBeenCalledExactlyOnceWith("Preferences Saved", {
      description: "Your Asana sync preferences have been updated.",
    });
  });

  it("all mode sends no project ids, even with ticks saved before", async () => {
    saved = { sync_all: false, selected_project_ids: ["101"] };
    await openPanel();
    await user.click(within(panel()).getByRole("radio", { name: "Sync all projects" }));
    await user.click(saveButton());
    await vi.waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(1));
    expect(api.callsTo(SAVE)[0]!.body).toEqual({
      user_id: ANN.user!.id,
      sync_all: true,
      selected_project_ids: [],
    });
  });

  it("401: Session Expired, panel stays open", async () => {
    api.routes[SAVE] = () => ({ status: 401, body: { error: { code: "unauthorized", message: "x" } } });
    await openPanel();
    await user.click(saveButton());
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledExactlyOnceWith("Session Expired", {
        description: "Please reauthenticate to update your Asana sync preferences.",
      }),
    );
    expect(panel()).toBeInTheDocument();
    expect(saveButton()).toBeEnabled();
  });

  it.each([
    ["500", () => ({ status: 500, body: {} })],
    ["403", () => ({ status: 403, body: { error: { code: "forbidden", message: "x" } } })],
    ["a network failure", () => Promise.reject(new TypeError("Failed to fetch"))],
  ])("%s: Failed to save preferences, panel stays open with the choice kept", async (_, failure) => {
    api.routes[SAVE] = failure as () => FakeAnswer;
    await openPanel();
    await user.click(within(panel()).getByRole("radio", { name: "Sync selected projects" }));
    await user.click(within(panel()).getByRole("checkbox", { name: "Hiring" }));
    await user.click(saveButton());
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledExactlyOnceWith("Failed to save preferences"));
    expect(saveButton()).toHaveTextContent("Save Preferences");
    expect(within(panel()).getByRole("checkbox", { name: "Hiring" })).toBeChecked();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("without an access token: sign in again, nothing sent", async () => {
    // The session ended while the panel was open (another tab signed out, say): the user is still shown.
    const page = await openPanel();
    page.setAuth({ ...ANN, session: null });
    await user.click(saveButton());
    expect(toast.error).toHaveBeenCalledExactlyOnceWith(
      "Please sign in again to update your Asana sync preferences.",
    );
    expect(api.callsTo(SAVE)).toHaveLength(0);
    expect(panel()).toBeInTheDocument();
  });

  it("a saved choice that cannot be read is not overwritten: the failure is shown, Save stays off until a retry reads it", async () => {
    saved = { sync_all: false, selected_project_ids: ["102"] };
    let readFails = true;
    api.routes["GET /api/sync-preferences/asana"] = () =>
      readFails ? { status: 500, body: { error: { code: "internal", message: "x" } } } : { body: saved };
    await openPanel();
    const alert = await within(panel()).findByRole("alert");
    expect(alert).toHaveTextContent(
      "Could not load your saved Asana sync preferences, so they cannot be changed yet.",
    );
    expect(saveButton()).toBeDisabled();
    for (const radio of within(panel()).getAllByRole("radio")) {
      expect(radio).not.toBeChecked();
      expect(radio).toBeDisabled();
    }
    await user.click(saveButton());
    expect(api.callsTo(SAVE)).toHaveLength(0);

    const retry = within(panel()).getByRole("button", { name: "Try again" });
    expect(retry).toHaveAccessibleDescription(alert.textContent!);
    readFails = false;
    await user.click(retry);
    await vi.waitFor(() =>
      expect(within(panel()).getByRole("radio", { name: "Sync selected projects" })).toBeChecked(),
    );
    expect(within(panel()).queryByRole("alert")).not.toBeInTheDocument();
    expect(within(panel()).getByRole("checkbox", { name: "Hiring" })).toBeChecked();
    await user.click(within(panel()).getByRole("checkbox", { name: "Website" }));
    await user.click(saveButton());
    await vi.waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(1));
    expect(api.callsTo(SAVE)[0]!.body).toEqual({
      user_id: ANN.user!.id,
      sync_all: false,
      selected_project_ids: ["102", "103"],
    });
  });

  it("stays current through realtime: new projects and a choice saved elsewhere show while open", async () => {
    await openPanel();
    expect([...realtime.refreshers.keys()].sort()).toEqual([
      "connectors",
      "project_sync_preferences",
      "user_identities",
    ]);
    saved = { sync_all: false, selected_project_ids: ["104"] };
    projects = [...PROJECTS, { gid: "104", name: "Roadmap" }];
    await act(() => realtime.refreshers.get("user_identities")!());
    await act(() => realtime.refreshers.get("project_sync_preferences")!());
    expect(await within(panel()).findByRole("checkbox", { name: "Roadmap" })).toBeChecked();
    expect(within(panel()).getByRole("radio", { name: "Sync selected projects" })).toBeChecked();
  });
});
