import type { FastifyBaseLogger } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WORKFLOW_HOOKS, type WorkflowHook } from "../config";
import { WorkflowCallError } from "../platform/workflow-webhooks";
import {
  createWorkflowClient,
  ENVIRONMENT_HEADER,
  EXTERNAL_USER_HEADER,
  findConnectLink,
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

  it("logs each call with the hook, the URL path and the time taken: never the host, query or user", async () => {
    const s = service(json({ status: "ok" }));
    const { c, lines } = client(s.fetch);
    await c.syncAsana("projects", USER);
    expect(lines).toEqual([
      {
        level: "info",
        msg: "workflow webhook",
        fields: {
          hook: "ASANA_SYNC",
          path: "/webhook/asana_sync",
          attempt: 1,
          status: 200,
          ms: expect.any(Number),
        },
      },
    ]);
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain("s3cret");
    expect(logged).not.toContain("hooks.example.net");
    expect(logged).not.toContain(USER);
  });
});
