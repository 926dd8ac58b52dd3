import { eq } from "drizzle-orm";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walkDevProvider } from "../../testing/auth-test-driver";
import { solvedAltchaToken } from "../../testing/captcha";
import { samplePdf } from "../../testing/contact-files";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { users } from "../db/schema";
import { serializeError } from "./logging";

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
  t = await createTestApp({
    logger: { level: "info", stream },
    // A query whose driver error quotes the value it was given (`invalid input syntax for type uuid: "…"`).
    extend: (app) =>
      app.post<{ Body: { id: string } }>("/test/user", async (request) =>
        app.db.orm.select().from(users).where(eq(users.id, request.body.id)),
      ),
  });
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

/** The log lines written since `mark` (a length of `logged`), parsed. */
function linesSince(mark: number): Record<string, unknown>[] {
  return logged
    .slice(mark)
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("errors in the log (issue 20 finding 9)", () => {
  it("shows a failed insert's SQL, code, constraint and frames, and none of the values it was sent with", async () => {
    const person = {
      firstName: "Augustina",
      lastName: "Byron-Kingsley",
      email: "augustina.kingsley@example.org",
      message: "Private note: hunter4-message",
    };
    const resumeText = "hunter4-resume-bytes";
    // A real database refusal of this one e-mail: the insert fails in PostgreSQL with every parameter bound.
    await t.db.exec(
      `ALTER TABLE pulse.contact_submissions ADD CONSTRAINT logging_test_refuses CHECK (email <> '${person.email}')`,
    );
    try {
      const form = new FormData();
      for (const [name, value] of Object.entries({
        ...person,
        company: "Analytical Engines Ltd",
        dropdown: "Careers",
        "g-recaptcha-response": await solvedAltchaToken(t.app),
      }))
        form.append(name, value);
      form.append("resume", new Blob([new Uint8Array(samplePdf(resumeText))]), "augustina-cv.pdf");
      const request = new Request("http://localhost/api/contact", { method: "POST", body: form });
      const mark = logged.length;
      const res = await t.app.inject({
        method: "POST",
        url: "/api/contact",
        headers: { "content-type": request.headers.get("content-type")! },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        error: { code: "internal_error", message: "Something went wrong on our side. Please try again." },
      });

      const written = logged.slice(mark);
      for (const value of [...Object.values(person), resumeText, "augustina-cv.pdf", "Analytical Engines"]) {
        expect(written).not.toContain(value);
      }
      const line = linesSince(mark).find((l) => l.msg === "unexpected error");
      const err = line?.err as Record<string, unknown> & { cause?: Record<string, unknown> };
      expect(err.type).toBe("DrizzleQueryError");
      expect(err.message).toMatch(
        /^Failed query: insert into "pulse"\."contact_submissions" .* values \(default, \$1,/,
      );
      expect(err.query).toMatch(/^insert into "pulse"\."contact_submissions"/);
      expect(err.params).toBeUndefined();
      expect(err.stack).toMatch(/\n\s+at .*contact\/store\.ts:\d+:\d+/);
      expect(err.cause).toMatchObject({ code: "23514", constraint: "logging_test_refuses" });
      expect(err.cause?.detail).toBeUndefined();
    } finally {
      await t.db.exec("ALTER TABLE pulse.contact_submissions DROP CONSTRAINT logging_test_refuses");
    }
  });

  it("takes a value out of the driver's own message", async () => {
    const mark = logged.length;
    const res = await t.app.inject({
      method: "POST",
      url: "/test/user",
      payload: { id: "hunter5-not-a-uuid" },
    });
    expect(res.statusCode).toBe(500);
    expect(logged.slice(mark)).not.toContain("hunter5");
    const err = linesSince(mark).find((l) => l.msg === "unexpected error")?.err as {
      cause?: { code?: string; message?: string };
    };
    expect(err.cause).toMatchObject({
      code: "22P02",
      message: 'invalid input syntax for type uuid: "[redacted]"',
    });
  });

  it("keeps an ordinary error's own plain fields and its causes, drops any `params`, and stops at a cycle", () => {
    const inner = Object.assign(new Error("socket hang up"), { code: "ECONNRESET" });
    const outer = Object.assign(new Error("workflow call failed", { cause: inner }), {
      hook: "ASANA_SYNC",
      upstreamStatus: 502,
      params: ["hunter6@example.com"],
      response: { body: "hunter6" },
    });
    (inner as Error & { cause?: unknown }).cause = outer;
    const out = serializeError(outer);
    expect(out).toMatchObject({
      type: "Error",
      message: "workflow call failed",
      hook: "ASANA_SYNC",
      upstreamStatus: 502,
      cause: { type: "Error", message: "socket hang up", code: "ECONNRESET" },
    });
    expect(out.stack).toMatch(/^Error: workflow call failed\n\s+at /);
    expect(JSON.stringify(out)).not.toContain("hunter6");
    expect(serializeError("a thrown string")).toBe("a thrown string");
  });
});
