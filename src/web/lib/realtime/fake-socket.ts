import type { RealtimeClientMessage, RealtimeServerMessage } from "@shared/realtime";
import type { SocketLike } from "./realtime-client";

/** Test support (not a test): a WebSocket the test plays the server of. */
export class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: RealtimeClientMessage[] = [];
  closedWith: number | undefined;
  onopen: SocketLike["onopen"] = null;
  onmessage: SocketLike["onmessage"] = null;
  onclose: SocketLike["onclose"] = null;
  onerror: SocketLike["onerror"] = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    if (this.readyState !== 1) throw new Error("send on a socket that is not open");
    this.sent.push(JSON.parse(data) as RealtimeClientMessage);
  }

  close(code = 1000): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.closedWith = code;
    this.onclose?.({ code });
  }

  /** The server accepts the handshake. */
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  /** A frame from the server. */
  receive(message: RealtimeServerMessage): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  /** The server (or the network) closes the socket. */
  drop(code = 1006): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code });
  }

  /** Accepts the handshake and answers `ready` and each join, as the server does. */
  accept(userId = "u1"): void {
    this.open();
    this.receive({ type: "ready", user_id: userId, expires_at: 0 });
    for (const message of this.sent) {
      if (message.type === "join") this.receive({ type: "joined", channel: message.channel });
    }
  }
}

export function fakeSockets() {
  const sockets: FakeSocket[] = [];
  return {
    sockets,
    createSocket: (url: string) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    get last(): FakeSocket {
      const socket = sockets.at(-1);
      if (!socket) throw new Error("no socket was opened");
      return socket;
    },
  };
}
