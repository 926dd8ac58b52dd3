import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { signedInAs } from "../../../testing/render-web";
import { AuthContext, type AuthContextValue } from "../auth/auth-context";
import { fakeSockets } from "./fake-socket";
import { RealtimeClient, type RealtimeChange, type RealtimeChannelName } from "./index";
import { RealtimeProvider } from "./realtime-provider";
import { useRealtimeChannel, type RealtimeChannelOptions } from "./use-realtime-channel";

let net: ReturnType<typeof fakeSockets>;
let queryClient: QueryClient;
let invalidated: unknown[];

beforeEach(() => {
  vi.useFakeTimers();
  net = fakeSockets();
  queryClient = new QueryClient();
  invalidated = [];
  vi.spyOn(queryClient, "invalidateQueries").mockImplementation(async (filters) => {
    invalidated.push(filters?.queryKey);
  });
});
afterEach(() => vi.useRealTimers());

function Channel({ name, options }: { name: RealtimeChannelName; options?: RealtimeChannelOptions }) {
  const state = useRealtimeChannel(name, options);
  return <p data-testid={name}>{state}</p>;
}

function Shell({ auth, children }: { auth: AuthContextValue; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthContext value={auth}>{children}</AuthContext>
    </QueryClientProvider>
  );
}

const alice = signedInAs("alice@acme.com");
const aliceId = alice.user!.id;

function mount(ui: ReactNode, auth = alice) {
  const client = new RealtimeClient({ url: "ws://pulse.test/realtime", createSocket: net.createSocket });
  const view = render(
    <Shell auth={auth}>
      <RealtimeProvider client={client}>{ui}</RealtimeProvider>
    </Shell>,
  );
  return {
    ...view,
    rerenderWith: (next: AuthContextValue, nextUi: ReactNode = ui) =>
      view.rerender(
        <Shell auth={next}>
          <RealtimeProvider client={client}>{nextUi}</RealtimeProvider>
        </Shell>,
      ),
  };
}

describe("useRealtimeChannel", () => {
  it("reports the channel's state and refetches its queries on every (re)join", () => {
    mount(<Channel name="connectors" options={{ invalidate: [["connectors"], ["identities", "asana"]] }} />);
    expect(screen.getByTestId("connectors")).toHaveTextContent("joining");
    act(() => net.last.accept(aliceId));
    expect(screen.getByTestId("connectors")).toHaveTextContent("joined");
    expect(net.last.sent).toEqual([
      { type: "auth", token: "a" },
      { type: "join", channel: "connectors", user_id: aliceId },
    ]);
    expect(invalidated).toEqual([["connectors"], ["identities", "asana"]]);

    act(() => net.last.drop());
    expect(screen.getByTestId("connectors")).toHaveTextContent("errored");
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByTestId("connectors")).toHaveTextContent("joining");
    act(() => net.last.accept(aliceId));
    expect(screen.getByTestId("connectors")).toHaveTextContent("joined");
    expect(invalidated).toHaveLength(4);
  });

  it("hands each change to onChange, and refetches", () => {
    const changes: RealtimeChange[] = [];
    mount(
      <Channel
        name="project_sync_preferences"
        options={{ invalidate: [["prefs"]], onChange: (c) => changes.push(c) }}
      />,
    );
    act(() => net.last.accept(aliceId));
    invalidated.length = 0;
    act(() =>
      net.last.receive({
        type: "change",
        channel: "project_sync_preferences",
        operation: "UPDATE",
        row: { sync_all: false },
        seq: 4,
      }),
    );
    expect(changes).toEqual([
      { channel: "project_sync_preferences", operation: "UPDATE", row: { sync_all: false }, seq: 4 },
    ]);
    expect(invalidated).toEqual([["prefs"]]);
  });

  it("shares one socket between components, and leaves when disabled or unmounted", () => {
    const view = mount(
      <>
        <Channel name="connectors" />
        <Channel name="user_identities" />
      </>,
    );
    act(() => net.last.accept(aliceId));
    expect(net.sockets).toHaveLength(1);
    view.rerenderWith(
      alice,
      <>
        <Channel name="connectors" options={{ enabled: false }} />
        <Channel name="user_identities" />
      </>,
    );
    expect(screen.getByTestId("connectors")).toHaveTextContent("closed");
    expect(net.last.sent.at(-1)).toEqual({ type: "leave", channel: "connectors" });
    view.rerenderWith(alice, null);
    expect(net.last.sent.at(-1)).toEqual({ type: "leave", channel: "user_identities" });
    expect(net.sockets).toHaveLength(1);
  });

  it("sends the auth provider's refreshed token on the open socket, and closes on sign-out", () => {
    const view = mount(<Channel name="connectors" />);
    act(() => net.last.accept(aliceId));
    const refreshed = signedInAs("alice@acme.com");
    refreshed.session = { ...refreshed.session!, access_token: "fresh" };
    view.rerenderWith(refreshed);
    expect(net.last.sent.at(-1)).toEqual({ type: "auth", token: "fresh" });
    expect(net.sockets).toHaveLength(1);

    view.rerenderWith({ ...alice, user: null, session: null });
    expect(net.last.closedWith).toBe(1000);
    expect(screen.getByTestId("connectors")).toHaveTextContent("closed");
  });

  it("loads the client on first use and opens the tab's socket at the page's origin", async () => {
    vi.useRealTimers();
    vi.stubGlobal("WebSocket", function (url: string) {
      return net.createSocket(url);
    });
    try {
      render(
        <Shell auth={alice}>
          <RealtimeProvider>
            <Channel name="connectors" />
          </RealtimeProvider>
        </Shell>,
      );
      expect(screen.getByTestId("connectors")).toHaveTextContent("closed");
      await screen.findByText("joining");
      expect(net.last.url).toBe(`ws://${window.location.host}/realtime`);
      act(() => net.last.accept(aliceId));
      expect(screen.getByTestId("connectors")).toHaveTextContent("joined");
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("stays closed outside the signed-in area", () => {
    render(
      <QueryClientProvider client={queryClient}>
        <Channel name="connectors" />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId("connectors")).toHaveTextContent("closed");
  });
});
