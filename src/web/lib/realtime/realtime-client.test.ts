import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REALTIME_HEARTBEAT_MS, REALTIME_TIMEOUT_MS } from "@shared/constants";
import { REALTIME_RECONNECT_DELAYS_MS } from "./reconnect-delays";
import { REALTIME_CLOSE } from "@shared/realtime";
import { fakeSockets } from "./fake-socket";
import { RealtimeClient, realtimeUrl, type ChannelListener, type ChannelState } from "./realtime-client";

interface RecordingListener extends ChannelListener {
  states: ChannelState[];
  joins: number;
  changes: unknown[];
}

function listener(): RecordingListener {
  const record: RecordingListener = {
    states: [],
    joins: 0,
    changes: [],
    onState: (state) => record.states.push(state),
    onJoin: () => record.joins++,
    onChange: (change) => record.changes.push(change),
  };
  return record;
}

let net: ReturnType<typeof fakeSockets>;
let client: RealtimeClient;

beforeEach(() => {
  vi.useFakeTimers();
  net = fakeSockets();
  client = new RealtimeClient({ url: "ws://pulse.test/realtime", createSocket: net.createSocket });
});
afterEach(() => {
  client.dispose();
  vi.useRealTimers();
});

describe("one socket per tab", () => {
  it("opens nothing until signed in and subscribed, then authenticates and joins", () => {
    const a = listener();
    client.subscribe("connectors", a);
    expect(net.sockets).toHaveLength(0);
    client.setSession("t1", "u1");
    expect(net.sockets).toHaveLength(1);
    expect(a.states).toEqual(["closed", "joining"]);
    net.last.open();
    expect(net.last.sent).toEqual([
      { type: "auth", token: "t1" },
      { type: "join", channel: "connectors", user_id: "u1" },
    ]);
    net.last.receive({ type: "ready", user_id: "u1", expires_at: 0 });
    net.last.receive({ type: "joined", channel: "connectors" });
    expect(a.states.at(-1)).toBe("joined");
    expect(a.joins).toBe(1);
  });

  it("shares the socket between subscribers and channels, and delivers each channel's changes to its own", () => {
    client.setSession("t1", "u1");
    const a = listener();
    const b = listener();
    const c = listener();
    client.subscribe("connectors", a);
    client.subscribe("connectors", b);
    client.subscribe("user_identities", c);
    net.last.accept();
    expect(net.sockets).toHaveLength(1);
    expect(net.last.sent.filter((m) => m.type === "join")).toHaveLength(2);
    const change = {
      type: "change",
      channel: "connectors",
      operation: "UPDATE",
      row: { type: "asana", is_active: true },
      seq: 1,
    } as const;
    net.last.receive(change);
    const { type: _type, ...delivered } = change;
    expect(a.changes).toEqual([delivered]);
    expect(b.changes).toEqual([delivered]);
    expect(c.changes).toEqual([]);
    // A late subscriber of a joined channel is joined at once, and refetches.
    const d = listener();
    client.subscribe("connectors", d);
    expect(d.states).toEqual(["joined"]);
    expect(d.joins).toBe(1);
  });

  it("leaves a channel when its last subscriber goes: leaving, then closed", () => {
    client.setSession("t1", "u1");
    const a = listener();
    const b = listener();
    const unsubscribeA = client.subscribe("connectors", a);
    const unsubscribeB = client.subscribe("connectors", b);
    net.last.accept();
    unsubscribeA();
    expect(net.last.sent.some((m) => m.type === "leave")).toBe(false);
    unsubscribeB();
    expect(net.last.sent.at(-1)).toEqual({ type: "leave", channel: "connectors" });
    expect(client.stateOf("connectors")).toBe("leaving");
    net.last.receive({ type: "left", channel: "connectors" });
    expect(client.stateOf("connectors")).toBe("closed");
  });

  it("marks a refused join errored", () => {
    client.setSession("t1", "u1");
    const a = listener();
    client.subscribe("connectors", a);
    net.last.open();
    net.last.receive({ type: "error", channel: "connectors", code: "forbidden", message: "no" });
    expect(a.states.at(-1)).toBe("errored");
  });

  it("builds the socket URL from the page's origin", () => {
    expect(realtimeUrl({ protocol: "https:", host: "pulse.acme.com" })).toBe("wss://pulse.acme.com/realtime");
    expect(realtimeUrl({ protocol: "http:", host: "localhost:5173" })).toBe("ws://localhost:5173/realtime");
  });
});

