import { randomUUID } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CandidatesPage } from "@shared/streams";
import { signInThroughDevProvider } from "../../testing/auth-test-driver";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { MAX_DISCOVERY_BATCH } from "./streams-discovered";
import { postSignedEvent, type SignedEventOptions } from "../../testing/signed-event";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.exec("DELETE FROM pulse.project_aliases; DELETE FROM pulse.workflow_event_ids;");
});

/** Posts `body` (an object, or a raw string sent as is) signed the Standard Webhooks way. */
const send = (body: unknown, options?: SignedEventOptions) => postSignedEvent(t.app, body, options);

// Named as a project, not "Project n": since issue 38 candidates show the plain name, and "Project" is a decoration.
const item = (n: number, overrides: Record<string, unknown> = {}) => ({
  raw_name: `Launch plan ${n}`,
  source_app: "jira",
  external_id: `JIRA-${n}`,
  seen_at: "2026-01-05T10:00:00Z",
  ...overrides,
});

const discovered = (...items: unknown[]) => ({ type: "streams.discovered", items });

async function aliases() {
  return t.db.query<{ raw_name: string; source_app: string; external_id: string; discovered_at: Date }>(
    "SELECT raw_name, source_app, external_id, discovered_at FROM pulse.project_aliases ORDER BY source_app, external_id",
  );
}

async function storedNothing() {
  expect(await aliases()).toEqual([]);
  expect(await t.db.query("SELECT * FROM pulse.project_alias_viewers")).toEqual([]);
  expect(await t.db.query("SELECT * FROM pulse.workflow_event_ids")).toEqual([]);
}

