import type { FastifyInstance } from "fastify";
import type { IncomingHttpHeaders } from "node:http";
import WebSocket from "ws";
import type { RealtimeClientMessage, RealtimeServerMessage } from "@shared/realtime";
import { AccessTokens } from "../server/auth/access-tokens";
import type { Config } from "../server/config";

/**
 * Test support (not a test): a realtime client over the `ws` package that keeps every frame it received, so tests
 * wait for a frame or the close instead of sleeping.
 */
export class TestSocket {
  readonly received: RealtimeServerMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly waiters = new Set<() => void>();

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      this.received.push(JSON.parse(String(data)) as RealtimeServerMessage);
      for (const wake of this.waiters) wake();
    });
    this.closed = new Promise((resolve) =>
      ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  /**
   * Opens a socket and waits for the handshake; rejects with the HTTP answer (HandshakeRefused) when the server
   * refuses it. `localAddress` picks the client's address (any of 127.0.0.0/8 reaches a loopback server), and
   * `headers` are added to the handshake (an X-Forwarded-For, for a server that trusts the test as its proxy).
   */
  static open(
    url: string,
    origin: string | undefined,
    { localAddress, headers = {} }: { localAddress?: string; headers?: Record<string, string> } = {},
  ): Promise<TestSocket> {
    const ws = new WebSocket(url, {
      headers,
      ...(origin === undefined ? {} : { origin }),
      ...(localAddress === undefined ? {} : { localAddress }),
    });
    const socket = new TestSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once("open", () => resolve(socket));
      ws.once("unexpected-response", (_req, res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        // "close" comes after the whole body, and also when the server cuts it short.
        res.once("close", () => {
          reject(new HandshakeRefused(res.statusCode ?? 0, res.headers, Buffer.concat(chunks).toString()));
          ws.terminate();
        });
      });
      ws.once("error", reject);
    });
  }

  send(message: RealtimeClientMessage | string): void {
    this.ws.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  /** The first received frame (from `from` on) that matches; waits for it. */
  next<T extends RealtimeServerMessage["type"]>(
    type: T,
    where: (m: Extract<RealtimeServerMessage, { type: T }>) => boolean = () => true,
    from = 0,
  ): Promise<Extract<RealtimeServerMessage, { type: T }>> {
    const find = () =>
      this.received
        .slice(from)
        .find((m): m is Extract<RealtimeServerMessage, { type: T }> => m.type === type && where(m as never));
    const found = find();
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const wake = () => {
        const hit = find();
        if (hit) {
          this.waiters.delete(wake);
          resolve(hit);
        }
      };
      this.waiters.add(wake);
      void this.closed.then(({ code }) => {
        if (this.waiters.delete(wake)) reject(new Error(`socket closed (${code}) before a ${type} frame`));
      });
    });
  }

  /** Authenticates and joins, as the web client does; resolves once every channel is joined. */
  async authAndJoin(token: string, channels: RealtimeClientMessage[]): Promise<void> {
    this.send({ type: "auth", token });
    for (const join of channels) this.send(join);
    await this.next("ready");
    for (const join of channels) {
      if (join.type === "join") await this.next("joined", (m) => m.channel === join.channel);
    }
  }

  close(): void {
    this.ws.close();
  }
}

export class HandshakeRefused extends Error {
  constructor(
    readonly statusCode: number,
    readonly headers: IncomingHttpHeaders = {},
    /** The response body as text (Pulse's `{ error }` JSON). */
    readonly body = "",
  ) {
    super(`handshake refused with ${statusCode}`);
  }
}

/** Listens on a free loopback port; the socket URL of the app's /realtime. */
export async function listenForSockets(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address() as { port: number };
  return `ws://127.0.0.1:${address.port}/realtime`;
}

/** An access token for an existing session with the times a test chooses (an expired one, a short one). */
export function signAccessToken(
  config: Pick<Config, "jwtSecret" | "publicUrl">,
  claims: { userId: string; sessionId: string },
  issuedAtSeconds: number,
  expiresAtSeconds: number,
): Promise<string> {
  return new AccessTokens(config.jwtSecret, config.publicUrl).sign(claims, issuedAtSeconds, expiresAtSeconds);
}
