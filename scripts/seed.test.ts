import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../src/testing/test-app";
import { seed } from "./seed";

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp();
  origin = await t.app.listen({ host: "127.0.0.1", port: 0 });
});
afterAll(async () => {
  await t.close();
});

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

const env = () => ({
  NODE_ENV: "test",
  DATA_DIR: t.config.dataDir,
  WORKFLOW_SECRET: t.config.workflow.secret,
});

describe("npm run seed", () => {
  it("posts signed sample discoveries through the running server, once", async () => {
    const first = io();
    expect(await seed(["--url", origin], env(), first.io)).toBe(0);
    expect(first.out[0]).toMatch(/12 sample discoveries .* 12 were new/);
    const apps = await t.db.query<{ source_app: string }>(
      "SELECT DISTINCT source_app FROM pulse.project_aliases ORDER BY 1",
    );
    expect(apps.map((a) => a.source_app)).toEqual([
      "asana",
      "gmail",
      "google_meet_gemini",
      "jira",
      "salesforce",
      "slack",
      "zoom",
    ]);
    const again = io();
    expect(await seed(["--url", origin], env(), again.io)).toBe(0);
    expect(again.out[0]).toMatch(/0 were new/);
  });

  it("says so when the secret is not the server's", async () => {
    const wrong = io();
    const code = await seed(
      ["--url", origin],
      { ...env(), WORKFLOW_SECRET: "whsec_" + Buffer.from("y".repeat(32)).toString("base64") },
      wrong.io,
    );
    expect(code).toBe(1);
    expect(wrong.err[0]).toMatch(/refused the event \(401\)/);
  });
});
