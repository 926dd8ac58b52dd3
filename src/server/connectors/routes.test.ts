import { Writable } from "node:stream";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CONNECTOR_TYPES, CONNECTORS_ROUTES, connectorPath } from "@shared/connectors";
import { signInThroughDevProvider } from "../../testing/auth-test-driver";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { WORKFLOW_HOOKS } from "../config";
import { CONNECTOR_WEBHOOK_RATE_LIMIT, TOO_MANY_CONNECTOR_CALLS } from "./webhook-guard";

const HOOK_BASE = "https://hooks.example.net/webhook";
const env: Record<string, string> = {};
for (const hook of WORKFLOW_HOOKS) env[`WORKFLOW_${hook}_URL`] = `${HOOK_BASE}/${hook.toLowerCase()}`;

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** The workflow service: each call gets `answer()`'s Response (maybe later), or hangs until aborted. */
let answer: () => Response | Promise<Response> | "hang";
let sent: Sent[];
let sleeps: number[];
/** What the server logged, one JSON object per line. */
let logged = "";

let t: TestApp;
let ann: { token: string; id: string };
let bo: { token: string; id: string };
let eve: string;
beforeAll(async () => {
  t = await createTestApp({
    env,
    logger: {
      level: "info",
      stream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logged += chunk.toString();
          done();
        },
      }),
    },
    workflow: {
      fetch: (url, init) => {
        sent.push({ url, headers: init.headers, body: init.body });
        const a = answer();
        if (a !== "hang") return Promise.resolve(a);
        return new Promise((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        });
      },
      sleep: async (ms) => void sleeps.push(ms),
    },
  });
  const a = await signInThroughDevProvider(t.app, "ann@acme.com");
  const b = await signInThroughDevProvider(t.app, "bo@acme.com");
  ann = { token: a.access_token, id: a.user.id };
  bo = { token: b.access_token, id: b.user.id };
  eve = (await signInThroughDevProvider(t.app, "eve@notacme.com")).access_token;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  answer = () => json({ status: "ok" });
  sent = [];
  sleeps = [];
  logged = "";
  await t.db.exec(
    "DELETE FROM pulse.connectors; DELETE FROM pulse.user_identities; DELETE FROM pulse.project_sync_preferences; DELETE FROM pulse.rate_limit_hits;",
  );
});
afterEach(() => {
  vi.useRealTimers();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function call(
  method: "GET" | "PUT" | "POST",
  url: string,
  { token = ann.token, body }: { token?: string | null; body?: unknown } = {},
) {
  return t.app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { payload: typeof body === "string" ? body : JSON.stringify(body) }),
  });
}

const route = (r: keyof typeof CONNECTORS_ROUTES, type: string) =>
  connectorPath(CONNECTORS_ROUTES[r], type as never);

async function rows() {
  return t.db.query<{ user_id: string; type: string; is_active: boolean }>(
    "SELECT user_id, type, is_active FROM pulse.connectors ORDER BY type, user_id",
  );
}

/**
 * Runs `request` with setTimeout under a fake clock: real I/O (the database) goes on, and the clock moves on only
 * while a timer is waiting, so the request's timeouts fire whenever it reaches them.
 */
async function underFakeClock<T>(request: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  let done = false;
  const result = request().finally(() => {
    done = true;
  });
  while (!done) {
    await new Promise((resolve) => setImmediate(resolve));
    if (vi.getTimerCount() > 0) await vi.advanceTimersByTimeAsync(250);
  }
  return result;
}

describe("GET /api/connectors", () => {
  it("lists every connector type, off without a row, as stored in the user's own rows only", async () => {
    await t.db.query(
      `INSERT INTO pulse.connectors (user_id, type, is_active)
       VALUES ($1, 'slack', true), ($1, 'zoom', false), ($2, 'jira', true)`,
      [ann.id, bo.id],
    );
    const res = await call("GET", CONNECTORS_ROUTES.list);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      connectors: CONNECTOR_TYPES.map((type) => ({ type, is_active: type === "slack" })),
    });
  });
});

