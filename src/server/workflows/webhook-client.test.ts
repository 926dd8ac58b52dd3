import Fastify, { type FastifyBaseLogger } from "fastify";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WORKFLOW_HOOKS, type WorkflowHook } from "../config";
import { inProcessFetch } from "../platform/in-process-fetch";
import { WorkflowCallError } from "../workflow-contract/workflow-webhooks";
import {
  createWorkflowClient,
  ENVIRONMENT_HEADER,
  EXTERNAL_USER_HEADER,
  findConnectLink,
  WORKFLOW_ANSWER_MAX_BYTES,
  type WorkflowFetch,
} from "./webhook-client";

const USER = "7b0c6a52-6f0e-4d7c-9a51-3f2f3c1d9e10";
const urls = Object.fromEntries(
  WORKFLOW_HOOKS.map((h) => [h, `https://hooks.example.net/webhook/${h.toLowerCase()}?token=s3cret`]),
) as Record<WorkflowHook, string>;

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** A workflow service answering each call with the next of `answers` (the last one repeats). */
function service(...answers: (Response | Error | "hang")[]) {
  const sent: Sent[] = [];
  const fetch: WorkflowFetch = (url, init) => {
    sent.push({ url, method: init.method, headers: init.headers, body: init.body });
    const answer = answers[Math.min(sent.length - 1, answers.length - 1)]!;
    if (answer === "hang") {
      return new Promise((_resolve, reject) => {
        init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      });
    }
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer.clone());
  };
  return { fetch, sent };
}

function logger() {
  const lines: { level: string; fields: Record<string, unknown>; msg: string }[] = [];
  const at =
    (level: string) =>
    (fields: Record<string, unknown>, msg: string): void => {
      lines.push({ level, fields, msg });
    };
  const log = { info: at("info"), warn: at("warn"), error: at("error") } as unknown as FastifyBaseLogger;
  return { log, lines };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function client(fetch: WorkflowFetch, extra: { sleeps?: number[]; timeoutMs?: number } = {}) {
  const { log, lines } = logger();
  const sleeps = extra.sleeps ?? [];
  const c = createWorkflowClient({
    urls,
    environment: "production",
    log,
    fetch,
    ...(extra.timeoutMs === undefined ? { sleep: async (ms) => void sleeps.push(ms) } : {}),
    ...(extra.timeoutMs === undefined ? {} : { timeoutMs: extra.timeoutMs }),
  });
  return { c, lines, sleeps };
}

async function failure(promise: Promise<unknown>): Promise<WorkflowCallError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WorkflowCallError);
  return err as WorkflowCallError;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("connect link", () => {
  it("posts JSON { external_user_id } to the configured URL only and answers connect_link_url", async () => {
    const s = service(json({ connect_link_url: "https://app.asana.example/connect?x=1" }));
    const { c } = client(s.fetch);
    await expect(c.connectLink("asana", USER)).resolves.toBe("https://app.asana.example/connect?x=1");
    expect(s.sent).toEqual([
      {
        url: urls.ASANA_CONNECT,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ external_user_id: USER }),
      },
    ]);
  });

  it("reads the link nested in a body JSON string (Google Drive's answer)", async () => {
    const s = service(json({ body: JSON.stringify({ connect_link_url: "https://drive.example/c/1" }) }));
    await expect(client(s.fetch).c.connectLink("google_drive", USER)).resolves.toBe(
      "https://drive.example/c/1",
    );
    expect(s.sent[0]!.url).toBe(urls.GOOGLE_DRIVE_CONNECT);
  });

  it.each([
    ["a body object", { body: { connect_link_url: "https://l.example/" } }],
    ["a one-item array", [{ body: JSON.stringify({ connect_link_url: "https://l.example/" }) }]],
  ])("reads the link in %s", (_name, answer) => {
    expect(findConnectLink(answer)).toBe("https://l.example/");
  });

  it.each([
    ["no link at all", json({ ok: true })],
    ["an empty link", json({ connect_link_url: "" })],
    ["a body string without one", json({ body: JSON.stringify({ status: "ok" }) })],
    ["a body string that is not JSON", json({ body: "<html>" })],
  ])("answers missing_link for %s, without a retry", async (_name, answer) => {
    const s = service(answer);
    const err = await failure(client(s.fetch).c.connectLink("asana", USER));
    expect([err.failure, err.statusCode, err.code, err.message]).toEqual([
      "missing_link",
      502,
      "connect_link_missing",
      "No connection URL in response",
    ]);
    expect(s.sent).toHaveLength(1);
  });

  it.each([
    ["an answer that is not JSON", new Response("<html>oops</html>", { status: 200 })],
    ["a link that is not an http(s) URL", json({ connect_link_url: "javascript:alert(1)" })],
    ["a link that is not a string", json({ connect_link_url: 42 })],
  ])("answers malformed_response for %s, without a retry", async (_name, answer) => {
    const s = service(answer);
    const err = await failure(client(s.fetch).c.connectLink("asana", USER));
    expect([err.failure, err.statusCode, err.code]).toEqual([
      "malformed_response",
      502,
      "workflow_malformed_response",
    ]);
    expect(s.sent).toHaveLength(1);
  });
});

