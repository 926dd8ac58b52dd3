import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CandidatesPage } from "@shared/streams";
import { createDirectSession } from "../src/testing/direct-session";
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
    expect(first.out[0]).toMatch(/24 sample discoveries .* 24 were new/);
    const apps = await t.db.query<{ source_app: string }>(
      "SELECT DISTINCT source_app FROM pulse.project_aliases ORDER BY 1",
    );
    expect(apps.map((a) => a.source_app)).toEqual([
      "asana",
      "gmail",
      "google_docs",
      "google_meet_gemini",
      "google_sheets",
      "jira",
      "notion",
      "salesforce",
      "slack",
      "zoom",
    ]);
    const again = io();
    expect(await seed(["--url", origin], env(), again.io)).toBe(0);
    expect(again.out[0]).toMatch(/0 were new/);
  });

  it("shows one candidate per project, named plainly, and keeps confusable siblings apart (issue 38)", async () => {
    const token = (await createDirectSession(t.db, t.config, "seed-reader@acme.com")).access_token;
    const res = await t.app.inject({
      url: "/api/streams/candidates",
      headers: { authorization: `Bearer ${token}` },
    });
    const list = res.json<CandidatesPage>().candidates;
    // Nine projects' Streams, and the generic meeting, the 1:1 and the empty name each on their own.
    expect(list).toHaveLength(10);
    const counts = Object.fromEntries(list.map((c) => [c.raw_name, c.alias_count] as const));
    const count = (name: RegExp) =>
      Object.entries(counts)
        .filter(([n]) => name.test(n))
        .map(([, c]) => c);
    expect(count(/^website relaunch/i)).toEqual([9]);
    expect(count(/^q3 budget/i)).toEqual([2]);
    expect(count(/^q4 budget/i)).toEqual([2]);
    expect(count(/^customer onboarding/i)).toEqual([3]);
    expect(count(/^employee onboarding/i)).toEqual([1]);
    expect(count(/^mobile app beta/i)).toEqual([3]);
    expect(Object.keys(counts).some((n) => /^(re|fwd):|#|\.xlsx$/i.test(n))).toBe(false);
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