describe("PUT /api/connectors/:type", () => {
  it("stores the flip for the user, and flips it back, leaving another user's row alone", async () => {
    await t.db.query("INSERT INTO pulse.connectors (user_id, type, is_active) VALUES ($1, 'slack', true)", [
      bo.id,
    ]);
    const on = await call("PUT", route("set", "slack"), { body: { is_active: true } });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ type: "slack", is_active: true });
    const off = await call("PUT", route("set", "slack"), { body: { is_active: false } });
    expect(off.json()).toEqual({ type: "slack", is_active: false });
    expect(await rows()).toEqual(
      [
        { user_id: ann.id, type: "slack", is_active: false },
        { user_id: bo.id, type: "slack", is_active: true },
      ].sort((a, b) => a.user_id.localeCompare(b.user_id)),
    );
  });

  it("a double click (two PUTs at once) leaves one row", async () => {
    const results = await Promise.all(
      [true, true, true].map((is_active) => call("PUT", route("set", "notion"), { body: { is_active } })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await rows()).toEqual([{ user_id: ann.id, type: "notion", is_active: true }]);
  });

  it.each(["asana", "google_drive"])(
    "refuses %s with 409: it changes only through its connect flow",
    async (type) => {
      const res = await call("PUT", route("set", type), { body: { is_active: true } });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe("connect_through_flow");
      expect(await rows()).toEqual([]);
    },
  );

  it("answers 404 for an unknown type and 400 for a bad body, storing nothing", async () => {
    const unknown = await call("PUT", route("set", "myspace"), { body: { is_active: true } });
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, "unknown_connector"]);
    const bad = await call("PUT", route("set", "slack"), { body: { is_active: "yes" } });
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, "validation_failed"]);
    const notJson = await call("PUT", route("set", "slack"), { body: "{oops" });
    expect(notJson.statusCode).toBe(400);
    expect(await rows()).toEqual([]);
  });
});

describe("POST /api/connectors/:type/connect", () => {
  it("asks the connect webhook with the token's user id, whatever the body says, and answers the link", async () => {
    answer = () => json({ connect_link_url: "https://app.asana.example/connect/abc" });
    const res = await call("POST", route("connect", "asana"), { body: { external_user_id: bo.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ connect_link_url: "https://app.asana.example/connect/abc" });
    expect(sent).toEqual([
      {
        url: `${HOOK_BASE}/asana_connect`,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ external_user_id: ann.id }),
      },
    ]);
  });

  it("reads Google Drive's link nested in a body JSON string", async () => {
    answer = () => json({ body: JSON.stringify({ connect_link_url: "https://drive.example/c/1" }) });
    const res = await call("POST", route("connect", "google_drive"));
    expect(res.json()).toEqual({ connect_link_url: "https://drive.example/c/1" });
    expect(sent[0]!.url).toBe(`${HOOK_BASE}/google_drive_connect`);
  });

  it("answers 502 connect_link_missing when the answer has no link, asking once", async () => {
    answer = () => json({ status: "ok" });
    const res = await call("POST", route("connect", "google_drive"));
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      error: { code: "connect_link_missing", message: "No connection URL in response" },
    });
    expect(sent).toHaveLength(1);
  });

  it("answers 502 workflow_malformed_response for an answer that is not JSON", async () => {
    answer = () => new Response("<html>502 Bad Gateway</html>", { status: 200 });
    const res = await call("POST", route("connect", "asana"));
    expect([res.statusCode, res.json().error.code]).toEqual([502, "workflow_malformed_response"]);
    expect(res.body).not.toContain("Bad Gateway");
  });

  it("retries a 500 (safe to repeat) with backoff, then answers 502 workflow_failed", async () => {
    answer = () => json({ message: "internal stack trace here" }, 500);
    const res = await call("POST", route("connect", "asana"));
    expect([res.statusCode, res.json().error.code]).toEqual([502, "workflow_failed"]);
    expect(res.body).not.toContain("stack trace");
    expect(sent).toHaveLength(3);
    expect(sleeps).toEqual([250, 500]);
  });

  it("answers 504 workflow_timeout when the webhook never answers (5 s per attempt, fake clock)", async () => {
    answer = () => "hang";
    const res = await underFakeClock(() => call("POST", route("connect", "google_drive")));
    expect([res.statusCode, res.json().error.code]).toEqual([504, "workflow_timeout"]);
    expect(sent).toHaveLength(3);
  });

  it("refuses a connector without a connect flow (400) and an unknown one (404), calling nothing", async () => {
    const slack = await call("POST", route("connect", "slack"));
    expect([slack.statusCode, slack.json().error.code]).toEqual([400, "no_connect_flow"]);
    const unknown = await call("POST", route("connect", "myspace"));
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, "unknown_connector"]);
    expect(sent).toEqual([]);
  });
});