describe("retry: only calls safe to repeat", () => {
  it("a connect that gets 500 is tried 3 times with backoff 250 ms, 500 ms, then fails 502", async () => {
    const s = service(json({ error: "boom" }, 500));
    const { c, sleeps, lines } = client(s.fetch);
    const err = await failure(c.connectLink("asana", USER));
    expect([err.failure, err.statusCode, err.code, err.upstreamStatus]).toEqual([
      "http_error",
      502,
      "workflow_failed",
      500,
    ]);
    expect(s.sent).toHaveLength(3);
    expect(sleeps).toEqual([250, 500]);
    expect(lines.map((l) => [l.level, l.fields.attempt, l.fields.retrying])).toEqual([
      ["warn", 1, true],
      ["warn", 2, true],
      ["warn", 3, false],
    ]);
  });

  it("a connect that recovers on the second attempt answers the link", async () => {
    const s = service(json({}, 503), json({ connect_link_url: "https://l.example/" }));
    const { c, sleeps } = client(s.fetch);
    await expect(c.connectLink("google_drive", USER)).resolves.toBe("https://l.example/");
    expect(sleeps).toEqual([250]);
  });

  it("a disconnect that gets 502 is repeated; one that gets 400 is not", async () => {
    const bad = service(json({}, 502));
    await failure(client(bad.fetch).c.disconnect("asana", USER));
    expect(bad.sent).toHaveLength(3);
    const refused = service(json({}, 400));
    const err = await failure(client(refused.fetch).c.disconnect("asana", USER));
    expect([err.failure, err.upstreamStatus]).toEqual(["http_error", 400]);
    expect(refused.sent).toHaveLength(1);
  });

  it("a sync that gets 500 is sent once", async () => {
    const s = service(json({}, 500));
    const { c, sleeps } = client(s.fetch);
    await failure(c.syncAsana("projects", USER));
    expect(s.sent).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("a sync whose connection was refused (nothing sent) is retried", async () => {
    const refused = Object.assign(new TypeError("fetch failed"), {
      cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
    });
    const s = service(refused, json({ status: "ok" }));
    const { c, sleeps } = client(s.fetch);
    await c.syncAsana("data", USER);
    expect(s.sent).toHaveLength(2);
    expect(sleeps).toEqual([250]);
  });

  it("a sync reset mid-way (maybe received) is not retried and answers workflow_unreachable", async () => {
    const reset = Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNRESET" } });
    const s = service(reset);
    const err = await failure(client(s.fetch).c.syncGoogleMeet(USER));
    expect([err.failure, err.statusCode, err.code]).toEqual(["unreachable", 502, "workflow_unreachable"]);
    expect(s.sent).toHaveLength(1);
  });
});

describe("timeout (5 s per attempt, under fake timers)", () => {
  it("a sync that never answers fails after 5 s with 504, once", async () => {
    vi.useFakeTimers();
    const s = service("hang");
    const { c } = client(s.fetch, { timeoutMs: 5_000 });
    const result = failure(c.syncAsana("projects", USER));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(s.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const err = await result;
    expect([err.failure, err.statusCode, err.code]).toEqual(["timeout", 504, "workflow_timeout"]);
    expect(s.sent).toHaveLength(1);
  });

  it("a connect that never answers is tried 3 times: 5 s + 250 ms + 5 s + 500 ms + 5 s", async () => {
    vi.useFakeTimers();
    const s = service("hang");
    const { c } = client(s.fetch, { timeoutMs: 5_000 });
    const result = failure(c.connectLink("asana", USER));
    await vi.advanceTimersByTimeAsync(5_250);
    expect(s.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5_500);
    expect(s.sent).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await result).failure).toBe("timeout");
  });

  it("a fetch that ignores its abort signal still times out", async () => {
    vi.useFakeTimers();
    const fetch: WorkflowFetch = () => new Promise(() => undefined);
    const { c } = client(fetch, { timeoutMs: 5_000 });
    const result = failure(c.syncGoogleMeet(USER));
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await result).failure).toBe("timeout");
  });
});

