import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CONNECTORS_ROUTES, connectorPath, type ConnectorType } from "@shared/connectors";
import type { CandidatesPage } from "@shared/streams";
import { signInThroughDevProvider } from "../../../testing/auth-test-driver";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { WORKFLOW_HOOKS } from "../../config";
import { SAMPLE_ASANA_PROJECTS } from "./simulator";

let t: TestApp;
let token: string;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  const session = await signInThroughDevProvider(t.app, "ann@acme.com");
  token = session.access_token;
  userId = session.user.id;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.exec("DELETE FROM pulse.connectors; DELETE FROM pulse.user_identities;");
});

const api = (method: "GET" | "POST", url: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

const path = (route: string, type: ConnectorType) => connectorPath(route, type);

async function isActive(type: ConnectorType): Promise<boolean | undefined> {
  const res = await api("GET", CONNECTORS_ROUTES.list);
  return res.json().connectors.find((c: { type: string }) => c.type === type)?.is_active;
}

async function connectLink(type: ConnectorType): Promise<URL> {
  const res = await api("POST", path(CONNECTORS_ROUTES.connect, type));
  expect(res.statusCode).toBe(200);
  const link = new URL(res.json().connect_link_url);
  expect(link.origin).toBe(t.config.publicUrl);
  expect(link.pathname).toMatch(/^\/dev\/workflows\/connect\/[\w-]{32}$/);
  return link;
}

/** Answers the link's page as a browser does: its form, with the form's own anti-forgery token. */
async function decide(link: URL, decision: string) {
  const page = await t.app.inject({ method: "GET", url: link.pathname });
  const formToken = /name="form_token" value="([^"]+)"/.exec(page.body)?.[1] ?? "";
  return t.app.inject({
    method: "POST",
    url: link.pathname,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ form_token: formToken, decision }).toString(),
  });
}

