import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/** Typed configuration from the environment (ARCHITECTURE §4). Fails fast with one clear line. */
export interface Config {
  env: "development" | "production" | "test";
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
    urls: Partial<Record<WorkflowHook, string>>;
  };
  contactRateLimit: { max: number; windowMs: number };
  /** Where the built web app lives; undefined means "do not serve it" (API-only tests). */
  webDir: string | undefined;
  logLevel: string;
  bodyLimit: number;
  session: { accessTtlSeconds: number; inactivitySeconds: number; absoluteSeconds: number };
  /** Requests per client address and window on each sign-in and token endpoint (issue #3). */
  authRateLimit: { max: number; windowMs: number };
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
  LOG_LEVEL: z.string().default("info"),
  SESSION_INACTIVITY_DAYS: z.coerce.number().positive().default(14),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(30),
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(120),
  WEB_DIR: optional,
});

const DAY = 24 * 60 * 60;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid setting ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
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
    const missingHooks = WORKFLOW_HOOKS.filter((h) => !env[`WORKFLOW_${h}_URL`]).map(
      (h) => `WORKFLOW_${h}_URL`,
    );
    const all = [...missing, ...missingHooks];
    if (all.length > 0) {
      throw new ConfigError(`Production needs these settings: ${all.join(", ")}`);
    }
  }
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together");
  }
  if (Boolean(e.RECAPTCHA_SITE_KEY) !== Boolean(e.RECAPTCHA_SECRET_KEY)) {
    throw new ConfigError("RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY must be set together");
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

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
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
    webDir: e.WEB_DIR ? path.resolve(e.WEB_DIR) : path.resolve("dist/web"),
    logLevel: e.LOG_LEVEL,
    bodyLimit: 1024 * 1024,
    session: {
      accessTtlSeconds: 60 * 60,
      inactivitySeconds: Math.round(e.SESSION_INACTIVITY_DAYS * DAY),
      absoluteSeconds: Math.round(e.SESSION_ABSOLUTE_DAYS * DAY),
    },
    authRateLimit: { max: e.AUTH_RATE_LIMIT, windowMs: 60 * 1000 },
  };
}

/** A secret generated once into DATA_DIR so development sessions survive restarts (never used in production). */
function developmentSecret(dataDir: string, name: string, generate: () => string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const value = generate();
  writeFileSync(file, value + "\n", { mode: 0o600 });
  return value;
}
