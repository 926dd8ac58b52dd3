import type { InjectOptions } from "fastify";
import { captchaUsedTokens, contactSubmissions } from "../../db/schema";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { RECAPTCHA_VERIFY_URL, verifyRecaptchaToken } from "./recaptcha";

/** Google's siteverify as the test controls it. */
function fakeGoogle(answer: (token: string) => Response | Promise<Response>) {
  const calls: URLSearchParams[] = [];
  const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    expect(String(url)).toBe(RECAPTCHA_VERIFY_URL);
    const body = new URLSearchParams(String(init?.body));
    calls.push(body);
    return answer(body.get("response") ?? "");
  });
  return { fetchImpl: fetchImpl as unknown as typeof fetch, calls };
}

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json" } });

describe("reCAPTCHA siteverify client", () => {
  it("sends secret, token and address, and maps Google's answers to typed results", async () => {
    const google = fakeGoogle((token) =>
      token === "good"
        ? json({ success: true, hostname: "pulse.example" })
        : token === "old"
          ? json({ success: false, "error-codes": ["timeout-or-duplicate"] })
          : token === "misconfigured"
            ? json({ success: false, "error-codes": ["invalid-input-secret"] })
            : json({ success: false, "error-codes": ["invalid-input-response"] }),
    );
    const options = {
      secretKey: "s3cret",
      expectedHostname: "pulse.example",
      fetch: google.fetchImpl,
      now: () => new Date("2026-01-01T00:00:00Z"),
    };
    expect(await verifyRecaptchaToken("good", "203.0.113.9", options, "id-1")).toEqual({
      ok: true,
      provider: "recaptcha",
      tokenId: "id-1",
      expiresAt: new Date("2026-01-01T00:05:00Z"),
    });
    expect(google.calls[0]!.get("secret")).toBe("s3cret");
    expect(google.calls[0]!.get("remoteip")).toBe("203.0.113.9");
    expect(await verifyRecaptchaToken("old", undefined, options, "id")).toEqual({
      ok: false,
      failure: "expired",
    });
    expect(await verifyRecaptchaToken("bad", undefined, options, "id")).toEqual({
      ok: false,
      failure: "invalid",
    });
    expect(await verifyRecaptchaToken("misconfigured", undefined, options, "id")).toEqual({
      ok: false,
      failure: "unavailable",
    });
  });

  it("refuses a token solved on another site, even when Google calls it a success", async () => {
    const google = fakeGoogle(() => json({ success: true, hostname: "evil.example" }));
    const options = { secretKey: "s3cret", expectedHostname: "pulse.example", fetch: google.fetchImpl };
    expect(await verifyRecaptchaToken("good-elsewhere", undefined, options, "id")).toEqual({
      ok: false,
      failure: "invalid",
    });
    const missing = fakeGoogle(() => json({ success: true }));
    expect(
      await verifyRecaptchaToken("no-host", undefined, { ...options, fetch: missing.fetchImpl }, "id"),
    ).toEqual({ ok: false, failure: "invalid" });
  });

  it("treats an unreachable or failing Google as unavailable, not as the visitor's fault", async () => {
    const down = fakeGoogle(() => {
      throw new TypeError("fetch failed");
    });
    expect(
      await verifyRecaptchaToken(
        "t",
        undefined,
        { secretKey: "s", expectedHostname: "localhost", fetch: down.fetchImpl },
        "id",
      ),
    ).toEqual({
      ok: false,
      failure: "unavailable",
    });
    const broken = fakeGoogle(() => new Response("oops", { status: 502 }));
    expect(
      await verifyRecaptchaToken(
        "t",
        undefined,
        { secretKey: "s", expectedHostname: "localhost", fetch: broken.fetchImpl },
        "id",
      ),
    ).toEqual({
      ok: false,
      failure: "unavailable",
    });
  });
});

describe("POST /api/contact with reCAPTCHA configured", () => {
  let t: TestApp;
  const seen: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: { RECAPTCHA_SITE_KEY: "site", RECAPTCHA_SECRET_KEY: "secret" } });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  async function submit(token: string): Promise<ReturnType<TestApp["app"]["inject"]>> {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      firstName: "Grace",
      lastName: "Hopper",
      email: "grace@example.com",
      dropdown: "Something else",
      message: "Hello",
      "g-recaptcha-response": token,
    })) {
      form.append(k, v);
    }
    const request = new Request("http://localhost/api/contact", { method: "POST", body: form });
    const options: InjectOptions = {
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": request.headers.get("content-type")! },
      payload: Buffer.from(await request.arrayBuffer()),
    };
    return t.app.inject(options);
  }

  it("asks Google, stores the submission, and refuses the same token again without asking", async () => {
    const google = fakeGoogle((token) => {
      seen.push(token);
      return json({ success: token.startsWith("solved"), hostname: "localhost" });
    });
    vi.stubGlobal("fetch", google.fetchImpl);
    expect((await t.app.inject({ method: "GET", url: "/api/config" })).json().captcha).toEqual({
      provider: "recaptcha",
      siteKey: "site",
    });

    const ok = await submit("solved-token-1");
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await submit("solved-token-1");
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe("captcha_reused");
    expect(seen).toEqual(["solved-token-1"]);

    const refused = await submit("forged");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe("captcha_invalid");

    const rows = await t.db.orm.select({ firstName: contactSubmissions.firstName }).from(contactSubmissions);
    expect(rows).toEqual([{ firstName: "Grace" }]);
    const used = await t.db.orm
      .select({ tokenId: captchaUsedTokens.tokenId, provider: captchaUsedTokens.provider })
      .from(captchaUsedTokens);
    expect(used).toEqual([
      { tokenId: expect.stringMatching(/^recaptcha:[0-9a-f]{64}$/), provider: "recaptcha" },
    ]);
    expect(used[0]!.tokenId).not.toContain("solved-token-1");
  });

  it("answers 503 when Google cannot be reached", async () => {
    vi.stubGlobal("fetch", fakeGoogle(() => Promise.reject(new TypeError("fetch failed"))).fetchImpl);
    const res = await submit("solved-token-2");
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.json().error).toEqual({
      code: "captcha_unavailable",
      message: "The captcha could not be checked right now. Please try again in a moment.",
    });
  });
});