describe("heartbeat and timeout", () => {
  it("pings every 25 s and keeps a socket that answers within 10 s", () => {
    client.setSession("t1", "u1");
    client.subscribe("connectors", listener());
    net.last.accept();
    const pings = () => net.last.sent.filter((m) => m.type === "ping");
    vi.advanceTimersByTime(REALTIME_HEARTBEAT_MS - 1);
    expect(pings()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(pings()).toEqual([{ type: "ping", ref: 1 }]);
    vi.advanceTimersByTime(REALTIME_TIMEOUT_MS - 1);
    net.last.receive({ type: "pong", ref: 1 });
    vi.advanceTimersByTime(REALTIME_HEARTBEAT_MS);
    expect(pings()).toHaveLength(2);
    expect(net.sockets).toHaveLength(1);
    expect(net.last.closedWith).toBeUndefined();
  });

  it("drops a socket whose answer takes longer than 10 s, errors its channels and reconnects", () => {
    client.setSession("t1", "u1");
    const a = listener();
    client.subscribe("connectors", a);
    net.last.accept();
    vi.advanceTimersByTime(REALTIME_HEARTBEAT_MS + REALTIME_TIMEOUT_MS - 1);
    expect(net.last.closedWith).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(net.last.closedWith).toBe(4000);
    expect(a.states.at(-1)).toBe("errored");
    vi.advanceTimersByTime(REALTIME_RECONNECT_DELAYS_MS[0]);
    expect(net.sockets).toHaveLength(2);
  });
});

describe("reconnecting", () => {
  it("waits 1, 2, 5, 10, then 10 s between attempts", () => {
    client.setSession("t1", "u1");
    client.subscribe("connectors", listener());
    const waits: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const count = net.sockets.length;
      net.last.drop();
      let waited = 0;
      while (net.sockets.length === count) {
        vi.advanceTimersByTime(500);
        waited += 500;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1_000, 2_000, 5_000, 10_000, 10_000, 10_000]);
  });

  it("starts the schedule again after a socket got through", () => {
    client.setSession("t1", "u1");
    client.subscribe("connectors", listener());
    net.last.drop();
    vi.advanceTimersByTime(1_000);
    net.last.drop();
    vi.advanceTimersByTime(2_000);
    net.last.accept();
    net.last.drop();
    vi.advanceTimersByTime(999);
    expect(net.sockets).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(net.sockets).toHaveLength(4);
  });

  it("rejoins every channel on the new socket and refetches on each rejoin", () => {
    client.setSession("t1", "u1");
    const a = listener();
    const b = listener();
    client.subscribe("connectors", a);
    client.subscribe("project_sync_preferences", b);
    net.last.accept();
    expect([a.joins, b.joins]).toEqual([1, 1]);
    net.last.drop();
    expect([a.states.at(-1), b.states.at(-1)]).toEqual(["errored", "errored"]);
    vi.advanceTimersByTime(1_000);
    expect(a.states.at(-1)).toBe("joining");
    net.last.accept();
    expect(net.last.sent.filter((m) => m.type === "join").map((m) => m.type === "join" && m.channel)).toEqual(
      ["connectors", "project_sync_preferences"],
    );
    expect([a.joins, b.joins]).toEqual([2, 2]);
    expect(a.states.at(-1)).toBe("joined");
    // The server's resync after its own LISTEN came back is a rejoin too.
    net.last.receive({ type: "joined", channel: "connectors" });
    expect(a.joins).toBe(3);
  });

  it("after a server restart (1012, a rolling deploy) reconnects within the first delay and refetches on the rejoin", () => {
    client.setSession("t1", "u1");
    const a = listener();
    client.subscribe("connectors", a);
    net.last.accept();
    expect(a.joins).toBe(1);
    net.last.drop(REALTIME_CLOSE.serviceRestart);
    expect(a.states.at(-1)).toBe("errored");
    vi.advanceTimersByTime(REALTIME_RECONNECT_DELAYS_MS[0]!);
    expect(net.sockets).toHaveLength(2);
    net.last.accept();
    expect(a.joins).toBe(2);
    expect(a.states.at(-1)).toBe("joined");
  });

  it("does not retry a user outside the company domain", () => {
    client.setSession("t1", "u1");
    client.subscribe("connectors", listener());
    net.last.open();
    net.last.drop(4403);
    vi.advanceTimersByTime(60_000);
    expect(net.sockets).toHaveLength(1);
  });
});

describe("the session", () => {
  it("sends a refreshed token on the open socket instead of reconnecting", () => {
    client.setSession("t1", "u1");
    client.subscribe("connectors", listener());
    net.last.accept();
    client.setSession("t2", "u1");
    expect(net.sockets).toHaveLength(1);
    expect(net.last.sent.at(-1)).toEqual({ type: "auth", token: "t2" });
    // A reconnect authenticates with the newest token.
    net.last.drop();
    vi.advanceTimersByTime(1_000);
    net.last.open();
    expect(net.last.sent[0]).toEqual({ type: "auth", token: "t2" });
  });

  it("closes the socket and every channel on sign-out, and does not reconnect", () => {
    client.setSession("t1", "u1");
    const a = listener();
    client.subscribe("connectors", a);
    net.last.accept();
    client.setSession(null, null);
    expect(net.last.closedWith).toBe(1000);
    expect(a.states.at(-1)).toBe("closed");
    vi.advanceTimersByTime(60_000);
    expect(net.sockets).toHaveLength(1);
  });

  it("opens a new socket for another user", () => {
    client.setSession("t1", "u1");
    client.subscribe("connectors", listener());
    net.last.accept();
    client.setSession("t9", "u9");
    expect(net.sockets).toHaveLength(2);
    expect(net.sockets[0]!.closedWith).toBe(1000);
    net.last.open();
    expect(net.last.sent).toEqual([
      { type: "auth", token: "t9" },
      { type: "join", channel: "connectors", user_id: "u9" },
    ]);
  });
});