describe("POST /api/connectors/:type/disconnect", () => {
  it("calls the disconnect webhook and answers 202 without changing the row (the event will)", async () => {
    await t.db.query("INSERT INTO pulse.connectors (user_id, type, is_active) VALUES ($1, 'asana', true)", [
      ann.id,
    ]);
    const res = await call("POST", route("disconnect", "asana"));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: "requested" });
    expect(sent.map((s) => [s.url, s.body])).toEqual([
      [`${HOOK_BASE}/asana_disconnect`, JSON.stringify({ external_user_id: ann.id })],
    ]);
    expect((await rows())[0]!.is_active).toBe(true);
  });

  it("retries a 503 and answers 502 when it persists", async () => {
    answer = () => json({}, 503);
    const res = await call("POST", route("disconnect", "google_drive"));
    expect([res.statusCode, res.json().error.code]).toEqual([502, "workflow_failed"]);
    expect(sent).toHaveLength(3);
  });
});

describe("POST /api/connectors/:type/sync", () => {
  it("Asana: projects → ASANA_SYNC, data → ASANA_DATA_SYNC, with the environment and user headers", async () => {
    expect((await call("POST", route("sync", "asana"), { body: { kind: "projects" } })).json()).toEqual({
      status: "ok",
    });
    expect((await call("POST", route("sync", "asana"), { body: { kind: "data" } })).statusCode).toBe(200);
    expect(sent).toEqual([
      {
        url: `${HOOK_BASE}/asana_sync`,
        headers: {
          "content-type": "application/json",
          "x-pd-environment": "development",
          "x-pd-external-user-id": ann.id,
        },
        body: JSON.stringify({ external_user_id: ann.id }),
      },
      expect.objectContaining({ url: `${HOOK_BASE}/asana_data_sync` }),
    ]);
  });

  it("Google Meet: a POST with no body", async () => {
    const res = await call("POST", route("sync", "google_meet_gemini"));
    expect(res.statusCode).toBe(200);
    expect(sent).toEqual([
      {
        url: `${HOOK_BASE}/google_meet_sync`,
        headers: { "x-pd-environment": "development", "x-pd-external-user-id": ann.id },
        body: undefined,
      },
    ]);
  });

  it("a sync that gets 500 is not repeated: 502 after one call", async () => {
    answer = () => json({}, 500);
    const res = await call("POST", route("sync", "asana"), { body: {} });
    expect([res.statusCode, res.json().error.code]).toEqual([502, "workflow_failed"]);
    expect(sent).toHaveLength(1);
  });

  it("a sync that never answers: 504 after one call (fake clock)", async () => {
    answer = () => "hang";
    const res = await underFakeClock(() => call("POST", route("sync", "asana"), { body: { kind: "data" } }));
    expect([res.statusCode, res.json().error.code]).toEqual([504, "workflow_timeout"]);
    expect(sent).toHaveLength(1);
  });

  it("every other connector's sync is simulated in the browser: 400, nothing called", async () => {
    const res = await call("POST", route("sync", "slack"));
    expect([res.statusCode, res.json().error.code]).toEqual([400, "sync_simulated"]);
    const badKind = await call("POST", route("sync", "asana"), { body: { kind: "everything" } });
    expect(badKind.statusCode).toBe(400);
    expect(sent).toEqual([]);
  });
});

