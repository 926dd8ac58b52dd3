import { REALTIME_HEARTBEAT_MS, REALTIME_TIMEOUT_MS } from "@shared/constants";
import { REALTIME_RECONNECT_DELAYS_MS } from "./reconnect-delays";
import {
  REALTIME_CLOSE,
  REALTIME_PATH,
  type RealtimeChannelName,
  type RealtimeClientMessage,
  type RealtimeOperation,
  type RealtimeServerMessage,
} from "@shared/realtime";

/** SPEC §4 realtime channel states. */
export type ChannelState = "closed" | "errored" | "joined" | "joining" | "leaving";

export interface RealtimeChange {
  channel: RealtimeChannelName;
  operation: RealtimeOperation;
  row: Record<string, unknown> | null;
  seq: number;
}

export interface ChannelListener {
  onState(state: ChannelState): void;
  /** Every join and rejoin: whatever changed while not joined must be refetched. */
  onJoin(): void;
  onChange(change: RealtimeChange): void;
}

/** The part of the browser's WebSocket the client uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

const OPEN = 1;

export function realtimeUrl(location: Pick<Location, "protocol" | "host"> = window.location): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${REALTIME_PATH}`;
}

export interface RealtimeClientOptions {
  url?: string;
  createSocket?: (url: string) => SocketLike;
}

/**
 * The tab's one realtime socket (issue #12), shared by every subscriber: it authenticates with the session's access
 * token (and sends each refreshed one on the open socket), joins the subscribed channels, sends a heartbeat every
 * REALTIME_HEARTBEAT_MS and gives up on a socket whose answer takes longer than REALTIME_TIMEOUT_MS, then reconnects
 * after 1, 2, 5, 10, 10 … s (SPEC §9) and rejoins. A user outside the company domain (4403) is not retried.
 */
export class RealtimeClient {
  private readonly subscribers = new Map<RealtimeChannelName, Set<ChannelListener>>();
  private readonly states = new Map<RealtimeChannelName, ChannelState>();
  private readonly url: string;
  private readonly createSocket: (url: string) => SocketLike;
  private socket: SocketLike | undefined;
  private token: string | null = null;
  private userId: string | null = null;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private pingRef = 0;
  private refused = false;

  constructor(options: RealtimeClientOptions = {}) {
    this.url = options.url ?? realtimeUrl();
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
  }

  /** The signed-in session; null signs out (the socket closes, channels are closed). */
  setSession(token: string | null, userId: string | null): void {
    const sameUser = userId === this.userId;
    const changed = token !== this.token;
    this.token = token;
    this.userId = userId;
    if (!token || !userId || !sameUser) {
      this.refused = false;
      this.disconnect();
      if (token && userId) this.connectIfWanted();
      return;
    }
    if (changed && this.socket?.readyState === OPEN) this.send({ type: "auth", token });
    else this.connectIfWanted();
  }

  subscribe(channel: RealtimeChannelName, listener: ChannelListener): () => void {
    let listeners = this.subscribers.get(channel);
    const first = !listeners;
    if (!listeners) {
      listeners = new Set();
      this.subscribers.set(channel, listeners);
    }
    listeners.add(listener);
    listener.onState(this.stateOf(channel));
    if (first && this.socket?.readyState === OPEN) this.join(channel);
    else if (this.stateOf(channel) === "joined") listener.onJoin();
    this.connectIfWanted();
    return () => {
      listeners.delete(listener);
      if (listeners.size > 0 || this.subscribers.get(channel) !== listeners) return;
      this.subscribers.delete(channel);
      if (this.socket?.readyState === OPEN && this.stateOf(channel) !== "closed") {
        this.setState(channel, "leaving");
        this.send({ type: "leave", channel });
      } else {
        this.setState(channel, "closed");
      }
    };
  }

  stateOf(channel: RealtimeChannelName): ChannelState {
    return this.states.get(channel) ?? "closed";
  }

