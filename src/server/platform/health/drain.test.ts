import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REALTIME_CLOSE } from "@shared/realtime";
import { createSessionsBeforeStart } from "../../../testing/direct-session";
import { freePort } from "../../../testing/free-port";
import { migratedDataDir } from "../../../testing/migrated-data-dir";
import { startPulse } from "../../../testing/pulse-process";
import { TestSocket } from "../../../testing/realtime-test-client";
import { loadConfig } from "../../config";
import { productionSettings } from "../../../testing/production-settings";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "pulse-drain-"));

const productionEnv = () => productionSettings(dataDir());

describe("SHUTDOWN_DRAIN_SECONDS", () => {
  it("is 5 s under the production rules and none elsewhere, unless set", () => {
    expect(loadConfig(productionEnv()).shutdownDrainMs).toBe(5_000);
    expect(loadConfig({ NODE_ENV: "development", DATA_DIR: dataDir() }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir() }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ ...productionEnv(), SHUTDOWN_DRAIN_SECONDS: "0" }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ ...productionEnv(), SHUTDOWN_DRAIN_SECONDS: "" }).shutdownDrainMs).toBe(5_000);
    expect(
      loadConfig({ NODE_ENV: "development", DATA_DIR: dataDir(), SHUTDOWN_DRAIN_SECONDS: "2.5" })
        .shutdownDrainMs,
    ).toBe(2_500);
  });

  it.each(["-1", "soon", "601"])("refuses %s in one line naming the setting", (value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), SHUTDOWN_DRAIN_SECONDS: value })).toThrow(
      /^Invalid setting SHUTDOWN_DRAIN_SECONDS: /,
    );
  });
});

describe("SIGTERM to the server process", () => {
  it("answers /readyz 503 at once and serves on for the drain window, then closes sockets with 1012 and exits 0", async () => {
    const port = await freePort();
    const env = {
      DATA_DIR: await migratedDataDir("pulse-drain-"),
      PORT: String(port),
      LOG_LEVEL: "info",
      SHUTDOWN_DRAIN_SECONDS: "3",
    };
    const [session] = await createSessionsBeforeStart(env, ["ann@acme.com"]);
    const server = await startPulse({ env });
    try {
      const socket = await TestSocket.open(`ws://127.0.0.1:${port}/realtime`, `http://localhost:${port}`);
      await socket.authAndJoin(session!.access_token, [{ type: "join", channel: "connectors" }]);
      // Ready once its public pages have rendered (a balancer waits for that too).
      await expect
        .poll(async () => (await fetch(`${server.baseURL}/readyz`)).status, { timeout: 30_000 })
        .toBe(200);

      server.child.kill("SIGTERM");
      await Promise.race([
        server.waitForLog(/readyz answers 503/),
        server.exited.then((code) => {
          throw new Error(`exited (${code}) without a drain window`);
        }),
      ]);
      const draining = await fetch(`${server.baseURL}/readyz`);
      expect(draining.status).toBe(503);
      expect(await draining.json()).toEqual({
        error: { code: "draining", message: "This instance is shutting down." },
        checks: { shutdown: "failed" },
      });
      expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200);
      expect((await fetch(`${server.baseURL}/api/config`)).status).toBe(200);
      socket.send({ type: "ping", ref: 7 });
      await socket.next("pong", (m) => m.ref === 7);

      expect((await socket.closed).code).toBe(REALTIME_CLOSE.serviceRestart);
      expect(await server.exited).toBe(0);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
