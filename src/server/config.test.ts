import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, WORKFLOW_HOOKS, loadConfig, parseTrustProxy } from "./config";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "pulse-config-"));

describe("loadConfig", () => {
  it("needs nothing in development and uses the documented defaults", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      env: "development",
      port: 3000,
      host: "127.0.0.1",
      publicUrl: "http://localhost:3000",
      companyDomain: "example.com",
      databaseUrl: undefined,
      google: undefined,
      recaptcha: undefined,
      dataDir: dir,
    });
    expect(config.contactRateLimit).toEqual({ max: 20, windowMs: 600_000 });
  });

  it("generates the development secrets once into DATA_DIR and reuses them", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(first.workflow.secret).toMatch(/^whsec_/);
    expect(readFileSync(path.join(dir, "jwt-secret"), "utf8").trim()).toBe(first.jwtSecret);
  });

  it("derives PUBLIC_URL from PORT and trims a trailing slash", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: "4000" }).publicUrl).toBe("http://localhost:4000");
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "http://127.0.0.1:3000/" }).publicUrl).toBe(
      "http://127.0.0.1:3000",
    );
  });

  it("mounts the development stand-ins only on a loopback PUBLIC_URL, even when NODE_ENV is unset", () => {
    for (const url of ["http://localhost:3000", "http://127.0.0.1:8080", "http://[::1]:3000"]) {
      expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: url }).devStandIns, url).toBe(true);
    }
    for (const url of ["https://pulse.acme.com", "http://10.0.0.5:3000", "http://localhost.acme.com"]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: url }), url).toThrow(
        new ConfigError(
          `GOOGLE_CLIENT_ID is required: PUBLIC_URL ${url} is not a loopback address, so the development sign-in cannot run`,
        ),
      );
    }
    const withGoogle = loadConfig({
      DATA_DIR: dataDir(),
      PUBLIC_URL: "https://pulse.acme.com/",
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
    });
    expect(withGoogle.publicUrl).toBe("https://pulse.acme.com");
    expect(withGoogle.devStandIns).toBe(false);
  });

  it("trusts no proxy unless TRUST_PROXY names a hop count or the proxies' addresses", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(parseTrustProxy("false")).toBe(false);
    expect(parseTrustProxy("2")).toBe(2);
    expect(parseTrustProxy("10.0.0.0/8, 192.168.1.7,::1")).toEqual(["10.0.0.0/8", "192.168.1.7", "::1"]);
    expect(() => parseTrustProxy("true")).toThrow(/TRUST_PROXY: "true" is not a hop count/);
    expect(() => parseTrustProxy("10.0.0.0/8, evil host")).toThrow(/TRUST_PROXY: "evil host"/);
  });

  it("reads the request timeouts, the Google re-check interval and the legal addresses", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      REQUEST_TIMEOUT_SECONDS: "30",
      HEADERS_TIMEOUT_SECONDS: "5",
      KEEP_ALIVE_TIMEOUT_SECONDS: "65",
      GOOGLE_RECHECK_MINUTES: "5",
      LEGAL_EMAIL: "counsel@acme.com",
      PRIVACY_EMAIL: "dpo@acme.com",
    });
    expect(config.timeouts).toMatchObject({ requestMs: 30_000, headersMs: 5_000, keepAliveMs: 65_000 });
    expect(config.googleRecheckMs).toBe(5 * 60_000);
    expect(config.legal).toEqual({ legalEmail: "counsel@acme.com", privacyEmail: "dpo@acme.com" });
    const defaults = loadConfig({ DATA_DIR: dataDir() });
    expect(defaults.timeouts).toMatchObject({ requestMs: 60_000, headersMs: 10_000, keepAliveMs: 72_000 });
    expect(defaults.googleRecheckMs).toBe(15 * 60_000);
    expect(() => loadConfig({ DATA_DIR: dataDir(), HEADERS_TIMEOUT_SECONDS: "90" })).toThrow(
      /HEADERS_TIMEOUT_SECONDS must not exceed REQUEST_TIMEOUT_SECONDS/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), LEGAL_EMAIL: "nope" })).toThrow(/LEGAL_EMAIL/);
  });

  it("refuses invalid settings with one clear line", () => {
    expect(() => loadConfig({ PORT: "http" })).toThrow(
      new ConfigError("Invalid setting PORT: Invalid input: expected number, received NaN"),
    );
    expect(() => loadConfig({ COMPANY_DOMAIN: "not a domain" })).toThrow(/COMPANY_DOMAIN/);
    expect(() => loadConfig({ JWT_SECRET: "short" })).toThrow(/JWT_SECRET: must be at least 32 characters/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), GOOGLE_CLIENT_ID: "id" })).toThrow(/set together/);
  });

  it("refuses to start in production without its required settings", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(
      /Production needs these settings: PUBLIC_URL, COMPANY_DOMAIN, JWT_SECRET, GOOGLE_CLIENT_ID/,
    );
  });

  it("starts in production when everything is configured, with no development stand-in", () => {
    const env: Record<string, string> = {
      NODE_ENV: "production",
      PUBLIC_URL: "https://pulse.acme.com",
      COMPANY_DOMAIN: "acme.com",
      JWT_SECRET: "x".repeat(40),
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
      RECAPTCHA_SITE_KEY: "site",
      RECAPTCHA_SECRET_KEY: "secret",
      WORKFLOW_SECRET: "whsec_c2VjcmV0",
      DATA_DIR: dataDir(),
    };
    for (const hook of WORKFLOW_HOOKS) {
      env[`WORKFLOW_${hook}_URL`] = `https://hooks.acme.com/${hook.toLowerCase()}`;
    }
    const config = loadConfig(env);
    expect(config.google).toEqual({ clientId: "id", clientSecret: "secret" });
    expect(config.recaptcha).toEqual({ siteKey: "site", secretKey: "secret" });
    expect(config.jwtSecret).toBe("x".repeat(40));
  });

  it("refuses a partly configured set of workflow webhooks with one line naming the missing ones", () => {
    const env: Record<string, string> = { DATA_DIR: dataDir() };
    for (const hook of WORKFLOW_HOOKS.slice(0, 5)) {
      env[`WORKFLOW_${hook}_URL`] = `https://hooks.acme.com/${hook.toLowerCase()}`;
    }
    expect(() => loadConfig(env)).toThrow(
      new ConfigError(
        "Workflow webhooks are partly configured: also set WORKFLOW_ASANA_DATA_SYNC_URL, WORKFLOW_GOOGLE_MEET_SYNC_URL, or none of them",
      ),
    );
  });

  it("takes all the workflow webhooks or none (the development simulator then answers)", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).workflow.urls).toEqual({});
    const env: Record<string, string> = { DATA_DIR: dataDir() };
    for (const hook of WORKFLOW_HOOKS) env[`WORKFLOW_${hook}_URL`] = `https://hooks.acme.com/${hook}`;
    expect(Object.keys(loadConfig(env).workflow.urls)).toEqual([...WORKFLOW_HOOKS]);
  });
});
