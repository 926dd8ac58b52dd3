import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_ROUTES } from "@shared/auth";
import { InjectBrowser, pkcePair, signInThroughDevProvider } from "../../../testing/auth-test-driver";
import { createTestApp, type TestApp } from "../../../testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const REVOKE = "/dev/oidc/revoke";

/** A form post as another site's page makes the browser send it: no token of this page. */
const crossSitePost = (fields: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url: REVOKE,
    headers: {
      host: new URL(t.config.publicUrl).host,
      origin: "https://evil.example",
      "content-type": "application/x-www-form-urlencoded",
    },
    payload: new URLSearchParams(fields).toString(),
  });

describe("/dev/oidc/revoke takes posts from its own page only (issue 37 item 6)", () => {
  it("refuses a cross-site form post, with no token or a forged one, and revokes nothing", async () => {
    await signInThroughDevProvider(t.app, "vic@acme.com");
    for (const fields of [
      { email: "vic@acme.com" } as Record<string, string>,
      { email: "vic@acme.com", form_token: "" },
      { email: "vic@acme.com", form_token: "zzzz.nonce.mac" },
    ]) {
      const res = await crossSitePost(fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(403);
      expect(res.body).not.toContain("Access revoked");
      expect(res.body).toContain("This request did not come from this page");
    }
    // The grant is still there for the real revocation to end.
    expect(t.app.devIdentityProvider!.revokeAccess("vic@acme.com")).toBe(true);
  });

  it("revokes when the page's own form is submitted, and gives each page view its own token", async () => {
    await signInThroughDevProvider(t.app, "wes@acme.com");
    const browser = new InjectBrowser(t.app, t.config.publicUrl);
    const tokenOf = async () =>
      /name="form_token" value="([^"]+)"/.exec((await browser.request("GET", REVOKE)).body)?.[1];
    const [first, second] = [await tokenOf(), await tokenOf()];
    expect(first).toBeDefined();
    expect(second).not.toBe(first);

    const res = await browser.submitForm(REVOKE, { email: "wes@acme.com" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Access revoked for <strong>wes@acme.com</strong>.");
    expect(t.app.devIdentityProvider!.revokeAccess("wes@acme.com")).toBe(false);
  });
});

describe("the sign-in pages' forms are tied to the interaction's own cookie", () => {
  it("refuse a cross-site post to the Email form, which carries no cookie of the provider", async () => {
    const browser = new InjectBrowser(t.app, t.config.publicUrl);
    const start = await browser.request("POST", AUTH_ROUTES.start, {
      json: {
        code_challenge: pkcePair().codeChallenge,
        code_challenge_method: "S256",
        redirect_to: `${t.config.publicUrl}/dashboard`,
      },
    });
    const step = await browser.follow(await browser.request("GET", start.json<{ url: string }>().url));
    expect((await browser.request("GET", step.url)).body).toContain('<label for="email">Email</label>');

    // Another site's page posts the form: the browser sends no SameSite=Lax cookie with a cross-site POST.
    const forged = await t.app.inject({
      method: "POST",
      url: `${new URL(step.url).pathname}/login`,
      headers: {
        host: new URL(t.config.publicUrl).host,
        origin: "https://evil.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: "email=mallory%40acme.com",
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain("Sign-in expired");
    expect(forged.headers.location).toBeUndefined();
  });
});