describe("the calls of SPEC §7", () => {
  it("Asana syncs carry the environment and external user headers and the JSON body", async () => {
    const s = service(json({ status: "ok" }));
    const { c } = client(s.fetch);
    await c.syncAsana("projects", USER);
    await c.syncAsana("data", USER);
    expect(s.sent.map((x) => x.url)).toEqual([urls.ASANA_SYNC, urls.ASANA_DATA_SYNC]);
    for (const x of s.sent) {
      expect(x.headers).toEqual({
        "content-type": "application/json",
        [ENVIRONMENT_HEADER]: "production",
        [EXTERNAL_USER_HEADER]: USER,
      });
      expect(x.body).toBe(JSON.stringify({ external_user_id: USER }));
    }
  });

  it("the Google Meet sync is a POST with no body", async () => {
    const s = service(new Response(null, { status: 204 }));
    await client(s.fetch).c.syncGoogleMeet(USER);
    expect(s.sent).toEqual([
      {
        url: urls.GOOGLE_MEET_SYNC,
        method: "POST",
        headers: { [ENVIRONMENT_HEADER]: "production", [EXTERNAL_USER_HEADER]: USER },
        body: undefined,
      },
    ]);
  });

  it("a hook without a URL answers 503 workflow_not_configured and calls nothing", async () => {
    const s = service(json({}));
    const { log } = logger();
    const c = createWorkflowClient({ urls: {}, environment: "development", log, fetch: s.fetch });
    const err = await failure(c.disconnect("google_drive", USER));
    expect([err.failure, err.statusCode, err.code]).toEqual([
      "not_configured",
      503,
      "workflow_not_configured",
    ]);
    expect(s.sent).toEqual([]);
  });

  it("logs each call with the hook's name and the time taken: never the host, path, query or user", async () => {
    const s = service(json({ status: "ok" }));
    const { c, lines } = client(s.fetch);
    await c.syncAsana("projects", USER);
    expect(lines).toEqual([
      {
        level: "info",
        msg: "workflow webhook",
        fields: { hook: "ASANA_SYNC", attempt: 1, status: 200, ms: expect.any(Number) },
      },
    ]);
    expectNothingOfTheUrl(lines);
  });

  it("logs a failed call, each attempt of it, with the hook's name only", async () => {
    const s = service(json({ error: "boom" }, 503));
    const { c, lines } = client(s.fetch);
    await failure(c.disconnect("google_drive", USER));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toEqual({
      level: "warn",
      msg: "workflow webhook failed",
      fields: {
        hook: "GOOGLE_DRIVE_DISCONNECT",
        attempt: 1,
        failure: "http_error",
        status: 503,
        ms: expect.any(Number),
        retrying: true,
      },
    });
    expectNothingOfTheUrl(lines);
  });
});

/** For many workflow services the path is the secret (issue #20): no part of a webhook URL may reach the log. */
function expectNothingOfTheUrl(lines: unknown[]) {
  const logged = JSON.stringify(lines);
  for (const part of ["hooks.example.net", "/webhook", "asana_", "google_", "s3cret", "token=", USER]) {
    expect(logged).not.toContain(part);
  }
}

describe("redirects (issue #20)", () => {
  /** Two real HTTP servers on loopback: the configured webhook, and an internal address it redirects to. */
  async function listen(handle: (req: IncomingMessage, res: ServerResponse) => void) {
    const received: { method?: string; url?: string; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        received.push({ method: req.method, url: req.url, body });
        handle(req, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const close = () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    return { url, received, close };
  }

  it.each([301, 302, 303, 307, 308])(
    "a %i is a failed call, logged, never followed and not repeated (the real fetch)",
    async (status) => {
      const internal = await listen((_req, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ connect_link_url: "https://internal.example/" }));
      });
      const hook = await listen((_req, res) => {
        res.writeHead(status, { location: `${internal.url}/admin/users` });
        res.end();
      });
      try {
        const { log, lines } = logger();
        const c = createWorkflowClient({
          urls: { ASANA_CONNECT: `${hook.url}/webhook/asana_connect` },
          environment: "production",
          log,
          sleep: async () => undefined,
        });
        const err = await failure(c.connectLink("asana", USER));
        expect([err.failure, err.statusCode, err.code, err.upstreamStatus]).toEqual([
          "http_error",
          502,
          "workflow_failed",
          status,
        ]);
        expect(hook.received).toHaveLength(1);
        expect(internal.received).toEqual([]);
        expect(lines).toEqual([
          {
            level: "warn",
            msg: "workflow webhook failed",
            fields: {
              hook: "ASANA_CONNECT",
              attempt: 1,
              failure: "http_error",
              detail: "redirect",
              status,
              ms: expect.any(Number),
              retrying: false,
            },
          },
        ]);
      } finally {
        await Promise.all([hook.close(), internal.close()]);
      }
    },
  );

  it("asks any fetch it is given not to follow redirects", async () => {
    const s = service(json({ status: "ok" }));
    const redirects: unknown[] = [];
    await client((url, init) => {
      redirects.push(init.redirect);
      return s.fetch(url, init);
    }).c.syncGoogleMeet(USER);
    expect(redirects).toEqual(["manual"]);
  });
});

