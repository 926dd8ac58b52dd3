import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { createOwnerOnlyDir } from "./db/data-dir-access";

/** Typed configuration from the environment (ARCHITECTURE §4). Fails fast with one clear line. */
export interface Config {
  /** NODE_ENV as given; what a deployment must obey is `production`, not this. */
  env: "development" | "production" | "test";
  /**
   * Whether the production rules apply (Workspace accounts only, HSTS, PUBLIC_URL's origin only, no stand-in):
   * NODE_ENV=production, or a listening address or PUBLIC_URL that is not loopback, whatever NODE_ENV says
   * (docs/decisions/0090-secure-by-default.md).
   */
  production: boolean;
  port: number;
  host: string;
  publicUrl: string;
  companyDomain: string;
  databaseUrl: string | undefined;
  dataDir: string;
  google: { clientId: string; clientSecret: string } | undefined;
  jwtSecret: string;
  recaptcha: { siteKey: string; secretKey: string } | undefined;
  workflow: {
    secret: string;
    /** Every hook's URL, or none (then the development simulator answers, where stand-ins may run). */
    urls: Partial<Record<WorkflowHook, string>>;
  };
  contactRateLimit: { max: number; windowMs: number };
  /** CONTACT_RETENTION_DAYS: contact submissions (résumés included) older than this are deleted. */
  contactRetentionMs: number;
  /** Where the built web app lives; undefined means "do not serve it" (API-only tests). */
  webDir: string | undefined;
  logLevel: string;
  bodyLimit: number;
  session: { accessTtlSeconds: number; inactivitySeconds: number; absoluteSeconds: number };
  /** Requests per client address and window on each sign-in and token endpoint (issue #3). */
  authRateLimit: { max: number; windowMs: number };
  /** Which proxies' X-Forwarded-For to believe (Fastify's trustProxy): nothing, a hop count, or addresses/CIDRs. */
  trustProxy: false | number | string[];
  timeouts: { requestMs: number; headersMs: number; keepAliveMs: number; checkEveryMs: number };
  /** How often a refresh asks Google whether the account still exists and still grants Pulse access. */
  googleRecheckMs: number;
  legal: { legalEmail: string; privacyEmail: string };
  /** Whether only Workspace-managed Google accounts (an `hd` claim equal to the domain) may use the product. */
  requireHostedDomain: boolean;
  /**
   * True when the development stand-ins (identity provider, workflow simulator) may mount: only when both the
   * listening address and PUBLIC_URL are loopback and NODE_ENV is not production.
   */
  devStandIns: boolean;
  /** The operator's token: with `Authorization: Bearer` it reads /healthz's details (and /metrics) from anywhere. */
  metricsToken: string | undefined;
  /**
   * After SIGTERM, how long the instance keeps serving with /readyz answering 503 before it closes, so a load
   * balancer stops sending first (SHUTDOWN_DRAIN_SECONDS; 5 s under the production rules, else none).
   */
  shutdownDrainMs: number;
}

export const WORKFLOW_HOOKS = [
  "GOOGLE_DRIVE_CONNECT",
  "GOOGLE_DRIVE_DISCONNECT",
  "ASANA_CONNECT",
  "ASANA_DISCONNECT",
  "ASANA_SYNC",
  "ASANA_DATA_SYNC",
  "GOOGLE_MEET_SYNC",
] as const;
export type WorkflowHook = (typeof WORKFLOW_HOOKS)[number];

export class ConfigError extends Error {
  override name = "ConfigError";
}

const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("127.0.0.1"),
  PUBLIC_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  COMPANY_DOMAIN: optional.pipe(
    z
      .string()
      .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, "must be a bare domain such as acme.com")
      .optional(),
  ),
  DATABASE_URL: optional,
  DATA_DIR: z.string().default(".data"),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  JWT_SECRET: optional.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  RECAPTCHA_SITE_KEY: optional,
  RECAPTCHA_SECRET_KEY: optional,
  WORKFLOW_SECRET: optional.pipe(z.string().startsWith("whsec_", "must be a whsec_ secret").optional()),
  CONTACT_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  CONTACT_RETENTION_DAYS: z.coerce.number().int().positive().max(36_500).default(365),
  LOG_LEVEL: z.string().default("info"),
  SESSION_INACTIVITY_DAYS: z.coerce.number().positive().default(14),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(30),
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(120),
  WEB_DIR: optional,
  TRUST_PROXY: optional,
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().default(10),
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().positive().default(72),
  GOOGLE_RECHECK_MINUTES: z.coerce.number().positive().default(15),
  LEGAL_EMAIL: optional.pipe(z.email("must be an e-mail address").optional()),
  PRIVACY_EMAIL: optional.pipe(z.email("must be an e-mail address").optional()),
  METRICS_TOKEN: optional.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  SHUTDOWN_DRAIN_SECONDS: optional.pipe(z.coerce.number<string | undefined>().min(0).max(600).optional()),
});