describe("the log of the webhook calls (issue #20)", () => {
  it("names the hook only: never the webhook's host or path, for a call or a failed one", async () => {
    answer = () => json({ connect_link_url: "https://app.asana.example/connect/abc" });
    expect((await call("POST", route("connect", "asana"))).statusCode).toBe(200);
    answer = () => json({}, 503);
    expect((await call("POST", route("disconnect", "google_drive"))).statusCode).toBe(502);
    expect((await call("POST", route("sync", "asana"), { body: { kind: "data" } })).statusCode).toBe(502);
    const lines = logged
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { msg: string; hook?: string })
      .filter((line) => line.msg.startsWith("workflow webhook"));
    expect(lines.map((l) => [l.msg, l.hook])).toEqual([
      ["workflow webhook", "ASANA_CONNECT"],
      ["workflow webhook failed", "GOOGLE_DRIVE_DISCONNECT"],
      ["workflow webhook failed", "GOOGLE_DRIVE_DISCONNECT"],
      ["workflow webhook failed", "GOOGLE_DRIVE_DISCONNECT"],
      ["workflow webhook failed", "ASANA_DATA_SYNC"],
    ]);
    for (const part of [
      "hooks.example.net",
      "/webhook",
      "asana_connect",
      "google_drive_disconnect",
      "data_sync",
    ]) {
      expect(logged).not.toContain(part);
    }
  });
});

/**
 * Lets the server run until `done()` holds: turns of the event loop, no clock. The database's I/O may take any
 * number of turns, so only the test's own timeout bounds the wait.
 */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

/** A workflow service that holds every answer until the test lets it go. */
function heldService() {
  const held: ((res: Response) => void)[] = [];
  answer = () => new Promise<Response>((resolve) => held.push(resolve));
  return {
    release: (res: () => Response) => held.splice(0).forEach((resolve) => resolve(res())),
  };
}

const joined = () => logged.split("connector call joined the same call in flight").length - 1;

describe("per-user limit of the webhook calls (issue #20)", () => {
  const { max } = CONNECTOR_WEBHOOK_RATE_LIMIT;

  it.each([
    ["connect", () => route("connect", "asana"), () => route("connect", "google_drive"), 200],
    ["disconnect", () => route("disconnect", "asana"), () => route("disconnect", "google_drive"), 202],
    ["sync", () => route("sync", "asana"), () => route("sync", "google_meet_gemini"), 200],
  ] as const)(
    `%s: ${CONNECTOR_WEBHOOK_RATE_LIMIT.max} a minute per user, then 429 with Retry-After and nothing sent; other users and actions go on`,
    async (_action, path, sameAction, ok) => {
      expect(max).toBe(10);
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now());
      answer = () => json({ connect_link_url: "https://app.asana.example/connect/abc" });
      for (let i = 0; i < max; i++) expect((await call("POST", path())).statusCode).toBe(ok);
      expect(sent).toHaveLength(max);

      const refused = await call("POST", path());
      expect(refused.statusCode).toBe(429);
      expect(refused.headers["retry-after"]).toBe("60");
      expect(refused.json()).toEqual({ error: { code: "rate_limited", message: TOO_MANY_CONNECTOR_CALLS } });
      // Per action, whichever connector: the same action on the other one is refused too.
      expect((await call("POST", sameAction())).statusCode).toBe(429);
      expect(sent).toHaveLength(max);

      expect((await call("POST", path(), { token: bo.token })).statusCode).toBe(ok);
      const other = path().endsWith("/sync") ? route("connect", "asana") : route("sync", "asana");
      expect((await call("POST", other)).statusCode).toBe(200);
      expect(sent).toHaveLength(max + 2);

      vi.setSystemTime(Date.now() + 60_000);
      expect((await call("POST", path())).statusCode).toBe(ok);
      expect(sent).toHaveLength(max + 3);
    },
  );

  it("a request refused before the call (unknown connector, no sync webhook, bad body) is not counted", async () => {
    for (let i = 0; i < max; i++) {
      expect((await call("POST", route("connect", "slack"))).statusCode).toBe(400);
      expect((await call("POST", route("sync", "myspace"))).statusCode).toBe(404);
      expect((await call("POST", route("sync", "asana"), { body: { kind: "all" } })).statusCode).toBe(400);
    }
    answer = () => json({ connect_link_url: "https://app.asana.example/connect/abc" });
    expect((await call("POST", route("sync", "asana"))).statusCode).toBe(200);
    expect((await call("POST", route("connect", "asana"))).statusCode).toBe(200);
  });
});

