import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/lib/toast";
import { deferred, stubFetch, type FakeAnswer } from "../../../testing/fake-fetch";
import { renderWeb, signedInAs } from "../../../testing/render-web";
import SettingsPage from "./settings-page";
import { SyncRandomContext } from "./sync-random";

vi.mock("@/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock("@/lib/realtime", () => ({ useRealtimeChannel: () => "joined" }));

// The settings page fetches the Connectors tab's code on demand; fetched once here, outside the tests' clock, it
// arrives at once when the page asks (settings-page.test.tsx covers the wait and the failure).
beforeAll(() => import("./connectors-tab"));

let user: ReturnType<typeof userEvent.setup>;
let api: ReturnType<typeof stubFetch>;
let random: ReturnType<typeof vi.fn<() => number>>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
  api = stubFetch({
    "GET /api/connectors": () => ({
      body: {
        connectors: [
          { type: "slack", is_active: true },
          { type: "asana", is_active: true },
          { type: "google_meet_gemini", is_active: true },
        ],
      },
    }),
  });
  random = vi.fn(() => 0.5);
  user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function openConnectors() {
  renderWeb(
    <SyncRandomContext value={random}>
      <SettingsPage />
    </SyncRandomContext>,
    { auth: signedInAs("ann@acme.com") },
  );
  await user.click(screen.getByRole("tab", { name: "Connectors" }));
  await screen.findByRole("list", { name: "Enabled connectors" });
}

const button = (name: string) => screen.getByRole("button", { name });
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

describe("Sync: simulated connectors (2 s, about 70 % success from the random source)", () => {
  it("success: syncing for 2 s, then success with its toast, then idle after 3 s", async () => {
    random.mockReturnValue(0.69);
    await openConnectors();
    await user.click(button("Sync Slack"));
    expect(button("Sync Slack")).toHaveAttribute("data-status", "syncing");
    expect(button("Sync Slack")).toHaveTextContent("Syncing...");
    expect(button("Sync Slack")).toBeDisabled();
    await advance(1_999);
    expect(button("Sync Slack")).toHaveAttribute("data-status", "syncing");
    expect(toast.success).not.toHaveBeenCalled();
    await advance(1);
    expect(button("Sync Slack")).toHaveAttribute("data-status", "success");
    expect(toast.success).toHaveBeenCalledExactlyOnceWith("Sync Successful", {
      description: "Slack synced successfully.",
    });
    await advance(2_999);
    expect(button("Sync Slack")).toHaveAttribute("data-status", "success");
    await advance(1);
    expect(button("Sync Slack")).toHaveAttribute("data-status", "idle");
    expect(button("Sync Slack")).toBeEnabled();
    expect(random).toHaveBeenCalledTimes(1);
    expect(api.calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it.each([0.7, 0.99])("failure (random %s): SPEC's toast, error, then idle after 3 s", async (value) => {
    random.mockReturnValue(value);
    await openConnectors();
    await user.click(button("Sync Slack"));
    await advance(2_000);
    expect(button("Sync Slack")).toHaveAttribute("data-status", "error");
    expect(button("Sync Slack")).toHaveTextContent("Sync failed");
    expect(toast.error).toHaveBeenCalledExactlyOnceWith("Sync Failed", {
      description: "Failed to sync Slack. Please try again.",
    });
    await advance(3_000);
    expect(button("Sync Slack")).toHaveAttribute("data-status", "idle");
  });

  it("a click while syncing does not start a second sync", async () => {
    await openConnectors();
    await user.click(button("Sync Slack"));
    await user.click(button("Sync Slack"));
    await advance(2_000);
    await advance(3_000);
    expect(random).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledTimes(1);
  });
});

describe("Sync: Asana and Google Meet ask the server", () => {
  it("Asana's first button syncs projects: success toast, idle after 3 s", async () => {
    const answer = deferred<FakeAnswer>();
    api.routes["POST /api/connectors/asana/sync"] = () => answer.promise;
    await openConnectors();
    await user.click(button("Sync Asana"));
    const [call] = api.callsTo("POST /api/connectors/asana/sync");
    expect(call!.body).toEqual({ kind: "projects" });
    expect(call!.headers.get("authorization")).toBe("Bearer a");
    expect(button("Sync Asana")).toHaveAttribute("data-status", "syncing");
    await act(async () => answer.resolve({ body: { status: "ok" } }));
    expect(button("Sync Asana")).toHaveAttribute("data-status", "success");
    expect(toast.success).toHaveBeenCalledExactlyOnceWith("Sync Successful", {
      description: "Asana synced successfully.",
    });
    await advance(3_000);
    expect(button("Sync Asana")).toHaveAttribute("data-status", "idle");
    expect(random).not.toHaveBeenCalled();
  });

  it("Asana projects failure: Sync Failed / Failed to sync Asana", async () => {
    api.routes["POST /api/connectors/asana/sync"] = () => ({ status: 502, body: {} });
    await openConnectors();
    await user.click(button("Sync Asana"));
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledExactlyOnceWith("Sync Failed", {
        description: "Failed to sync Asana",
      }),
    );
    expect(button("Sync Asana")).toHaveAttribute("data-status", "error");
    await advance(3_000);
    expect(button("Sync Asana")).toHaveAttribute("data-status", "idle");
  });

  it("Asana's second button syncs data, with its own status and messages", async () => {
    api.routes["POST /api/connectors/asana/sync"] = ({ body }) =>
      (body as { kind: string }).kind === "data" ? { body: { status: "ok" } } : { status: 500, body: {} };
    await openConnectors();
    expect(button("Sync Asana Data")).toHaveTextContent("Sync Data");
    await user.click(button("Sync Asana Data"));
    expect(api.callsTo("POST /api/connectors/asana/sync")[0]!.body).toEqual({ kind: "data" });
    await vi.waitFor(() =>
      expect(toast.success).toHaveBeenCalledExactlyOnceWith("Data Sync Successful", {
        description: "Asana data synced successfully.",
      }),
    );
    expect(button("Sync Asana Data")).toHaveAttribute("data-status", "success");
    expect(button("Sync Asana")).toHaveAttribute("data-status", "idle");
    await advance(3_000);
    expect(button("Sync Asana Data")).toHaveAttribute("data-status", "idle");

    api.routes["POST /api/connectors/asana/sync"] = () => ({ status: 500, body: {} });
    await user.click(button("Sync Asana Data"));
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledExactlyOnceWith("Data Sync Failed", {
        description: "Failed to sync Asana data",
      }),
    );
    expect(button("Sync Asana Data")).toHaveAttribute("data-status", "error");
  });

  it("Google Meet posts with no body; a failure says so by name", async () => {
    api.routes["POST /api/connectors/google_meet_gemini/sync"] = () => ({ status: 500, body: {} });
    await openConnectors();
    await user.click(button("Sync Google Meet"));
    const [call] = api.callsTo("POST /api/connectors/google_meet_gemini/sync");
    expect(call!.body).toBeUndefined();
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledExactlyOnceWith("Sync Failed", {
        description: "Failed to sync Google Meet. Please try again.",
      }),
    );
    api.routes["POST /api/connectors/google_meet_gemini/sync"] = () => ({ body: { status: "ok" } });
    await advance(3_000);
    await user.click(button("Sync Google Meet"));
    await vi.waitFor(() =>
      expect(toast.success).toHaveBeenCalledExactlyOnceWith("Sync Successful", {
        description: "Google Meet synced successfully.",
      }),
    );
  });

  it("only enabled connectors have a sync button", async () => {
    await openConnectors();
    expect(screen.queryByRole("button", { name: "Sync Jira" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Sync Google Drive" })).not.toBeInTheDocument();
  });
});