describe("POST /api/workflows/events: streams.discovered", () => {
  it("stores each item as an unlinked alias that the candidates view groups by name", async () => {
    const res = await send(
      discovered(
        item(1, { raw_name: "Website relaunch" }),
        item(2, { raw_name: "Website relaunch", source_app: "slack", external_id: "C1" }),
        item(3, { raw_name: "" }),
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "processed", received: 3, inserted: 3 });
    const rows = await aliases();
    expect(rows).toHaveLength(3);
    expect(new Date(rows[0]!.discovered_at).toISOString()).toBe("2026-01-05T10:00:00.000Z");
    const view = await t.db.query<{ raw_name: string; alias_count: number; source_apps: string[] }>(
      "SELECT raw_name, alias_count, source_apps FROM pulse.v_project_candidates_grouped ORDER BY raw_name",
    );
    expect(view).toEqual([
      { raw_name: "", alias_count: 1, source_apps: ["jira"] },
      { raw_name: "Website relaunch", alias_count: 2, source_apps: ["jira", "slack"] },
    ]);
  });

  it("answers a repeated webhook-id with 200 and changes nothing", async () => {
    const id = "msg_replayed";
    expect((await send(discovered(item(1)), { id })).json().status).toBe("processed");
    const again = await send(discovered(item(2)), { id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: "duplicate" });
    expect((await aliases()).map((a) => a.external_id)).toEqual(["JIRA-1"]);
  });

  it("handles the same webhook-id delivered several times at once exactly once", async () => {
    const id = "msg_concurrent";
    const body = discovered(item(1), item(2));
    const results = await Promise.all(Array.from({ length: 4 }, () => send(body, { id })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(results.map((r) => r.json().status).sort()).toEqual([
      "duplicate",
      "duplicate",
      "duplicate",
      "processed",
    ]);
    expect(await aliases()).toHaveLength(2);
  });

  it("keeps one alias per (source_app, external_id), across events and inside one batch", async () => {
    await send(discovered(item(1)));
    const res = await send(
      discovered(
        item(1, { raw_name: "Renamed" }),
        item(1, { source_app: "slack" }),
        item(1, { source_app: "slack" }),
      ),
    );
    expect(res.json()).toEqual({ status: "processed", received: 3, inserted: 1 });
    expect((await aliases()).map((a) => [a.source_app, a.external_id, a.raw_name])).toEqual([
      ["jira", "JIRA-1", "Launch plan 1"],
      ["slack", "JIRA-1", "Launch plan 1"],
    ]);
  });

  it(`takes a batch of ${MAX_DISCOVERY_BATCH} items whole`, async () => {
    const items = Array.from({ length: MAX_DISCOVERY_BATCH }, (_, n) => item(n, { raw_name: `P${n % 10}` }));
    const res = await send(discovered(...items));
    expect(res.json()).toEqual({
      status: "processed",
      received: MAX_DISCOVERY_BATCH,
      inserted: MAX_DISCOVERY_BATCH,
    });
  });
});

describe("POST /api/workflows/events: who sees a streams.discovered item", () => {
  const users: Record<"ann" | "bob" | "cy", { id: string; token: string }> = {} as never;
  beforeAll(async () => {
    for (const name of ["ann", "bob", "cy"] as const) {
      const session = await signInThroughDevProvider(t.app, `${name}@acme.com`);
      users[name] = { id: session.user.id, token: session.access_token };
    }
  });

  const reportedFor = (user: keyof typeof users | null, ...items: unknown[]) =>
    send({ ...discovered(...items), ...(user === null ? {} : { external_user_id: users[user].id }) });

  async function seenBy(user: keyof typeof users) {
    const res = await t.app.inject({
      url: "/api/streams/candidates",
      headers: { authorization: `Bearer ${users[user].token}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json<CandidatesPage>().candidates.map((c) => [c.raw_name, c.alias_count]);
  }

  it("is seen by the user named in external_user_id only", async () => {
    const res = await reportedFor("bob", item(1));
    expect(res.json()).toEqual({ status: "processed", received: 1, inserted: 1 });
    expect(await seenBy("bob")).toEqual([["Launch plan 1", 1]]);
    expect(await seenBy("ann")).toEqual([]);
    expect(await seenBy("cy")).toEqual([]);
  });

  it("is seen by a second user when the same item is reported again for them, and by no one else", async () => {
    await reportedFor("bob", item(1));
    const again = await reportedFor("ann", item(1, { raw_name: "Renamed" }));
    expect(again.json()).toEqual({ status: "processed", received: 1, inserted: 0 });
    expect(await seenBy("ann")).toEqual([["Launch plan 1", 1]]);
    expect(await seenBy("bob")).toEqual([["Launch plan 1", 1]]);
    expect(await seenBy("cy")).toEqual([]);
    // Reported again for the same user, or with a repeated webhook-id, it changes nothing.
    await reportedFor("ann", item(1));
    expect(await t.db.query("SELECT user_id FROM pulse.project_alias_viewers")).toHaveLength(2);
  });

  it("a repeated webhook-id does not add its user either", async () => {
    const id = "msg_replayed_for_another";
    await send({ ...discovered(item(1)), external_user_id: users.bob.id }, { id });
    const replay = await send({ ...discovered(item(1)), external_user_id: users.ann.id }, { id });
    expect(replay.json()).toEqual({ status: "duplicate" });
    expect(await seenBy("ann")).toEqual([]);
  });

  it("is seen by every company user once reported without a user, before or after a user's report", async () => {
    await reportedFor(null, item(1));
    await reportedFor("bob", item(1), item(2));
    await reportedFor(null, item(2));
    for (const user of ["ann", "bob", "cy"] as const) {
      expect(await seenBy(user)).toEqual([
        ["Launch plan 1", 1],
        ["Launch plan 2", 1],
      ]);
    }
  });

  it("refuses an event for a user Pulse does not know (422), or an id that is not a user id (400)", async () => {
    const unknown = await send({ ...discovered(item(1)), external_user_id: randomUUID() });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.code).toBe("unknown_user");
    const malformed = await send({ ...discovered(item(1)), external_user_id: "bob" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe("validation_failed");
    await storedNothing();
  });
});

describe("POST /api/workflows/events refuses, storing nothing", () => {
  const cases: [string, () => ReturnType<typeof send>, number, string][] = [
    [
      "a signature made with another secret",
      () => send(discovered(item(1)), { secret: "whsec_" + Buffer.from("x".repeat(32)).toString("base64") }),
      401,
      "signature_invalid",
    ],
    [
      "a body changed after signing",
      async () => {
        const good = JSON.stringify(discovered(item(1)));
        const id = "msg_tampered";
        const at = new Date();
        const signature = new Webhook(t.config.workflow.secret).sign(id, at, good);
        return send(JSON.stringify(discovered(item(2))), {
          id,
          at,
          headers: { "webhook-signature": signature },
        });
      },
      401,
      "signature_invalid",
    ],
    [
      "a missing signature header",
      () => send(discovered(item(1)), { headers: { "webhook-signature": "" } }),
      401,
      "signature_missing",
    ],
    [
      "a timestamp over 5 minutes old",
      () => send(discovered(item(1)), { at: new Date(Date.now() - 6 * 60_000) }),
      401,
      "timestamp_stale",
    ],
    [
      "a timestamp over 5 minutes ahead",
      () => send(discovered(item(1)), { at: new Date(Date.now() + 6 * 60_000) }),
      401,
      "timestamp_in_future",
    ],
    ["a body that is not JSON", () => send("{not json"), 400, "invalid_json"],
    [
      "a body nested deeper than any event (issue 37 item 2)",
      () => send(`{"type":"streams.discovered","items":${"[".repeat(65)}${"]".repeat(65)}}`),
      400,
      "json_too_deep",
    ],
    ["an event without a type", () => send({ items: [item(1)] }), 400, "validation_failed"],
    [
      "an unknown event type",
      () => send({ type: "streams.forgotten", items: [item(1)] }),
      400,
      "unknown_event_type",
    ],
    [
      "a connector.updated whose external_user_id is not a user id",
      () => send({ type: "connector.updated", external_user_id: "u", connector: "asana", is_active: true }),
      400,
      "validation_failed",
    ],
    [
      "a connector.updated for a user Pulse does not know",
      () =>
        send({
          type: "connector.updated",
          external_user_id: randomUUID(),
          connector: "asana",
          is_active: true,
        }),
      422,
      "unknown_user",
    ],
    ["an empty batch", () => send(discovered()), 400, "validation_failed"],
    [
      "a malformed item among good ones",
      () => send(discovered(item(1), item(2, { seen_at: "yesterday" }), item(3))),
      400,
      "validation_failed",
    ],
    [
      "an item without an external id",
      () => send(discovered(item(1), { raw_name: "x", source_app: "jira", seen_at: "2026-01-05T10:00:00Z" })),
      400,
      "validation_failed",
    ],
    [
      "a batch over the limit",
      () => send(discovered(...Array.from({ length: MAX_DISCOVERY_BATCH + 1 }, (_, n) => item(n)))),
      413,
      "batch_too_large",
    ],
  ];
  it.each(cases)("%s", async (_name, request, status, code) => {
    const res = await request();
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error: { code, message: expect.any(String) } });
    await storedNothing();
  });

  it("needs no user session: an unsigned request is refused for its signature, not for a sign-in", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/workflows/events",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(discovered(item(1))),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("signature_missing");
    await storedNothing();
  });

  it("refuses a content type it has no parser for (415)", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/workflows/events",
      headers: { "content-type": "application/xml" },
      payload: "<event/>",
    });
    expect(res.statusCode).toBe(415);
    await storedNothing();
  });

  it("a refused event's webhook-id is not remembered: the corrected event with the same id is handled", async () => {
    const id = "msg_retry";
    expect((await send(discovered(item(1, { seen_at: "bad" })), { id })).statusCode).toBe(400);
    expect((await send(discovered(item(1)), { id })).json().status).toBe("processed");
  });
});