describe("a repeat while the same call is in flight (issue #20)", () => {
  const LINK = "https://app.asana.example/connect/abc";

  it("a double click on connect makes one outbound call; both clicks get its link, and only one is counted", async () => {
    const service = heldService();
    const first = call("POST", route("connect", "asana"));
    await until(() => sent.length === 1);
    const second = call("POST", route("connect", "asana"));
    await until(() => sent.length === 2 || joined() === 1);
    service.release(() => json({ connect_link_url: LINK }));
    const answers = await Promise.all([first, second]);
    expect(answers.map((r) => [r.statusCode, r.json()])).toEqual([
      [200, { connect_link_url: LINK }],
      [200, { connect_link_url: LINK }],
    ]);
    expect(sent).toHaveLength(1);
    const [hits] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pulse.rate_limit_hits WHERE bucket LIKE 'connectors:%'",
    );
    expect(hits!.n).toBe(1);

    // Once it has answered, the next click is a call of its own.
    answer = () => json({ connect_link_url: LINK });
    expect((await call("POST", route("connect", "asana"))).statusCode).toBe(200);
    expect(sent).toHaveLength(2);
  });

  it("the repeat shares a failure too: one call, the same 502 for both", async () => {
    const service = heldService();
    const first = call("POST", route("sync", "google_meet_gemini"));
    await until(() => sent.length === 1);
    const second = call("POST", route("sync", "google_meet_gemini"));
    await until(() => sent.length === 2 || joined() === 1);
    service.release(() => json({ message: "no" }, 500));
    const answers = await Promise.all([first, second]);
    for (const res of answers) {
      expect([res.statusCode, res.json().error.code]).toEqual([502, "workflow_failed"]);
    }
    expect(sent).toHaveLength(1);
  });

  it("another user, another connector or another kind of sync is a call of its own", async () => {
    const service = heldService();
    const requests = [
      call("POST", route("sync", "asana"), { body: { kind: "projects" } }),
      call("POST", route("sync", "asana"), { body: { kind: "data" } }),
      call("POST", route("sync", "asana"), { token: bo.token, body: { kind: "projects" } }),
      call("POST", route("disconnect", "asana")),
      call("POST", route("disconnect", "google_drive")),
    ];
    await until(() => sent.length === requests.length);
    service.release(() => json({ status: "ok" }));
    expect((await Promise.all(requests)).map((r) => r.statusCode)).toEqual([200, 200, 200, 202, 202]);
    expect(joined()).toBe(0);
  });
});

