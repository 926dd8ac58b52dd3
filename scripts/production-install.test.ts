/**
 * The production install (issue 22): what the Dockerfile's runtime stage holds, made by the same script
 * (scripts/production-install.sh runtime) from the current build into a scratch folder — the build, package.json and
 * the lock, the operator launcher, `npm ci --omit=dev` from the registry, no source — then run the way production
 * runs it: `node dist/server/main.mjs` under every production setting, and the operator commands through npm.
 *
 * It all runs on the Node.js line the container image is built on (the Dockerfile's NODE_IMAGE, read by
 * scripts/image-node.ts), whichever Node runs the tests: the newest release of that line is fetched once from the npm
 * registry (the official build, as the `node-linux-<arch>` package ships it) into node_modules/.cache/pulse-node/ and
 * put first on PATH, so the install, the server and the operator commands all use it.
 *
 * The server runs on a fresh PostgreSQL database when TEST_DATABASE_URL names a server, else on the embedded
 * database in a scratch DATA_DIR. Needs the npm registry; takes a minute or two.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WORKFLOW_HOOKS } from "../src/server/config";
import { freePort } from "../src/testing/free-port";
import {
  createScratchPostgresDatabase,
  postgresServerUrl,
  type ScratchPostgresDatabase,
} from "../src/testing/test-database";
import { webBuildIsStale } from "../src/build/build-state.mjs";
import { ensureServerBuild } from "../src/build/server-build.mjs";
import { buildWeb } from "./build.mjs";
import { imageNodeLine, nodeBinaryOfLine } from "./image-node";

const INSTALL_TIMEOUT_MS = 300_000;
const STEP_TIMEOUT_MS = 120_000;

/** Development packages a production install must not hold (the server, and every command, runs without them). */
const DEVELOPMENT_PACKAGES = [
  "tsx",
  "vite",
  "esbuild",
  "@playwright/test",
  "playwright-core",
  "oidc-provider",
  "pino-pretty",
];

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The environment of a machine that has only the production install: none of this test run's settings or npm's
 * script variables, and no node_modules/.bin of the project on PATH.
 */
function machineEnv(): Record<string, string> {
  // The machine's own trust settings stay: behind a TLS-inspecting proxy the registry's certificate is signed by a
  // CA that Debian's node finds in the system store but an official Node.js build knows only through these.
  const keep =
    /^(HOME|TMPDIR|LANG|TZ|(HTTPS?|NO)_PROXY|(https?|no)_proxy|npm_config_registry|NODE_EXTRA_CA_CERTS|SSL_CERT_(FILE|DIR))$/;
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (keep.test(key) && value) env[key] = value;
  env.PATH = (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((dir) => !dir.includes("node_modules"))
    .join(path.delimiter);
  return env;
}

function run(command: string, args: string[], cwd: string, env: Record<string, string>): Promise<Ran> {
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), STEP_TIMEOUT_MS);
  return new Promise((resolve) =>
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

/** Every package folder under node_modules, nested ones included, as paths the lock names them by. */
function installedPackages(dir: string, prefix = "node_modules"): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name.startsWith(".")) continue;
    const names = name.startsWith("@")
      ? readdirSync(path.join(dir, name)).map((scoped) => `${name}/${scoped}`)
      : [name];
    for (const pkg of names) {
      found.push(`${prefix}/${pkg}`);
      found.push(...installedPackages(path.join(dir, pkg, "node_modules"), `${prefix}/${pkg}/node_modules`));
    }
  }
  return found;
}

const repo = process.cwd();
const work = mkdtempSync(path.join(tmpdir(), "pulse-production-"));
const app = path.join(work, "app");
const NODE_LINE = imageNodeLine();
let scratch: ScratchPostgresDatabase | undefined;
let settings: Record<string, string>;
/** The image's Node.js release, and the machine's environment with its `node` first on PATH. */
let imageNode: { version: string; bin: string };
let onImageNode: () => Record<string, string>;

beforeAll(async () => {
  // The current sources' build, as `npm run build` makes it (npm test has just built both).
  if (webBuildIsStale()) await buildWeb({ quiet: true });
  await ensureServerBuild();
  imageNode = await nodeBinaryOfLine(
    NODE_LINE,
    path.join(repo, "node_modules/.cache/pulse-node"),
    machineEnv(),
  );
  onImageNode = () => {
    const env = machineEnv();
    return { ...env, PATH: [path.dirname(imageNode.bin), env.PATH].join(path.delimiter) };
  };
  const installed = await run("sh", ["scripts/production-install.sh", "runtime", app], repo, onImageNode());
  expect(installed.code, installed.stderr).toBe(0);

  const serverUrl = postgresServerUrl();
  if (serverUrl) scratch = await createScratchPostgresDatabase(serverUrl, "pulse_production");
  settings = {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(await freePort()),
    PUBLIC_URL: "https://pulse.example.test",
    COMPANY_DOMAIN: "example.test",
    JWT_SECRET: randomBytes(48).toString("base64url"),
    // Used only when someone signs in or sends the contact form: none of that happens here.
    GOOGLE_CLIENT_ID: "production-install.apps.googleusercontent.com",
    GOOGLE_CLIENT_SECRET: "production-install-client-secret",
    RECAPTCHA_SITE_KEY: "production-install-site-key",
    RECAPTCHA_SECRET_KEY: "production-install-secret-key",
    WORKFLOW_SECRET: `whsec_${randomBytes(32).toString("base64")}`,
    ...Object.fromEntries(
      WORKFLOW_HOOKS.map((hook) => [`WORKFLOW_${hook}_URL`, `https://workflows.example.test/${hook}`]),
    ),
    DATA_DIR: path.join(work, "data"),
    ...(scratch ? { DATABASE_URL: scratch.databaseUrl } : {}),
    LOG_LEVEL: "warn",
  };
}, INSTALL_TIMEOUT_MS);

