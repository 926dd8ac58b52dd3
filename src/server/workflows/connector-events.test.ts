import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { WORKFLOW_EVENTS_ROUTE } from "./routes";
import { signEvent } from "./signature";

let t: TestApp;
let ann: string;
let bo: string;
beforeAll(async () => {
  t = await createTestApp();
  ann = await makeUser("ann@acme.com");
  bo = await makeUser("bo@acme.com");
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.exec(
    "DELETE FROM pulse.connectors; DELETE FROM pulse.user_identities; DELETE FROM pulse.workflow_event_ids;",
  );
});

async function makeUser(email: string): Promise<string> {
  const [user] = await t.db.query<{ id: string }>("INSERT INTO auth.users (email) VALUES ($1) RETURNING id", [
    email,
  ]);
  await t.db.query("INSERT INTO pulse.user_profiles (user_id, email) VALUES ($1, $2)", [user!.id, email]);
  return user!.id;
}

async function send(event: unknown, id?: string) {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: "POST",
    url: WORKFLOW_EVENTS_ROUTE,
    headers: { "content-type": "application/json", ...signEvent(t.config.workflow.secret, payload, { id }) },
    payload,
  });
}

const connectorRows = () =>
  t.db.query<{ user_id: string; type: string; is_active: boolean }>(
    "SELECT user_id, type, is_active FROM pulse.connectors ORDER BY user_id, type",
  );
const identityRows = () =>
  t.db.query<{ user_id: string; provider: string; provider_project_list: unknown }>(
    "SELECT user_id, provider, provider_project_list FROM pulse.user_identities ORDER BY user_id",
  );

const updated = (user: string, connector: string, is_active: boolean) => ({
  type: "connector.updated",
  external_user_id: user,
  connector,
  is_active,
});

describe("connector.updated", () => {
  it("creates the user's row, then flips it, touching no other user's", async () => {
    await t.db.query("INSERT INTO pulse.connectors (user_id, type, is_active) VALUES ($1, 'asana', true)", [
      bo,
    ]);
    const res = await send(updated(ann, "asana", true));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "processed", connector: "asana", is_active: true });
    expect((await send(updated(ann, "asana", false))).statusCode).toBe(200);
    expect(await connectorRows()).toEqual(
      [
        { user_id: ann, type: "asana", is_active: false },
        { user_id: bo, type: "asana", is_active: true },
      ].sort((a, b) => a.user_id.localeCompare(b.user_id)),
    );
  });

  it("a repeated webhook-id changes nothing", async () => {
    await send(updated(ann, "google_drive", true), "msg_drive_on");
    const again = await send(updated(ann, "google_drive", false), "msg_drive_on");
    expect(again.json()).toEqual({ status: "duplicate" });
    expect(await connectorRows()).toEqual([{ user_id: ann, type: "google_drive", is_active: true }]);
  });

  it("an unknown user gets 422 unknown_user; nothing is stored, the webhook-id neither", async () => {
    const stranger = randomUUID();
    const res = await send(updated(stranger, "asana", true), "msg_stranger");
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: { code: "unknown_user", message: expect.any(String) } });
    expect(await connectorRows()).toEqual([]);
    expect(await t.db.query("SELECT * FROM pulse.workflow_event_ids")).toEqual([]);
  });

  it("an unknown connector type is refused with 400", async () => {
    const res = await send(updated(ann, "myspace", true));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("validation_failed");
    expect(await connectorRows()).toEqual([]);
  });
});

describe("identity.projects", () => {
  const projects = (user: string, list: unknown[]) => ({
    type: "identity.projects",
    external_user_id: user,
    provider: "asana",
    projects: list,
  });

  it("stores the list as { gid, name } and replaces it on the next event", async () => {
    const first = await send(
      projects(ann, [
        { gid: "1201", name: "Launch" },
        { gid: 1202, name: "Website" },
      ]),
    );
    expect(first.json()).toEqual({ status: "processed", provider: "asana", projects: 2 });
    expect(await identityRows()).toEqual([
      {
        user_id: ann,
        provider: "asana",
        provider_project_list: [
          { gid: "1201", name: "Launch" },
          { gid: "1202", name: "Website" },
        ],
      },
    ]);
    await send(projects(ann, [{ gid: "1300", name: "Only one" }]));
    expect((await identityRows())[0]!.provider_project_list).toEqual([{ gid: "1300", name: "Only one" }]);
  });

  it("an unknown user gets 422 and nothing is stored", async () => {
    const res = await send(projects(randomUUID(), [{ gid: "1", name: "x" }]));
    expect(res.statusCode).toBe(422);
    expect(await identityRows()).toEqual([]);
  });

  it("a project without a gid is refused whole", async () => {
    const res = await send(projects(ann, [{ gid: "1", name: "ok" }, { name: "no gid" }]));
    expect(res.statusCode).toBe(400);
    expect(await identityRows()).toEqual([]);
  });
});