/**
 * TRUST_PROXY: unset or "false" trusts no proxy (the socket's address is the client); a number trusts that many
 * hops; otherwise a comma-separated list of addresses or CIDR ranges of the proxies.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (value === undefined || value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  const address = /^(?:[0-9.]+|[0-9a-f:]+)(?:\/\d{1,3})?$/i;
  const bad = entries.find((entry) => !address.test(entry));
  if (entries.length === 0 || bad !== undefined) {
    throw new ConfigError(
      `Invalid setting TRUST_PROXY: ${bad === undefined ? "empty" : `"${bad}"`} is not a hop count or an address/CIDR list`,
    );
  }
  return entries;
}

/**
 * Whether a host name or address (as `URL.hostname` or `socket.remoteAddress` gives it) is this machine. Only
 * literal loopback names count: `0.0.0.0` and `::` listen on every network.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, "")
    .toLowerCase()
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "::1" ||
    host === "0:0:0:0:0:0:0:1" ||
    /^127\.\d+\.\d+\.\d+$/.test(host)
  );
}

/**
 * Whether a listening address (HOST) is this machine's loopback: a literal loopback address or `localhost` — not
 * another name such as `foo.localhost`, which the resolver may point anywhere. main.ts also checks the addresses
 * actually bound (platform/local-only.ts).
 */
export function isLoopbackListenAddress(host: string): boolean {
  const address = host.replace(/^\[|\]$/g, "").toLowerCase();
  return address === "localhost" || (isIP(address) !== 0 && isLoopbackHost(address));
}

/** Whether a URL points at this machine (the only place development stand-ins may run). */
export function isLoopbackUrl(url: string): boolean {
  return isLoopbackHost(new URL(url).hostname);
}

