import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ConnectorStatus } from "@shared/connectors";
import { CONNECTOR_DETAILS } from "./constants";
import { CONNECTOR_TYPES } from "@shared/constants";
import type { RealtimeChange, RealtimeChannelName } from "@/lib/realtime";
import { toast } from "@/lib/toast";
import { deferred, stubFetch, type FakeAnswer } from "../../../testing/fake-fetch";
import { anonymous, renderWeb, signedInAs } from "../../../testing/render-web";
import SettingsPage from "./settings-page";

vi.mock("@/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

/**
 * The realtime hook, stood in for: it records each channel's options; `emit` delivers a change as the server would,
 * `refetch` refreshes what the page asked the channel to keep fresh (a change that arrives only as fresh data).
 */
const realtime = vi.hoisted(() => ({
  channels: new Map<
    string,
    { onChange?: (change: RealtimeChange) => void; enabled?: boolean; refetch: () => Promise<void> }
  >(),
}));
vi.mock("@/lib/realtime", async () => {
  const { useQueryClient } = await import("@tanstack/react-query");
  return {
    useRealtimeChannel: (
      channel: RealtimeChannelName,
      options: {
        onChange?: (change: RealtimeChange) => void;
        enabled?: boolean;
        invalidate?: readonly (readonly unknown[])[];
      } = {},
    ) => {
      const client = useQueryClient();
      realtime.channels.set(channel, {
        ...options,
        refetch: async () => {
          for (const queryKey of options.invalidate ?? []) await client.invalidateQueries({ queryKey });
        },
      });
      return "joined";
    },
  };
});

let seq = 0;
/** The query cache tells its observers on a later task (TanStack's notifyManager), so wait one. */
async function emit(row: ConnectorStatus, operation: RealtimeChange["operation"] = "UPDATE") {
  const { onChange } = realtime.channels.get("connectors")!;
  await act(async () => {
    onChange!({ channel: "connectors", operation, row: { user_id: "u", ...row }, seq: ++seq });
    if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(0);
    else await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const ANN = signedInAs("ann@acme.com");
let user: ReturnType<typeof userEvent.setup>;
let api: ReturnType<typeof stubFetch>;
let popup: {
  location: { href: string };
  close: ReturnType<typeof vi.fn>;
  opener: unknown;
  closed: boolean;
};

function serverWith(active: Partial<Record<string, boolean>>) {
  api.routes["GET /api/connectors"] = () => ({
    body: { connectors: Object.entries(active).map(([type, is_active]) => ({ type, is_active })) },
  });
}

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
  realtime.channels.clear();
  api = stubFetch();
  serverWith({ slack: true, jira: false });
  popup = { location: { href: "" }, close: vi.fn(), opener: window, closed: false };
  vi.spyOn(window, "open").mockImplementation(() => popup as unknown as Window);
  user = userEvent.setup();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function openConnectors(auth = ANN) {
  renderWeb(<SettingsPage />, { auth });
  await user.click(screen.getByRole("tab", { name: "Connectors" }));
  if (auth.user) await screen.findByRole("list", { name: "Connectors" });
}

const sw = (name: string) => screen.getByRole("switch", { name });
const statusCard = () => screen.queryByRole("list", { name: "Enabled connectors" });
const enabledNames = () =>
  within(statusCard() ?? document.createElement("ul"))
    .queryAllByRole("listitem")
    .map((li) => li.querySelector(".font-medium")?.textContent);

describe("Connectors tab", () => {
  it("shows a card per connector type with its name, description and a named switch, on as the server says", async () => {
    await openConnectors();
    const cards = within(screen.getByRole("list", { name: "Connectors" })).getAllByRole("listitem");
    expect(cards).toHaveLength(CONNECTOR_TYPES.length);
    for (const type of CONNECTOR_TYPES) {
      const { name, description } = CONNECTOR_DETAILS[type];
      expect(screen.getByRole("heading", { name })).toBeInTheDocument();
      expect(screen.getByText(description)).toBeInTheDocument();
      expect(sw(name)).toBeEnabled();
    }
    expect(sw("Slack")).toBeChecked();
    expect(sw("Jira")).not.toBeChecked();
    expect(sw("Asana")).not.toBeChecked();
    expect(enabledNames()).toEqual(["Slack"]);
    expect(api.callsTo("GET /api/connectors")[0]!.headers.get("authorization")).toBe("Bearer a");
    expect(realtime.channels.get("connectors")?.enabled).toBe(true);
  });

  it("with no connector enabled, the Connection Status card says so", async () => {
    serverWith({});
    await openConnectors();
    expect(screen.getByText("No connectors enabled.")).toBeInTheDocument();
  });

  it("a failed status load toasts SPEC's message once and shows every switch off", async () => {
    api.routes["GET /api/connectors"] = () => ({ status: 500, body: {} });
    await openConnectors();
    expect(toast.error).toHaveBeenCalledExactlyOnceWith("Failed to fetch connector statuses");
    expect(sw("Slack")).not.toBeChecked();
  });

  it("a change from another tab (realtime) shows at once on the card and in the status card", async () => {
    await openConnectors();
    await emit({ type: "jira", is_active: true }, "INSERT");
    expect(sw("Jira")).toBeChecked();
    expect(enabledNames()).toEqual(["Slack", "Jira"]);
    await emit({ type: "slack", is_active: false });
    expect(sw("Slack")).not.toBeChecked();
    expect(enabledNames()).toEqual(["Jira"]);
  });
});

describe("Connector switch: connectors without a popup flow (stored flip)", () => {
  it("on: flips at once, stores it, toasts Connected and lists it; off: Disconnected", async () => {
    const put = deferred<FakeAnswer>();
    api.routes["PUT /api/connectors/jira"] = () => put.promise;
    await openConnectors();
    await user.click(sw("Jira"));
    expect(sw("Jira")).toBeChecked();
    expect(api.callsTo("PUT /api/connectors/jira")[0]!.body).toEqual({ is_active: true });
    expect(toast.success).not.toHaveBeenCalled();
    await act(async () => put.resolve({ body: { type: "jira", is_active: true } }));
    expect(toast.success).toHaveBeenCalledExactlyOnceWith("Connected", {
      description: "Jira is now connected.",
    });
    expect(sw("Jira")).toBeChecked();
    expect(enabledNames()).toEqual(["Slack", "Jira"]);

    api.routes["PUT /api/connectors/slack"] = () => ({ body: { type: "slack", is_active: false } });
    await user.click(sw("Slack"));
    expect(api.callsTo("PUT /api/connectors/slack")[0]!.body).toEqual({ is_active: false });
    await vi.waitFor(() =>
      expect(toast.success).toHaveBeenLastCalledWith("Disconnected", {
        description: "Slack has been disconnected.",
      }),
    );
    expect(sw("Slack")).not.toBeChecked();
    expect(enabledNames()).toEqual(["Jira"]);
  });

  it("a failed write toasts SPEC's message and restores the switch", async () => {
    api.routes["PUT /api/connectors/slack"] = () => ({ status: 500, body: {} });
    await openConnectors();
    await user.click(sw("Slack"));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith("Failed to update connector status"));
    expect(sw("Slack")).toBeChecked();
    expect(toast.success).not.toHaveBeenCalled();
    expect(enabledNames()).toEqual(["Slack"]);
  });

  it("a double click sends one request", async () => {
    const put = deferred<FakeAnswer>();
    api.routes["PUT /api/connectors/zoom"] = () => put.promise;
    await openConnectors();
    await user.dblClick(sw("Zoom"));
    await user.click(sw("Zoom"));
    expect(api.callsTo("PUT /api/connectors/zoom")).toHaveLength(1);
    await act(async () => put.resolve({ body: { type: "zoom", is_active: true } }));
    expect(sw("Zoom")).toBeChecked();
    expect(toast.success).toHaveBeenCalledTimes(1);
  });
});

describe.each([
  ["asana", "Asana"],
  ["google_drive", "Google Drive"],
] as const)("Connector switch: %s (popup flow)", (type, name) => {
  const connect = `POST /api/connectors/${type}/connect`;
  const disconnect = `POST /api/connectors/${type}/disconnect`;

  it("connect: opens a centred 600x700 popup on the link, disabled until the realtime change turns it on", async () => {
    Object.assign(window, { screenX: 100, screenY: 50, outerWidth: 1400, outerHeight: 1000 });
    const answer = deferred<FakeAnswer>();
    api.routes[connect] = () => answer.promise;
    await openConnectors();
    await user.click(sw(name));
    expect(window.open).toHaveBeenCalledExactlyOnceWith(
      "",
      `pulse-connect-${type}`,
      "popup=yes,width=600,height=700,left=500,top=200",
    );
    expect(popup.opener).toBeNull();
    expect(sw(name)).toBeDisabled();
    expect(sw(name)).toBeChecked();
    expect(screen.getByText("Connecting...")).toBeInTheDocument();
    await act(async () => answer.resolve({ body: { connect_link_url: "https://connect.example/flow?x=1" } }));
    expect(popup.location.href).toBe("https://connect.example/flow?x=1");
    expect(sw(name)).toBeDisabled();
    expect(enabledNames()).toEqual(["Slack"]);

    await emit({ type, is_active: true }, "INSERT");
    expect(sw(name)).toBeEnabled();
    expect(sw(name)).toBeChecked();
    expect(screen.queryByText("Connecting...")).not.toBeInTheDocument();
    expect(enabledNames()).toEqual(expect.arrayContaining(["Slack", name]));
    expect(toast.error).not.toHaveBeenCalled();
    expect(api.callsTo(connect)).toHaveLength(1);
  });

  it("fresh data that already shows the connector on ends the connecting state too", async () => {
    api.routes[connect] = () => ({ body: { connect_link_url: "https://connect.example/flow" } });
    await openConnectors();
    await user.click(sw(name));
    await vi.waitFor(() => expect(popup.location.href).not.toBe(""));
    expect(sw(name)).toBeDisabled();
    serverWith({ slack: true, [type]: true });
    await act(() => realtime.channels.get("connectors")!.refetch());
    await vi.waitFor(() => expect(sw(name)).toBeEnabled());
    expect(sw(name)).toBeChecked();
  });

  it("a denied connection (the change says inactive) leaves the switch off and usable", async () => {
    api.routes[connect] = () => ({ body: { connect_link_url: "/dev/workflows/connect/abc" } });
    await openConnectors();
    await user.click(sw(name));
    await vi.waitFor(() =>
      expect(popup.location.href).toBe(`${window.location.origin}/dev/workflows/connect/abc`),
    );
    await emit({ type, is_active: false });
    expect(sw(name)).not.toBeChecked();
    expect(sw(name)).toBeEnabled();
  });

  it("a popup closed without an answer: after 5 s with no change the switch is off and usable again", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    api.routes[connect] = () => ({ body: { connect_link_url: "https://connect.example/flow" } });
    await openConnectors();
    await user.click(sw(name));
    await vi.waitFor(() => expect(popup.location.href).not.toBe(""));
    await act(async () => void (await vi.advanceTimersByTimeAsync(10_000)));
    expect(sw(name)).toBeDisabled();
    const listReads = api.callsTo("GET /api/connectors").length;
    popup.closed = true;
    await act(async () => void (await vi.advanceTimersByTimeAsync(4_500)));
    expect(sw(name)).toBeDisabled();
    expect(api.callsTo("GET /api/connectors")).toHaveLength(listReads + 1);
    await act(async () => void (await vi.advanceTimersByTimeAsync(500)));
    expect(sw(name)).toBeEnabled();
    expect(sw(name)).not.toBeChecked();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("a double click sends one connect request", async () => {
    api.routes[connect] = () => ({ body: { connect_link_url: "https://connect.example/flow" } });
    await openConnectors();
    await user.dblClick(sw(name));
    await vi.waitFor(() => expect(popup.location.href).not.toBe(""));
    expect(api.callsTo(connect)).toHaveLength(1);
    expect(window.open).toHaveBeenCalledTimes(1);
  });

  it.each<[string, () => FakeAnswer, string]>([
    ["the request fails", () => ({ status: 502, body: {} }), `Failed to initiate ${name} connect flow`],
    ["the answer has no link", () => ({ body: {} }), "No connection URL in response"],
    [
      "the server found no link in the workflow's answer",
      () => ({ status: 502, body: { error: { code: "connect_link_missing", message: "x" } } }),
      "No connection URL in response",
    ],
    [
      "the link is not a web address",
      () => ({ body: { connect_link_url: "javascript:alert(1)" } }),
      "No connection URL in response",
    ],
  ])("when %s: the Connect Error toast, popup closed, switch back off", async (_, answer, message) => {
    api.routes[connect] = answer;
    await openConnectors();
    await user.click(sw(name));
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledExactlyOnceWith(`${name} Connect Error`, { description: message }),
    );
    expect(popup.close).toHaveBeenCalled();
    expect(popup.location.href).toBe("");
    expect(sw(name)).not.toBeChecked();
    expect(sw(name)).toBeEnabled();
  });

  it("a blocked popup: SPEC's message, no request, switch off", async () => {
    vi.mocked(window.open).mockReturnValue(null);
    await openConnectors();
    await user.click(sw(name));
    expect(toast.error).toHaveBeenCalledExactlyOnceWith(`${name} Connect Error`, {
      description: "Popup blocked. Please allow popups for this site.",
    });
    expect(api.callsTo(connect)).toHaveLength(0);
    expect(sw(name)).not.toBeChecked();
    expect(sw(name)).toBeEnabled();
  });

  it("disconnect: asks the server and waits, disabled, for the realtime change", async () => {
    serverWith({ [type]: true });
    api.routes[disconnect] = () => ({ status: 202, body: { status: "requested" } });
    await openConnectors();
    expect(sw(name)).toBeChecked();
    await user.click(sw(name));
    await vi.waitFor(() => expect(api.callsTo(disconnect)).toHaveLength(1));
    expect(sw(name)).toBeChecked();
    expect(sw(name)).toBeDisabled();
    expect(screen.getByText("Disconnecting...")).toBeInTheDocument();
    await emit({ type, is_active: false });
    expect(sw(name)).not.toBeChecked();
    expect(sw(name)).toBeEnabled();
    expect(enabledNames()).toEqual([]);
    expect(window.open).not.toHaveBeenCalled();
  });

  it("a failed disconnect: Disconnection Error, connecting cleared, still on", async () => {
    serverWith({ [type]: true });
    api.routes[disconnect] = () => ({ status: 500, body: {} });
    await openConnectors();
    await user.click(sw(name));
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledExactlyOnceWith("Disconnection Error", {
        description: `Failed to disconnect ${name}`,
      }),
    );
    expect(sw(name)).toBeChecked();
    expect(sw(name)).toBeEnabled();
    expect(screen.queryByText("Disconnecting...")).not.toBeInTheDocument();
  });

  describe("an accepted disconnect whose change never arrives", () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
      user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      serverWith({ [type]: true });
      api.routes[disconnect] = () => ({ status: 202, body: { status: "requested" } });
    });

    async function disconnectAndWait(ms: number) {
      await openConnectors();
      await user.click(sw(name));
      await vi.waitFor(() => expect(api.callsTo(disconnect)).toHaveLength(1));
      await act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
    }

    it("after 5 s the stored state is read again: still on, so Disconnection Error and the switch usable", async () => {
      await disconnectAndWait(4_900);
      expect(sw(name)).toBeDisabled();
      expect(screen.getByText("Disconnecting...")).toBeInTheDocument();
      expect(toast.error).not.toHaveBeenCalled();
      const listReads = api.callsTo("GET /api/connectors").length;

      await act(async () => void (await vi.advanceTimersByTimeAsync(100)));
      await vi.waitFor(() =>
        expect(toast.error).toHaveBeenCalledExactlyOnceWith("Disconnection Error", {
          description: `Failed to disconnect ${name}`,
        }),
      );
      expect(api.callsTo("GET /api/connectors")).toHaveLength(listReads + 1);
      expect(sw(name)).toBeChecked();
      expect(sw(name)).toBeEnabled();
      expect(screen.queryByText("Disconnecting...")).not.toBeInTheDocument();
      expect(enabledNames()).toEqual([name]);
    });

    it("a stored state already off ends it quietly: off and usable, no error", async () => {
      await disconnectAndWait(1_000);
      // The change was stored but its realtime message was lost.
      serverWith({});
      await act(async () => void (await vi.advanceTimersByTimeAsync(4_000)));
      await vi.waitFor(() => expect(sw(name)).toBeEnabled());
      expect(sw(name)).not.toBeChecked();
      expect(toast.error).not.toHaveBeenCalled();
    });

    it("a change arriving late within the wait ends it, with no error afterwards", async () => {
      await disconnectAndWait(4_000);
      await emit({ type, is_active: false });
      expect(sw(name)).toBeEnabled();
      const listReads = api.callsTo("GET /api/connectors").length;
      await act(async () => void (await vi.advanceTimersByTimeAsync(10_000)));
      expect(sw(name)).not.toBeChecked();
      expect(toast.error).not.toHaveBeenCalled();
      expect(api.callsTo("GET /api/connectors")).toHaveLength(listReads);
    });

    it("a change that beats the server's answer ends it: the late answer starts no wait that cuts the next connect short", async () => {
      const answer = deferred<FakeAnswer>();
      api.routes[disconnect] = () => answer.promise;
      api.routes[connect] = () => ({ body: { connect_link_url: "https://connect.example/flow" } });
      await openConnectors();
      await user.click(sw(name));
      await vi.waitFor(() => expect(api.callsTo(disconnect)).toHaveLength(1));
      await emit({ type, is_active: false });
      expect(sw(name)).toBeEnabled();

      await user.click(sw(name));
      await vi.waitFor(() => expect(popup.location.href).not.toBe(""));
      await act(async () => answer.resolve({ status: 202, body: { status: "requested" } }));
      await act(async () => void (await vi.advanceTimersByTimeAsync(10_000)));
      expect(sw(name)).toBeDisabled();
      expect(screen.getByText("Connecting...")).toBeInTheDocument();
      expect(toast.error).not.toHaveBeenCalled();
    });
  });
});

describe("without a signed-in user", () => {
  it("the Google Drive switch is disabled, others say sign-in is needed and send nothing", async () => {
    await openConnectors(anonymous);
    expect(sw("Google Drive")).toBeDisabled();
    await user.click(sw("Slack"));
    expect(toast.error).toHaveBeenCalledExactlyOnceWith("You must be signed in to manage connectors.");
    expect(sw("Slack")).not.toBeChecked();
    expect(api.calls).toEqual([]);
  });
});