describe("GET /api/identities/asana", () => {
  it("answers no projects and no date without a row", async () => {
    expect((await call("GET", CONNECTORS_ROUTES.asanaProjects)).json()).toEqual({
      projects: [],
      updated_at: null,
    });
  });

  it.each([
    ["an array", JSON.stringify([{ gid: "1", name: "Launch" }, { gid: 2, name: "Web" }, { name: "no gid" }])],
    [
      "a JSON string",
      JSON.stringify(
        JSON.stringify([
          { gid: "1", name: "Launch" },
          { gid: 2, name: "Web" },
        ]),
      ),
    ],
  ])("normalises a list stored as %s to { gid, name }, the user's own", async (_name, stored) => {
    await t.db.query(
      'INSERT INTO pulse.user_identities (user_id, provider, provider_project_list) VALUES ($1, \'asana\', $2::jsonb), ($3, \'asana\', \'[{"gid":"9","name":"Bo"}]\')',
      [ann.id, stored, bo.id],
    );
    const res = await call("GET", CONNECTORS_ROUTES.asanaProjects);
    expect(res.json()).toEqual({
      projects: [
        { gid: "1", name: "Launch" },
        { gid: "2", name: "Web" },
      ],
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });
});

describe("Asana sync preferences", () => {
  const save = (body: unknown, token: string | null = ann.token) =>
    call("POST", CONNECTORS_ROUTES.saveAsanaPreferences, { token, body });
  const read = (token = ann.token) => call("GET", CONNECTORS_ROUTES.asanaPreferences, { token });

  it("reads sync_all true and no ids without a row", async () => {
    expect((await read()).json()).toEqual({ sync_all: true, selected_project_ids: [] });
  });

  it("saves for the token's user, upserting: a second save replaces the first", async () => {
    const first = await save({ user_id: ann.id, sync_all: false, selected_project_ids: ["1", "2", "2"] });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: "saved", sync_all: false, selected_project_ids: ["1", "2"] });
    expect((await read()).json()).toEqual({ sync_all: false, selected_project_ids: ["1", "2"] });
    // SPEC §7: the ids are empty when all are synced, whatever was sent.
    const second = await save({ user_id: ann.id, sync_all: true, selected_project_ids: ["3"] });
    expect(second.json()).toEqual({ status: "saved", sync_all: true, selected_project_ids: [] });
    expect((await read()).json()).toEqual({ sync_all: true, selected_project_ids: [] });
    expect((await read(bo.token)).json()).toEqual({ sync_all: true, selected_project_ids: [] });
    const stored = await t.db.query("SELECT user_id FROM pulse.project_sync_preferences");
    expect(stored).toEqual([{ user_id: ann.id }]);
  });

  it("answers 401 without a token and 403 outside the company domain", async () => {
    const body = { user_id: ann.id, sync_all: true, selected_project_ids: [] };
    const anonymous = await save(body, null);
    expect([anonymous.statusCode, anonymous.json().error.code]).toEqual([401, "unauthorized"]);
    const expired = await save(body, "not-a-token");
    expect(expired.statusCode).toBe(401);
    expect((await save(body, eve)).statusCode).toBe(403);
  });

  it("answers 403 user_mismatch for another user's id and stores nothing", async () => {
    const res = await save({ user_id: bo.id, sync_all: false, selected_project_ids: ["1"] });
    expect([res.statusCode, res.json().error.code]).toEqual([403, "user_mismatch"]);
    expect(await t.db.query("SELECT * FROM pulse.project_sync_preferences")).toEqual([]);
  });

  it.each([
    ["a body that is not JSON", "{user_id:"],
    ["a missing sync_all", { user_id: "x", selected_project_ids: [] }],
    ["ids that are not a list of strings", { user_id: "x", sync_all: false, selected_project_ids: [1, 2] }],
    ["an empty id", { user_id: "x", sync_all: false, selected_project_ids: [""] }],
  ])("answers 400 for %s", async (_name, body) => {
    const res = await save(typeof body === "string" ? body : { ...body, user_id: ann.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    expect(await t.db.query("SELECT * FROM pulse.project_sync_preferences")).toEqual([]);
  });
});