const DAY = 24 * 60 * 60;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid setting ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  // A rule keyed on NODE_ENV alone is bypassed by forgetting it: what is reachable from a network decides.
  const exposure = !isLoopbackListenAddress(e.HOST)
    ? `HOST ${e.HOST} is not a loopback address`
    : !isLoopbackUrl(publicUrl)
      ? `PUBLIC_URL ${publicUrl} is not a loopback address`
      : undefined;
  const production = e.NODE_ENV === "production" || exposure !== undefined;
  if (production) {
    const missing = [
      ["PUBLIC_URL", e.PUBLIC_URL],
      ["COMPANY_DOMAIN", e.COMPANY_DOMAIN],
      ["JWT_SECRET", e.JWT_SECRET],
      ["GOOGLE_CLIENT_ID", e.GOOGLE_CLIENT_ID],
      ["GOOGLE_CLIENT_SECRET", e.GOOGLE_CLIENT_SECRET],
      ["RECAPTCHA_SITE_KEY", e.RECAPTCHA_SITE_KEY],
      ["RECAPTCHA_SECRET_KEY", e.RECAPTCHA_SECRET_KEY],
      ["WORKFLOW_SECRET", e.WORKFLOW_SECRET],
    ]
      .filter(([, v]) => !v)
      .map(([k]) => k);
    const missingHooks = WORKFLOW_HOOKS.filter((h) => !env[`WORKFLOW_${h}_URL`]?.trim()).map(
      (h) => `WORKFLOW_${h}_URL`,
    );
    const all = [...missing, ...missingHooks];
    if (all.length > 0) {
      const why =
        e.NODE_ENV === "production"
          ? ""
          : ` (${exposure}, so the production rules apply and the development stand-ins cannot run)`;
      throw new ConfigError(`Production needs these settings${why}: ${all.join(", ")}`);
    }
  }
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together");
  }
  if (Boolean(e.RECAPTCHA_SITE_KEY) !== Boolean(e.RECAPTCHA_SECRET_KEY)) {
    throw new ConfigError("RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY must be set together");
  }
  const devStandIns = !production;
  if (e.HEADERS_TIMEOUT_SECONDS > e.REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError("HEADERS_TIMEOUT_SECONDS must not exceed REQUEST_TIMEOUT_SECONDS");
  }

  const dataDir = path.resolve(e.DATA_DIR);
  const urls: Partial<Record<WorkflowHook, string>> = {};
  for (const hook of WORKFLOW_HOOKS) {
    const value = env[`WORKFLOW_${hook}_URL`]?.trim();
    if (value) {
      if (!/^https?:\/\//.test(value))
        throw new ConfigError(`Invalid setting WORKFLOW_${hook}_URL: must be a URL`);
      urls[hook] = value;
    }
  }
  const unset = WORKFLOW_HOOKS.filter((hook) => !urls[hook]);
  if (unset.length > 0 && unset.length < WORKFLOW_HOOKS.length) {
    // Half a workflow service would fail some switches at the first click: all of them, or none (the simulator).
    throw new ConfigError(
      `Workflow webhooks are partly configured: also set ${unset.map((h) => `WORKFLOW_${h}_URL`).join(", ")}, or none of them`,
    );
  }

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    companyDomain: (e.COMPANY_DOMAIN ?? "example.com").toLowerCase(),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : undefined,
    jwtSecret:
      e.JWT_SECRET ?? developmentSecret(dataDir, "jwt-secret", () => randomBytes(48).toString("base64url")),
    recaptcha:
      e.RECAPTCHA_SITE_KEY && e.RECAPTCHA_SECRET_KEY
        ? { siteKey: e.RECAPTCHA_SITE_KEY, secretKey: e.RECAPTCHA_SECRET_KEY }
        : undefined,
    workflow: {
      secret:
        e.WORKFLOW_SECRET ??
        developmentSecret(dataDir, "workflow-secret", () => "whsec_" + randomBytes(32).toString("base64")),
      urls,
    },
    contactRateLimit: { max: e.CONTACT_RATE_LIMIT, windowMs: 10 * 60 * 1000 },
    contactRetentionMs: e.CONTACT_RETENTION_DAYS * DAY * 1000,
    webDir: e.WEB_DIR ? path.resolve(e.WEB_DIR) : path.resolve("dist/web"),
    logLevel: e.LOG_LEVEL,
    bodyLimit: 1024 * 1024,
    session: {
      accessTtlSeconds: 60 * 60,
      inactivitySeconds: Math.round(e.SESSION_INACTIVITY_DAYS * DAY),
      absoluteSeconds: Math.round(e.SESSION_ABSOLUTE_DAYS * DAY),
    },
    authRateLimit: { max: e.AUTH_RATE_LIMIT, windowMs: 60 * 1000 },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    timeouts: {
      requestMs: Math.round(e.REQUEST_TIMEOUT_SECONDS * 1000),
      headersMs: Math.round(e.HEADERS_TIMEOUT_SECONDS * 1000),
      keepAliveMs: Math.round(e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000),
      checkEveryMs: Math.max(50, Math.min(5_000, Math.round(e.HEADERS_TIMEOUT_SECONDS * 250))),
    },
    googleRecheckMs: Math.round(e.GOOGLE_RECHECK_MINUTES * 60 * 1000),
    legal: {
      legalEmail: e.LEGAL_EMAIL ?? "legal@pulse.ai",
      privacyEmail: e.PRIVACY_EMAIL ?? "privacy@pulse.ai",
    },
    production,
    devStandIns,
    requireHostedDomain: production,
    metricsToken: e.METRICS_TOKEN,
    // Nothing balances a development server or a test's: it stops at once unless told otherwise.
    shutdownDrainMs: Math.round((e.SHUTDOWN_DRAIN_SECONDS ?? (production ? 5 : 0)) * 1000),
  };
}

/** A secret generated once into DATA_DIR so development sessions survive restarts (never used in production). */
function developmentSecret(dataDir: string, name: string, generate: () => string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  createOwnerOnlyDir(dataDir);
  const value = generate();
  writeFileSync(file, value + "\n", { mode: 0o600 });
  return value;
}