describe("the development workflow simulator", () => {
  it("connect → the link's page → Authorize → a signed connector.updated → the switch is on", async () => {
    const link = await connectLink("asana");
    const page = await t.app.inject({ method: "GET", url: link.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("<h1>Connect Asana to Pulse</h1>");
    expect(page.body).toMatch(/<button[^>]*value="authorize">Authorize<\/button>/);
    expect(page.body).toMatch(/<button[^>]*value="deny">Deny<\/button>/);
    expect(page.headers["content-security-policy"]).toMatch(
      /default-src 'none'.*script-src 'sha256-[\w+/=]+'.*form-action 'self'.*frame-ancestors 'none'/,
    );
    expect(page.headers["cross-origin-opener-policy"]).toBe("unsafe-none");
    expect(page.headers["x-frame-options"]).toBe("DENY");
    expect(await isActive("asana")).toBe(false);

    const done = await decide(link, "authorize");
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("Asana is connected to Pulse. You can close this window.");
    expect(done.body).toContain("<script>window.close();</script>");
    expect(await isActive("asana")).toBe(true);
    const events = await t.db.query<{ event_type: string }>(
      "SELECT event_type FROM pulse.workflow_event_ids WHERE webhook_id LIKE 'msg_sim_%'",
    );
    expect(events.map((e) => e.event_type)).toContain("connector.updated");
  });

  it("Google Drive's link comes nested in a body string; Deny leaves it off, and the link is used up", async () => {
    const link = await connectLink("google_drive");
    const denied = await decide(link, "deny");
    expect(denied.statusCode).toBe(200);
    expect(denied.body).toContain("Access was denied; Google Drive stays disconnected.");
    const rows = await t.db.query("SELECT type, is_active FROM pulse.connectors WHERE user_id = $1", [
      userId,
    ]);
    expect(rows).toEqual([{ type: "google_drive", is_active: false }]);
    const again = await decide(link, "authorize");
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain("Link expired");
    expect(await isActive("google_drive")).toBe(false);
  });

  it("a page for an unknown link, and an answer that is neither button, change nothing", async () => {
    expect((await t.app.inject({ method: "GET", url: "/dev/workflows/connect/nope" })).statusCode).toBe(404);
    const link = await connectLink("asana");
    expect((await decide(link, "maybe")).statusCode).toBe(400);
    expect(await isActive("asana")).toBe(false);
  });

  it("disconnect answers 202, then reports the connector inactive", async () => {
    await decide(await connectLink("asana"), "authorize");
    const res = await api("POST", path(CONNECTORS_ROUTES.disconnect, "asana"));
    expect(res.statusCode).toBe(202);
    await t.app.workflowSimulator!.settled();
    expect(await isActive("asana")).toBe(false);
  });

  it("the Asana sync reports the project list and discovered Streams; the data sync more Streams", async () => {
    expect((await api("POST", path(CONNECTORS_ROUTES.sync, "asana"), { kind: "projects" })).statusCode).toBe(
      200,
    );
    await t.app.workflowSimulator!.settled();
    const projects = await api("GET", CONNECTORS_ROUTES.asanaProjects);
    expect(projects.json().projects).toEqual(SAMPLE_ASANA_PROJECTS.map((p) => ({ ...p })));
    const aliases = await t.db.query<{ external_id: string }>(
      "SELECT external_id FROM pulse.project_aliases WHERE source_app = 'asana' ORDER BY external_id",
    );
    expect(aliases.map((a) => a.external_id)).toEqual(SAMPLE_ASANA_PROJECTS.map((p) => p.gid));

    expect((await api("POST", path(CONNECTORS_ROUTES.sync, "asana"), { kind: "data" })).statusCode).toBe(200);
    await t.app.workflowSimulator!.settled();
    const after = await t.db.query("SELECT 1 FROM pulse.project_aliases WHERE source_app = 'asana'");
    expect(after).toHaveLength(SAMPLE_ASANA_PROJECTS.length + 2);
  });

  it("the Google Meet sync (no body) reports meetings as Streams", async () => {
    expect((await api("POST", path(CONNECTORS_ROUTES.sync, "google_meet_gemini"))).statusCode).toBe(200);
    await t.app.workflowSimulator!.settled();
    const meetings = await t.db.query(
      "SELECT raw_name FROM pulse.project_aliases WHERE source_app = 'google_meet_gemini' ORDER BY raw_name",
    );
    expect(meetings).toEqual([
      { raw_name: "Notes: Mobile app beta standup" },
      { raw_name: "Q3 budget review – weekly sync" },
      { raw_name: "Website Relaunch kickoff" },
    ]);
  });

  it("reports every sync's Streams for the user who asked: a colleague who connected nothing sees none", async () => {
    await api("POST", path(CONNECTORS_ROUTES.sync, "asana"), { kind: "projects" });
    await api("POST", path(CONNECTORS_ROUTES.sync, "asana"), { kind: "data" });
    await api("POST", path(CONNECTORS_ROUTES.sync, "google_meet_gemini"));
    await t.app.workflowSimulator!.settled();
    const bob = await signInThroughDevProvider(t.app, "bob@acme.com");
    const candidates = async (access: string) => {
      const res = await t.app.inject({
        url: "/api/streams/candidates",
        headers: { authorization: `Bearer ${access}` },
      });
      expect(res.statusCode).toBe(200);
      return res.json<CandidatesPage>();
    };
    // Issue 38: the meetings and tasks join their Asana project's Stream; Q3 and Q4 budget review stay apart.
    const mine = (await candidates(token)).candidates;
    expect(mine).toHaveLength(SAMPLE_ASANA_PROJECTS.length);
    expect(mine.map((c) => c.alias_count).sort()).toEqual([1, 1, 2, 3, 3]);
    expect(mine.every((c) => c.source_apps.includes("asana"))).toBe(true);
    expect(await candidates(bob.access_token)).toEqual({ candidates: [], next_after: null });
  });

  it("a webhook call without a user id is refused", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/dev/workflows/hooks/asana-connect",
      headers: { "content-type": "application/json", ...t.app.workflowSimulator!.hookHeaders },
      payload: JSON.stringify({ external_user_id: "someone" }),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("with the workflow webhooks configured", () => {
  it("the simulator is not mounted", async () => {
    const env: Record<string, string> = {};
    for (const hook of WORKFLOW_HOOKS) env[`WORKFLOW_${hook}_URL`] = `https://hooks.example.net/${hook}`;
    const configured = await createTestApp({ env });
    try {
      expect(configured.app.workflowSimulator).toBeUndefined();
      const res = await configured.app.inject({
        method: "POST",
        url: "/dev/workflows/hooks/asana-connect",
        headers: { "content-type": "application/json" },
        payload: "{}",
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await configured.close();
    }
  });
});
