import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, WORKFLOW_HOOKS, loadConfig, parseTrustProxy } from "./config";
import { productionSettings } from "../testing/production-settings";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "pulse-config-"));

const PRODUCTION_SETTINGS_BUT_PUBLIC_URL = [
  "COMPANY_DOMAIN",
  "JWT_SECRET",
  "GOOGLE_CLIENT_ID",
  "GOOGLE_CLIENT_SECRET",
  "RECAPTCHA_SITE_KEY",
  "RECAPTCHA_SECRET_KEY",
  "WORKFLOW_SECRET",
  ...WORKFLOW_HOOKS.map((hook) => `WORKFLOW_${hook}_URL`),
].join(", ");

const productionEnv = (): Record<string, string | undefined> => productionSettings(dataDir());

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

  it("mounts the development stand-ins only when both HOST and PUBLIC_URL are loopback, even when NODE_ENV is unset", () => {
    for (const url of ["http://localhost:3000", "http://127.0.0.1:8080", "http://[::1]:3000"]) {
      for (const host of ["127.0.0.1", "localhost", "::1", "127.0.0.2"]) {
        const config = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: url, HOST: host });
        expect(config.devStandIns, `${host} ${url}`).toBe(true);
        expect(config.production, `${host} ${url}`).toBe(false);
      }
    }
    for (const url of ["https://pulse.acme.com", "http://10.0.0.5:3000", "http://localhost.acme.com"]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: url }), url).toThrow(
        new ConfigError(
          `Production needs these settings (PUBLIC_URL ${url} is not a loopback address, so the production rules apply and the development stand-ins cannot run): ` +
            PRODUCTION_SETTINGS_BUT_PUBLIC_URL,
        ),
      );
    }
  });

  it("refuses HOST=0.0.0.0 (or any address other than loopback) without the production settings, whatever PUBLIC_URL says", () => {
    // A name other than `localhost` is not proof of loopback: the resolver may point `foo.localhost` anywhere.
    for (const host of [
      "0.0.0.0",
      "::",
      "192.168.1.7",
      "pulse.internal",
      "::ffff:10.0.0.1",
      "foo.localhost",
    ]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), HOST: host }), host).toThrow(
        new ConfigError(
          `Production needs these settings (HOST ${host} is not a loopback address, so the production rules apply and the development stand-ins cannot run): PUBLIC_URL, ` +
            PRODUCTION_SETTINGS_BUT_PUBLIC_URL,
        ),
      );
    }
    // A Google client alone does not make a network-facing server safe: the other production settings are needed too.
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir(),
        HOST: "0.0.0.0",
        PUBLIC_URL: "http://localhost:3000",
        GOOGLE_CLIENT_ID: "id",
        GOOGLE_CLIENT_SECRET: "secret",
      }),
    ).toThrow(/HOST 0\.0\.0\.0 is not a loopback address.*: COMPANY_DOMAIN, JWT_SECRET, RECAPTCHA_SITE_KEY/);
  });

  it("applies the production rules to a public PUBLIC_URL or address without NODE_ENV", () => {
    for (const [name, value] of [
      ["PUBLIC_URL", "https://pulse.acme.com"],
      ["HOST", "0.0.0.0"],
    ] as const) {
      const config = loadConfig({ ...productionEnv(), NODE_ENV: undefined, [name]: value });
      expect(config.env, name).toBe("development");
      expect(config.production, name).toBe(true);
      expect(config.devStandIns, name).toBe(false);
      expect(config.requireHostedDomain, name).toBe(true);
    }
    const local = loadConfig({
      ...productionEnv(),
      NODE_ENV: undefined,
      PUBLIC_URL: "http://localhost:3000",
    });
    expect(local.production).toBe(false);
    expect(local.requireHostedDomain).toBe(false);
    // The stand-ins stay off where Google is configured, but a loopback server is not held to production rules.
    expect(local.devStandIns).toBe(true);
    expect(local.google).toBeDefined();
  });

  it("reads the operator's METRICS_TOKEN, at least 16 characters", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).metricsToken).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: "m".repeat(16) }).metricsToken).toBe(
      "m".repeat(16),
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: "short" })).toThrow(
      new ConfigError("Invalid setting METRICS_TOKEN: must be at least 16 characters"),
    );
  });

  it("keeps contact submissions CONTACT_RETENTION_DAYS days, 365 unless told, a whole number of days", () => {
    const day = 24 * 60 * 60 * 1000;
    expect(loadConfig({ DATA_DIR: dataDir() }).contactRetentionMs).toBe(365 * day);
    expect(loadConfig({ DATA_DIR: dataDir(), CONTACT_RETENTION_DAYS: "30" }).contactRetentionMs).toBe(
      30 * day,
    );
    for (const value of ["0", "-5", "1.5", "forever", "36501"])
      expect(() => loadConfig({ DATA_DIR: dataDir(), CONTACT_RETENTION_DAYS: value }), value).toThrow(
        /^Invalid setting CONTACT_RETENTION_DAYS: /,
      );
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
    const config = loadConfig(productionEnv());
    expect(config.google).toEqual({ clientId: "id.apps.googleusercontent.com", clientSecret: "secret" });
    expect(config.recaptcha).toEqual({ siteKey: "site", secretKey: "secret" });
    expect(config.jwtSecret).toBe("x".repeat(40));
    expect(config.production).toBe(true);
    expect(config.devStandIns).toBe(false);
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