describe("the size of an answer (issue #20)", () => {
  const LINK = "https://l.example/";
  /** A connect answer of exactly `bytes` bytes: the link, padded. */
  function paddedAnswer(bytes: number): string {
    const empty = JSON.stringify({ connect_link_url: LINK, pad: "" });
    return JSON.stringify({ connect_link_url: LINK, pad: "x".repeat(bytes - empty.length) });
  }

  /** A service streaming `text` in 4 KiB chunks, counting what it was asked for and whether it was cancelled. */
  function streaming(text: string) {
    const bytes = new TextEncoder().encode(text);
    const state = { pulled: 0, cancelled: false };
    const fetch: WorkflowFetch = async () =>
      new Response(
        new ReadableStream<Uint8Array>(
          {
            pull(controller) {
              const chunk = bytes.subarray(state.pulled, state.pulled + 4096);
              state.pulled += chunk.byteLength;
              if (chunk.byteLength > 0) controller.enqueue(chunk);
              if (state.pulled >= bytes.byteLength) controller.close();
            },
            cancel() {
              state.cancelled = true;
            },
          },
          { highWaterMark: 0 },
        ),
        { status: 200, headers: { "content-type": "application/json" } },
      );
    return { fetch, state };
  }

  it("stops reading past 64 KiB and fails the call, once, without a retry", async () => {
    const s = streaming(paddedAnswer(1024 * 1024));
    const { c, lines } = client(s.fetch);
    const err = await failure(c.connectLink("asana", USER));
    expect([err.failure, err.statusCode, err.code]).toEqual([
      "malformed_response",
      502,
      "workflow_malformed_response",
    ]);
    expect(s.state.pulled).toBeLessThanOrEqual(WORKFLOW_ANSWER_MAX_BYTES + 4096);
    expect(s.state.cancelled).toBe(true);
    expect(lines.map((l) => [l.fields.failure, l.fields.detail, l.fields.retrying])).toEqual([
      ["malformed_response", "answer_too_large", false],
    ]);
  });

  it("reads an answer of exactly 64 KiB, and fails one byte more", async () => {
    expect(WORKFLOW_ANSWER_MAX_BYTES).toBe(64 * 1024);
    const fits = streaming(paddedAnswer(WORKFLOW_ANSWER_MAX_BYTES));
    await expect(client(fits.fetch).c.connectLink("google_drive", USER)).resolves.toBe(LINK);
    const over = service(json(JSON.parse(paddedAnswer(WORKFLOW_ANSWER_MAX_BYTES + 1))));
    expect((await failure(client(over.fetch).c.connectLink("google_drive", USER))).failure).toBe(
      "malformed_response",
    );
  });
});

describe("the in-process fetch of the development simulator", () => {
  it("still answers the link, and a redirect or an oversized answer still fails the call", async () => {
    const app = Fastify();
    app.post("/hooks/link", async () => ({ connect_link_url: "https://sim.example/connect/1" }));
    app.post("/hooks/moved", async (_request, reply) => reply.redirect("/elsewhere", 307));
    app.post("/hooks/large", async () => ({ pad: "x".repeat(WORKFLOW_ANSWER_MAX_BYTES) }));
    await app.ready();
    const connectVia = (path: string) =>
      createWorkflowClient({
        urls: { ASANA_CONNECT: `http://localhost:3000/hooks/${path}` },
        environment: "development",
        log: logger().log,
        fetch: inProcessFetch(app),
        sleep: async () => undefined,
      }).connectLink("asana", USER);
    try {
      await expect(connectVia("link")).resolves.toBe("https://sim.example/connect/1");
      const moved = await failure(connectVia("moved"));
      expect([moved.failure, moved.upstreamStatus]).toEqual(["http_error", 307]);
      expect((await failure(connectVia("large"))).failure).toBe("malformed_response");
    } finally {
      await app.close();
    }
  });
});
