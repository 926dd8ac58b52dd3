import type { Challenge } from "altcha-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { ALTCHA_ALGORITHM, DEFAULT_ALTCHA_SETTINGS } from "./altcha";
import { solveToToken } from "../../../testing/captcha";
import { createCaptchaVerifier } from "./verifier";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("GET /api/captcha/challenge", () => {
  it("serves a fresh signed ALTCHA challenge that is never cached", async () => {
    const config = await t.app.inject({ method: "GET", url: "/api/config" });
    const url = config.json<{ captcha: { challengeUrl: string } }>().captcha.challengeUrl;
    const [a, b] = await Promise.all([
      t.app.inject({ method: "GET", url }),
      t.app.inject({ method: "GET", url }),
    ]);
    expect(a.statusCode).toBe(200);
    expect(a.headers["cache-control"]).toBe("no-store");
    const challenge = a.json<Challenge>();
    expect(challenge.parameters).toMatchObject({
      algorithm: ALTCHA_ALGORITHM,
      cost: DEFAULT_ALTCHA_SETTINGS.cost,
      keyLength: 32,
      keySignature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const ttl = challenge.parameters.expiresAt! - Date.now() / 1000;
    expect(ttl).toBeGreaterThan(29 * 60);
    expect(ttl).toBeLessThanOrEqual(30 * 60);
    expect(b.json<Challenge>().parameters.nonce).not.toBe(challenge.parameters.nonce);
  });

  it("issues challenges the server's verifier accepts once solved", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/captcha/challenge" });
    const token = await solveToToken(res.json<Challenge>());
    const verifier = createCaptchaVerifier(t.config, t.db);
    const check = await verifier.verify(token);
    expect(check).toMatchObject({ ok: true, provider: "altcha", tokenId: expect.stringMatching(/^altcha:/) });
    expect(await verifier.verify(undefined)).toEqual({ ok: false, failure: "missing" });
  });

  it("does not exist when reCAPTCHA is configured", async () => {
    const withRecaptcha = await createTestApp({
      env: { RECAPTCHA_SITE_KEY: "site-key", RECAPTCHA_SECRET_KEY: "secret-key" },
    });
    try {
      const res = await withRecaptcha.app.inject({ method: "GET", url: "/api/captcha/challenge" });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("not_found");
    } finally {
      await withRecaptcha.close();
    }
  });
});
