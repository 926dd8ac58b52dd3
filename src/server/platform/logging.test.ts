import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walkDevProvider } from "../../testing/auth-test-driver";
import { createTestApp, type TestApp } from "../../testing/test-app";

const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);
let logged = "";
let t: TestApp;

beforeAll(async () => {
  process.on("warning", onWarning);
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  });
  t = await createTestApp({ logger: { level: "info", stream } });
});
afterAll(async () => {
  process.off("warning", onWarning);
  await t.close();
});

describe("the request log", () => {
  it("never records the sign-in callback's code and state", async () => {
    const { browser, callbackUrl } = await walkDevProvider(t.app, "ada@acme.com");
    const query = new URL(callbackUrl).searchParams;
    const code = query.get("code")!;
    const state = query.get("state")!;
    expect(code.length).toBeGreaterThan(10);
    const res = await browser.request("GET", callbackUrl);
    expect(res.statusCode).toBe(303);
    expect(logged).toContain('"url":"/api/auth/google/callback"');
    expect(logged).not.toContain(code);
    expect(logged).not.toContain(state);
  });

  it("logs paths without query strings on every route", async () => {
    await t.app.inject({ url: "/api/auth/user?token=hunter2-secret" });
    await t.app.inject({ url: "/healthz?probe=hunter3-secret" });
    expect(logged).toContain('"url":"/api/auth/user"');
    expect(logged).not.toContain("hunter2-secret");
    expect(logged).not.toContain("hunter3-secret");
  });

  it("labels lines with the request id, and starting the app prints no deprecation warning", () => {
    expect(logged).toMatch(/"requestId":"[0-9a-f-]{36}"/);
    expect(warnings.map((w) => `${w.name}: ${w.message}`)).toEqual([]);
  });
});
