import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app";

/** A fresh app per block (hooks: creating one may take a while on a busy machine). */
function appWith(env: Record<string, string>): () => TestApp {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: "2", ...env } });
  });
  afterAll(async () => {
    await t.close();
  });
  return () => t;
}

const randomAddress = () => `${randomInt(1, 223)}.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Three sign-in starts from one socket address, each claiming a fresh X-Forwarded-For chain. */
async function startsFrom(
  app: TestApp["app"],
  remoteAddress: string,
  chain: () => string,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/google/start",
      remoteAddress,
      headers: { "x-forwarded-for": chain(), "content-type": "application/json" },
      payload: "{}",
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe("TRUST_PROXY unset", () => {
  const t = appWith({});
  it("ignores X-Forwarded-For, so a new address per request does not escape the limit", async () => {
    expect(await startsFrom(t().app, "203.0.113.9", randomAddress)).toEqual([400, 400, 429]);
  });
});

describe("TRUST_PROXY=1", () => {
  const t = appWith({ TRUST_PROXY: "1" });
  it("counts only the address the proxy appended, whatever the client put before it", async () => {
    const client = "198.51.100.7";
    expect(await startsFrom(t().app, "10.0.0.1", () => `${randomAddress()}, ${client}`)).toEqual([
      400, 400, 429,
    ]);
    // Another real client behind the same proxy has its own count.
    expect((await startsFrom(t().app, "10.0.0.1", () => "198.51.100.8"))[0]).toBe(400);
  });
});

describe("TRUST_PROXY as a list of proxies", () => {
  const t = appWith({ TRUST_PROXY: "10.0.0.0/8" });
  it("believes the header only from a listed proxy", async () => {
    // From outside the list, a spoofed header changes nothing: the socket address is counted.
    expect(await startsFrom(t().app, "203.0.113.20", randomAddress)).toEqual([400, 400, 429]);
    // From the proxy, the client it names is counted.
    expect(await startsFrom(t().app, "10.1.2.3", () => "198.51.100.30")).toEqual([400, 400, 429]);
    expect((await startsFrom(t().app, "10.1.2.3", () => "198.51.100.31"))[0]).toBe(400);
  });
});
