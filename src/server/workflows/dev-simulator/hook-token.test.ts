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
