import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_ENTRY } from "../build/build-state.mjs";
import { freePort } from "../testing/free-port";
import { migratedDataDir } from "../testing/migrated-data-dir";
import { startPulse } from "../testing/pulse-process";
import { serverCommand } from "../testing/server-command";
import { openDatabase } from "./db/client";

interface Exit {
  code: number | null;
  stderr: string;
}

/** The server process as `npm start` runs it: the bundle built from the current sources. */
async function startMain(env: Record<string, string>) {
  const { command, args } = await serverCommand();
  const child = spawn(command, args, {
    env: { ...process.env, LOG_LEVEL: "warn", NODE_ENV: "development", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<Exit>((resolve) => child.on("exit", (code) => resolve({ code, stderr })));
  return { child, exited };
}

async function waitHealthy(port: number): Promise<void> {
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`http://127.0.0.1:${port}/healthz`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe(200);
}

describe("the server process", () => {
  it("runs from the bundle npm start runs: answers /healthz, serves the web app and the development sign-in", async () => {
    const webDir = mkdtempSync(path.join(tmpdir(), "pulse-web-"));
    writeFileSync(
      path.join(webDir, "index.html"),
      "<!doctype html><html><head><title>Built page</title></head></html>",
    );
    const server = await startPulse({
      env: { DATA_DIR: mkdtempSync(path.join(tmpdir(), "pulse-main-")), WEB_DIR: webDir },
    });
    try {
      expect(server.child.spawnargs).toContain(SERVER_ENTRY);
      const health = await fetch(`${server.baseURL}/healthz`);
      expect(await health.json()).toMatchObject({ status: "ok", database: "pglite" });

      const page = await fetch(`${server.baseURL}/projects`, { headers: { accept: "text/html" } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("<title>Built page</title>");
      expect(html).toContain('id="pulse-config"');

      // The development identity provider, made on its first request, answers the discovery sign-in starts with.
      const discovery = await fetch(`${server.baseURL}/dev/oidc/.well-known/openid-configuration`);
      expect(discovery.status).toBe(200);
      expect(((await discovery.json()) as { issuer: string }).issuer).toMatch(/\/dev\/oidc$/);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 60_000);

  it("exits with a one-line reason when the database cannot be reached at start", async () => {
    const { exited } = await startMain({
      PORT: String(await freePort()),
      DATABASE_URL: "postgres://postgres@127.0.0.1:1/nowhere",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "pulse-main-")),
    });
    const { code, stderr } = await exited;
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/^pulse: Cannot open the database \(DATABASE_URL\): .*ECONNREFUSED/);
  });

  it("exits with a one-line reason when a setting is invalid", async () => {
    const { exited } = await startMain({ PORT: "not-a-port" });
    const { code, stderr } = await exited;
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(/^pulse: Invalid setting PORT/);
  });

  it("refuses to start on HOST=0.0.0.0 with no other settings, naming what to set (no stand-in on a network)", async () => {
    const { exited } = await startMain({
      PORT: String(await freePort()),
      HOST: "0.0.0.0",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "pulse-main-")),
    });
    const { code, stderr } = await exited;
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(
      /^pulse: Production needs these settings \(HOST 0\.0\.0\.0 is not a loopback address, so the production rules apply and the development stand-ins cannot run\): PUBLIC_URL, COMPANY_DOMAIN, JWT_SECRET, GOOGLE_CLIENT_ID/,
    );
  });

  it("refuses a second server on the same DATA_DIR, and shuts down cleanly on SIGTERM", async () => {
    const dataDir = await migratedDataDir("pulse-main-");
    const port = await freePort();
    const first = await startMain({ PORT: String(port), DATA_DIR: dataDir });
    await waitHealthy(port);

    const second = await startMain({ PORT: String(await freePort()), DATA_DIR: dataDir });
    const refused = await second.exited;
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^pulse: The embedded database in .* is in use by another Pulse server/);

    first.child.kill("SIGTERM");
    expect((await first.exited).code).toBe(0);
    expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);

    // The embedded database reopens intact after the shutdown.
    const db = await openDatabase({ dataDir });
    const rows = await db.query<{ name: string }>("SELECT name FROM public.pulse_migrations");
    expect(rows.length).toBeGreaterThan(0);
    await db.close();
  }, 60_000);
});

describe("the embedded database", () => {
  it("keeps every committed write across close and reopen", async () => {
    const dataDir = await migratedDataDir("pulse-pglite-");
    const db = await openDatabase({ dataDir });
    await db.query("INSERT INTO auth.users (email) VALUES ('ann@acme.com')");
    await db.close();
    const reopened = await openDatabase({ dataDir });
    const rows = await reopened.query<{ email: string }>("SELECT email FROM auth.users");
    expect(rows).toEqual([{ email: "ann@acme.com" }]);
    await reopened.close();
  });

  it("refuses to open a directory another handle in this process holds", async () => {
    const dataDir = await migratedDataDir("pulse-pglite-");
    const db = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toThrow(/already open in this process/);
    await db.close();
  });
});