  /** Closes the socket for good (the tab signs out or the provider unmounts). */
  dispose(): void {
    this.token = null;
    this.userId = null;
    this.disconnect();
  }

  private connectIfWanted(): void {
    if (this.socket || this.reconnectTimer || this.refused) return;
    if (!this.token || this.subscribers.size === 0) return;
    this.connect();
  }

  private connect(): void {
    const socket = this.createSocket(this.url);
    this.socket = socket;
    for (const channel of this.subscribers.keys()) this.setState(channel, "joining");
    socket.onopen = () => {
      if (this.socket !== socket || !this.token) return;
      this.send({ type: "auth", token: this.token });
      for (const channel of this.subscribers.keys()) this.join(channel);
      this.startHeartbeat();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.receive(event.data);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.lost(event.code);
    };
    socket.onerror = () => undefined; // a close event always follows
  }

  private join(channel: RealtimeChannelName): void {
    this.setState(channel, "joining");
    this.send({ type: "join", channel, user_id: this.userId ?? undefined });
  }

  private receive(data: unknown): void {
    let message: RealtimeServerMessage;
    try {
      message = JSON.parse(String(data)) as RealtimeServerMessage;
    } catch {
      return;
    }
    switch (message.type) {
      case "ready":
        this.attempt = 0;
        return;
      case "pong":
        if (message.ref === this.pingRef) clearTimeout(this.pongTimer);
        return;
      case "joined":
        if (!this.subscribers.has(message.channel)) return;
        this.setState(message.channel, "joined");
        for (const listener of this.subscribers.get(message.channel) ?? []) listener.onJoin();
        return;
      case "left":
        if (!this.subscribers.has(message.channel)) this.setState(message.channel, "closed");
        return;
      case "change":
        for (const listener of this.subscribers.get(message.channel) ?? []) {
          listener.onChange({
            channel: message.channel,
            operation: message.operation,
            row: message.row,
            seq: message.seq,
          });
        }
        return;
      case "error":
        if (message.channel) this.setState(message.channel, "errored");
        return;
    }
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.heartbeatTimer = setInterval(() => {
      this.pingRef++;
      this.send({ type: "ping", ref: this.pingRef });
      clearTimeout(this.pongTimer);
      this.pongTimer = setTimeout(() => {
        // No answer in time: the connection is dead even if the browser has not noticed.
        const socket = this.socket;
        this.lost(4000);
        socket?.close(4000, "heartbeat timeout");
      }, REALTIME_TIMEOUT_MS);
    }, REALTIME_HEARTBEAT_MS);
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeatTimer);
    clearTimeout(this.pongTimer);
    this.heartbeatTimer = undefined;
  }

  /** The socket is gone: channels are errored until rejoined after the next delay of the schedule. */
  private lost(code: number): void {
    this.stopHeartbeat();
    this.socket = undefined;
    for (const channel of this.subscribers.keys()) this.setState(channel, "errored");
    for (const [channel, state] of this.states) {
      if (!this.subscribers.has(channel) && state !== "closed") this.setState(channel, "closed");
    }
    if (code === REALTIME_CLOSE.forbidden) {
      this.refused = true;
      return;
    }
    if (!this.token) return;
    const delays = REALTIME_RECONNECT_DELAYS_MS;
    const delay = delays[Math.min(this.attempt, delays.length - 1)]!;
    this.attempt++;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connectIfWanted();
    }, delay);
  }

  private disconnect(): void {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.stopHeartbeat();
    const socket = this.socket;
    this.socket = undefined;
    this.attempt = 0;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close(1000, "signed out");
    }
    for (const channel of this.states.keys()) this.setState(channel, "closed");
  }

  private send(message: RealtimeClientMessage): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private setState(channel: RealtimeChannelName, state: ChannelState): void {
    if (this.states.get(channel) === state) return;
    this.states.set(channel, state);
    for (const listener of this.subscribers.get(channel) ?? []) listener.onState(state);
  }
}
