import { describe, expect, it } from "vitest";
import { createTestApp } from "../testing/test-app";

// In process, on the test database (PGlite, and PostgreSQL when given). The real process, signalled, is
// shutdown-process.test.ts: it runs on an embedded DATA_DIR whatever the test database is.
describe("graceful shutdown", () => {
  it("lets a request in flight finish while refusing new ones", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const inFlight = new Promise<void>((r) => (started = r));
    const t = await createTestApp({
      extend(app) {
        app.get("/test/slow", async () => {
          started();
          await gate;
          return { done: true };
        });
      },
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address() as { port: number };
    const slow = fetch(`http://127.0.0.1:${address.port}/test/slow`);
    await inFlight;

    const closing = t.app.close();
    release();
    const res = await slow;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await closing;
    await expect(fetch(`http://127.0.0.1:${address.port}/healthz`)).rejects.toThrow();
    await t.close();
  });
});
