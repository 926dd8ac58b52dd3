import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CONNECTOR_TYPES, CONNECTORS_ROUTES, connectorPath } from "@shared/connectors";
import { signInThroughDevProvider } from "../../testing/auth-test-driver";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { WORKFLOW_HOOKS } from "../config";

const HOOK_BASE = "https://hooks.example.net/webhook";
const env: Record<string, string> = {};
for (const hook of WORKFLOW_HOOKS) env[`WORKFLOW_${hook}_URL`] = `${HOOK_BASE}/${hook.toLowerCase()}`;

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** The workflow service: each call gets `answer()`'s Response, or hangs until aborted. */
let answer: () => Response | "hang";
let sent: Sent[];
let sleeps: number[];

let t: TestApp;
let ann: { token: string; id: string };
let bo: { token: string; id: string };
let eve: string;
beforeAll(async () => {
  t = await createTestApp({
    env,
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
  await t.db.exec(
    "DELETE FROM pulse.connectors; DELETE FROM pulse.user_identities; DELETE FROM pulse.project_sync_preferences;",
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
  it("lists every connector type, off without a row, on from the user's own rows only", async () => {
    await t.db.query(
      "INSERT INTO pulse.connectors (user_id, type, is_active) VALUES ($1, 'slack', true), ($2, 'jira', true)",
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
          "x-pulse-environment": "test",
          "x-external-user-id": ann.id,
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
        headers: { "x-pulse-environment": "test", "x-external-user-id": ann.id },
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
