import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONNECTORS_ROUTES, connectorPath } from "@shared/connectors";
import { signInThroughDevProvider } from "../../../testing/auth-test-driver";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { SIMULATOR_TOKEN_HEADER } from "./simulator";

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

const DISCONNECT_HOOK = "/dev/workflows/hooks/asana-disconnect";

async function connectorRows(): Promise<number> {
  const [row] = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM pulse.connectors");
  return row!.n;
}

describe("the simulator's hooks take JSON from Pulse's own client only (issue 20 item 14)", () => {
  it("refuse a cross-site form post naming a user: no token, no change", async () => {
    await t.db.exec("DELETE FROM pulse.connectors");
    for (const headers of [
      { "content-type": "application/x-www-form-urlencoded" },
      { "content-type": "text/plain" },
      { "content-type": "application/json" },
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: DISCONNECT_HOOK,
        headers,
        payload:
          headers["content-type"] === "application/json"
            ? JSON.stringify({ external_user_id: userId })
            : `external_user_id=${userId}`,
      });
      expect(res.statusCode, headers["content-type"]).toBe(403);
      expect(res.json().error.code).toBe("simulator_token");
    }
    await t.app.workflowSimulator?.settled();
    expect(await connectorRows()).toBe(0);
  });

  it("refuse a wrong token, and a body that is not JSON even with the right one", async () => {
    const wrong = await t.app.inject({
      method: "POST",
      url: DISCONNECT_HOOK,
      headers: { "content-type": "application/json", [SIMULATOR_TOKEN_HEADER]: "x".repeat(43) },
      payload: JSON.stringify({ external_user_id: userId }),
    });
    expect(wrong.statusCode).toBe(403);
    const hookHeaders = t.app.workflowSimulator!.hookHeaders;
    const form = await t.app.inject({
      method: "POST",
      url: DISCONNECT_HOOK,
      headers: { "content-type": "application/x-www-form-urlencoded", ...hookHeaders },
      payload: `external_user_id=${userId}`,
    });
    expect(form.statusCode).toBe(415);
    const json = await t.app.inject({
      method: "POST",
      url: DISCONNECT_HOOK,
      headers: { "content-type": "application/json", ...hookHeaders },
      payload: JSON.stringify({ external_user_id: userId }),
    });
    expect(json.statusCode).toBe(200);
  });

  it("refuse a form post to the hook under any spelling of its path the router matches (issue 37 item 6)", async () => {
    await t.app.workflowSimulator?.settled();
    await t.db.exec("DELETE FROM pulse.connectors");
    for (const url of [
      "/dev/workflows/%68ooks/asana-disconnect",
      "/dev/workflows/hook%73/asana-disconnect",
      "/dev/%77orkflows/hooks/asana-disconnect",
      "/dev/workflows/hooks/asana-%64isconnect",
      "/dev/workflows/hooks/asana-disconnect?x=1",
    ]) {
      for (const [type, payload] of [
        ["application/x-www-form-urlencoded", `external_user_id=${userId}`],
        ["application/json", JSON.stringify({ external_user_id: userId })],
      ] as const) {
        const res = await t.app.inject({ method: "POST", url, headers: { "content-type": type }, payload });
        expect(res.statusCode, `${url} ${type}`).toBe(403);
        expect(res.json().error.code).toBe("simulator_token");
      }
    }
    await t.app.workflowSimulator?.settled();
    expect(await connectorRows()).toBe(0);
  });

  it("still answer Pulse's own client: switching Asana on gets a connect link", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: connectorPath(CONNECTORS_ROUTES.connect, "asana"),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().connect_link_url).toMatch(/\/dev\/workflows\/connect\//);
  });
});

describe("the connect page's form takes answers from its own page only (issue 37 item 6)", () => {
  const connectLink = async () => {
    const res = await t.app.inject({
      method: "POST",
      url: connectorPath(CONNECTORS_ROUTES.connect, "asana"),
      headers: { authorization: `Bearer ${token}` },
    });
    return new URL(res.json().connect_link_url).pathname;
  };
  const tokenOf = (html: string) => /name="form_token" value="([^"]+)"/.exec(html)?.[1];
  const answer = (path: string, fields: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      payload: new URLSearchParams(fields).toString(),
    });
  const asanaActive = async () =>
    (
      await t.db.query<{ is_active: boolean }>(
        "SELECT is_active FROM pulse.connectors WHERE user_id = $1 AND type = 'asana'",
        [userId],
      )
    )[0]?.is_active ?? false;

  it("refuses a cross-site post without the page's token, or with another page's, and keeps the link usable", async () => {
    await t.app.workflowSimulator?.settled();
    await t.db.exec("DELETE FROM pulse.connectors");
    const link = await connectLink();
    const other = await connectLink();
    const page = await t.app.inject({ method: "GET", url: link });
    const pageToken = tokenOf(page.body);
    expect(pageToken).toBeDefined();
    const otherToken = tokenOf((await t.app.inject({ method: "GET", url: other })).body)!;

    for (const fields of [
      { decision: "authorize" } as Record<string, string>,
      { decision: "authorize", form_token: "" },
      { decision: "authorize", form_token: otherToken },
      { decision: "authorize", form_token: `${pageToken}x` },
    ]) {
      const res = await answer(link, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(403);
      expect(res.body).toContain("This answer did not come from this connect page");
    }
    await t.app.workflowSimulator?.settled();
    expect(await asanaActive()).toBe(false);

    const res = await answer(link, { decision: "authorize", form_token: pageToken! });
    expect(res.statusCode).toBe(200);
    expect(await asanaActive()).toBe(true);
  });
});
