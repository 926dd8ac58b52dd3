import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AUTH_ROUTES } from "@shared/auth";
import { signInThroughDevProvider, withRefreshCookie } from "../../testing/auth-test-driver";
import { startTwoInstances, type TwoInstances } from "../../testing/two-instances";

/** Decision 0081 across instances: what one instance ends, the others stop serving from their caches. */
let instances: TwoInstances;
beforeAll(async () => {
  instances = await startTwoInstances("sessions");
  await instances.appB.ready();
});
afterAll(async () => {
  await instances?.close();
});

const userOn = (app: TwoInstances["appA"], token: string) =>
  app.inject({ url: AUTH_ROUTES.user, headers: { authorization: `Bearer ${token}` } });
const heardWithin = { timeout: 2_000, interval: 10 };

describe("sessions across instances", () => {
  it("a sign-out on instance A is refused on instance B, which had the session cached", async () => {
    const { appA, appB } = instances;
    const ann = await signInThroughDevProvider(appA, "ann@acme.com");
    expect((await userOn(appB, ann.access_token)).statusCode).toBe(200);
    expect((await userOn(appB, ann.access_token)).statusCode).toBe(200);

    const out = await appA.inject(
      withRefreshCookie(appA, ann.refresh_token, {
        url: AUTH_ROUTES.signOut,
        headers: { authorization: `Bearer ${ann.access_token}` },
      }),
    );
    expect(out.statusCode).toBe(204);
    expect((await userOn(appA, ann.access_token)).statusCode).toBe(401);
    await vi.waitFor(
      async () => expect((await userOn(appB, ann.access_token)).statusCode).toBe(401),
      heardWithin,
    );
  });

  it("a revocation B could not hear (its database connection was cut) is still enforced by B afterwards", async () => {
    const { appA, appB, proxy } = instances;
    const bo = await signInThroughDevProvider(appA, "bo@acme.com");
    expect((await userOn(appB, bo.access_token)).statusCode).toBe(200);

    await proxy.cut();
    // Once B has noticed the lost connection it serves nothing from its cache: the check reaches for the database.
    await vi.waitFor(async () => expect((await userOn(appB, bo.access_token)).statusCode).toBe(503), {
      timeout: 5_000,
      interval: 20,
    });
    // Committed while B's LISTEN connection is down: B never receives this NOTIFY.
    expect(await appA.auth.sessions.revokeAllForEmail("bo@acme.com")).toBe(1);
    await proxy.restore();

    // 503 while B's pool reconnects, then 401; never 200 again.
    const statuses: number[] = [];
    await vi.waitFor(
      async () => {
        statuses.push((await userOn(appB, bo.access_token)).statusCode);
        expect(statuses.at(-1)).toBe(401);
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(statuses).not.toContain(200);
  });
});