afterAll(async () => {
  await scratch?.drop();
  rmSync(work, { recursive: true, force: true });
});

describe(`a production install on Node.js ${NODE_LINE} (${postgresServerUrl() ? "PostgreSQL" : "embedded database"})`, () => {
  it(`runs on the newest Node.js ${NODE_LINE} release, the line the Dockerfile builds on`, async () => {
    expect(imageNode.version).toMatch(new RegExp(`^${NODE_LINE}\\.\\d+\\.\\d+$`));
    const node = await run("node", ["--version"], app, onImageNode());
    expect(node.stdout.trim()).toBe(`v${imageNode.version}`);
  });

  it("holds the build and the production dependencies only: no source, no development package", () => {
    expect(existsSync(path.join(app, "src"))).toBe(false);
    for (const file of [
      "dist/web/index.html",
      "dist/server/main.mjs",
      "dist/server/db-migrate.mjs",
      "dist/server/sessions-revoke.mjs",
      "dist/server/contact-list.mjs",
      "dist/server/user-export.mjs",
      "dist/server/user-delete.mjs",
      "dist/server/streams-resolve.mjs",
    ])
      expect(existsSync(path.join(app, file)), file).toBe(true);

    const packages = installedPackages(path.join(app, "node_modules"));
    expect(packages).toContain("node_modules/fastify");
    const leaf = (pkg: string) => pkg.slice(pkg.lastIndexOf("node_modules/") + "node_modules/".length);
    expect(packages.filter((pkg) => DEVELOPMENT_PACKAGES.includes(leaf(pkg)))).toEqual([]);
    // Nor any other package the lock installs for development only.
    const lock = JSON.parse(readFileSync(path.join(app, "package-lock.json"), "utf8")) as {
      packages: Record<string, { dev?: boolean }>;
    };
    expect(packages.filter((pkg) => lock.packages[pkg]?.dev)).toEqual([]);
  });

  it(
    "serves Pulse under the production rules with node dist/server/main.mjs, and stops on SIGTERM with exit 0",
    async () => {
      const server = spawn(imageNode.bin, ["dist/server/main.mjs"], {
        cwd: app,
        env: { ...onImageNode(), ...settings },
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      server.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => server.on("exit", (code) => resolve(code)));
      const base = `http://127.0.0.1:${settings.PORT}`;
      try {
        // Ready: the database answers, the migrations are applied, realtime listens (what the HEALTHCHECK asks).
        await expect
          .poll(
            async () => {
              if (server.exitCode !== null) throw new Error(`the server exited: ${stderr}`);
              try {
                return (await fetch(`${base}/readyz`, { headers: { accept: "application/json" } })).status;
              } catch {
                return 0;
              }
            },
            { timeout: 60_000, interval: 200 },
          )
          .toBe(200);

        const page = await fetch(`${base}/`, { headers: { accept: "text/html" } });
        expect(page.status).toBe(200);
        expect(page.headers.get("content-type")).toMatch(/^text\/html/);
        const html = await page.text();
        expect(html).toMatch(/^<!doctype html>/i);
        // Pre-rendered by the bundled server-rendering build, which needs none of the web app's (dev) packages.
        expect(html).toContain('data-prerendered="/"');
        expect(html).toContain("AI-Driven Project Intelligence Platform");
        expect(page.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
        expect(page.headers.get("content-security-policy")).toContain("default-src 'self'");
        expect(page.headers.get("x-content-type-options")).toBe("nosniff");
        expect(page.headers.get("x-frame-options")).toBe("DENY");

        const config = await fetch(`${base}/api/config`);
        expect(config.status).toBe(200);
        expect(await config.json()).toMatchObject({
          companyDomain: "example.test",
          requireHostedDomain: true,
          captcha: { provider: "recaptcha", siteKey: "production-install-site-key" },
        });

        // No development stand-in in production.
        expect((await fetch(`${base}/dev/oidc/.well-known/openid-configuration`)).status).toBe(404);

        // The process answering is the image's Node.js (its own metrics say so; /metrics answers a loopback caller).
        const metrics = await fetch(`${base}/metrics`);
        expect(metrics.status).toBe(200);
        expect(await metrics.text()).toMatch(
          new RegExp(
            `^nodejs_version_info\\{version="v${imageNode.version.replace(/\./g, "\\.")}",major="${NODE_LINE}"`,
            "m",
          ),
        );

        server.kill("SIGTERM");
        expect(await exited).toBe(0);
      } finally {
        if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
      }
    },
    STEP_TIMEOUT_MS,
  );

  // After the server has stopped: the embedded database opens in one process at a time.
  it(
    "runs an operator command through npm, from its bundle, with no development dependency",
    async () => {
      const revoked = await run("npm", ["run", "sessions:revoke", "--", "nobody@example.test"], app, {
        ...onImageNode(),
        ...settings,
      });
      expect(revoked.code, revoked.stderr).toBe(0);
      expect(revoked.stdout).toContain("No active session for nobody@example.test.");
      expect(revoked.stderr).not.toContain("Building the server");
    },
    STEP_TIMEOUT_MS,
  );

  it(
    "npm run db:migrate finds nothing left to apply after the server's start applied the migrations",
    async () => {
      const migrated = await run("npm", ["run", "db:migrate"], app, { ...onImageNode(), ...settings });
      expect(migrated.code, migrated.stderr).toBe(0);
      expect(migrated.stdout).toMatch(/nothing to apply/);
    },
    STEP_TIMEOUT_MS,
  );
});
