import { EventEmitter } from "node:events";
import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it, vi } from "vitest";
import type { WebSocket } from "ws";
import { ManualTimers } from "../../testing/manual-timers";
import { Connection } from "./connection";
import type { Hub } from "./hub";
import { DEFAULT_REALTIME_SETTINGS } from "./settings";

class FakeServerSocket extends EventEmitter {
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: string[] = [];
  send = (data: string) => this.sent.push(data);
  close = vi.fn();
  terminate = vi.fn(() => {
    this.readyState = 3;
  });
}

const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;

function connect() {
  const ws = new FakeServerSocket();
  const hub = {
    settings: { ...DEFAULT_REALTIME_SETTINGS, timers: new ManualTimers(), maxBufferedBytes: 1000 },
    remove: vi.fn(),
  };
  const preAuth = { release: vi.fn() };
  const connection = new Connection(ws as unknown as WebSocket, hub as unknown as Hub, log, preAuth);
  return { ws, hub, connection, preAuth };
}

describe("a socket's send buffer", () => {
  it("sends while the buffer is under the bound", () => {
    const { ws, connection } = connect();
    ws.bufferedAmount = 1000;
    connection.send({ type: "pong", ref: 1 });
    expect(ws.sent).toEqual([JSON.stringify({ type: "pong", ref: 1 })]);
    expect(ws.terminate).not.toHaveBeenCalled();
  });

  it("drops a client whose buffer is past the bound, instead of queueing more", () => {
    const { ws, hub, connection } = connect();
    ws.bufferedAmount = 1001;
    connection.send({ type: "pong", ref: 1 });
    expect(ws.sent).toEqual([]);
    expect(ws.terminate).toHaveBeenCalledOnce();
    expect(hub.remove).toHaveBeenCalledWith(connection);
    expect(log.warn).toHaveBeenCalledWith(expect.anything(), expect.stringContaining("slow client"));
  });
});
