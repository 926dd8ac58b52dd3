import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../../testing/test-database";
import { addressKey, createRateLimiter } from "./limiter";

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
});
afterAll(async () => {
  await drop();
});

describe("database rate limiter", () => {
  it("allows max requests per sliding window and says when the next one is allowed", async () => {
    let now = new Date("2026-03-01T10:00:00Z");
    const limiter = createRateLimiter(db, { name: "t1", max: 2, windowMs: 10 * 60_000, now: () => now });
    expect(await limiter.hit("192.0.2.1")).toEqual({ allowed: true, remaining: 1 });
    now = new Date("2026-03-01T10:04:00Z");
    expect(await limiter.hit("192.0.2.1")).toEqual({ allowed: true, remaining: 0 });
    now = new Date("2026-03-01T10:05:00Z");
    expect(await limiter.hit("192.0.2.1")).toEqual({ allowed: false, retryAfterSeconds: 300 });
    // Refused requests are not counted: at 10:10:01 the first hit has left the window.
    now = new Date("2026-03-01T10:10:01Z");
    expect(await limiter.hit("192.0.2.1")).toEqual({ allowed: true, remaining: 0 });
    expect(await limiter.hit("192.0.2.1")).toEqual({ allowed: false, retryAfterSeconds: 239 });
    expect(await limiter.hit("192.0.2.2")).toEqual({ allowed: true, remaining: 1 });
  });

  it("shares its count between instances on one database and forgets old windows", async () => {
    const now = () => new Date("2026-03-02T00:00:00Z");
    const a = createRateLimiter(db, { name: "t2", max: 3, windowMs: 60_000, now });
    const b = createRateLimiter(db, { name: "t2", max: 3, windowMs: 60_000, now });
    await a.hit("192.0.2.9");
    await b.hit("192.0.2.9");
    await a.hit("192.0.2.9");
    expect((await b.hit("192.0.2.9")).allowed).toBe(false);
    const [old] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pulse.rate_limit_hits WHERE bucket LIKE 't2:%' AND hit_at < '2026-03-01T23:00:00Z'",
    );
    expect(old!.n).toBe(0);
  });

  it("cleans only its own rows: a one-minute limiter never wipes a ten-minute limiter's count (issue 20 item 6)", async () => {
    let now = new Date("2026-03-04T10:00:00Z");
    const contact = createRateLimiter(db, {
      name: "contact6",
      max: 2,
      windowMs: 10 * 60_000,
      now: () => now,
    });
    const captcha = createRateLimiter(db, { name: "captcha6", max: 60, windowMs: 60_000, now: () => now });
    await captcha.hit("192.0.2.60"); // its first hit purges; the next purge is due a minute later
    expect((await contact.hit("192.0.2.60")).allowed).toBe(true);
    expect((await contact.hit("192.0.2.60")).allowed).toBe(true);
    now = new Date("2026-03-04T10:02:00Z");
    expect(await contact.hit("192.0.2.60")).toEqual({ allowed: false, retryAfterSeconds: 480 });
    // Two minutes on, the captcha limiter's cleanup runs; the contact hits are inside their own window still.
    expect((await captcha.hit("192.0.2.60")).allowed).toBe(true);
    expect(await contact.hit("192.0.2.60")).toEqual({ allowed: false, retryAfterSeconds: 480 });
    const [kept] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pulse.rate_limit_hits WHERE bucket LIKE 'contact6:%'",
    );
    expect(kept!.n).toBe(2);
  });

  it("lets exactly the limit through when a burst arrives all at once", async () => {
    const now = () => new Date("2026-03-03T00:00:00Z");
    const admitted: number[] = [];
    // Several rounds: one race can go the right way by luck. Separate limiter objects, like separate instances.
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          createRateLimiter(db, { name: `burst${round}`, max: 20, windowMs: 60_000, now }).hit("192.0.2.50"),
        ),
      );
      admitted.push(results.filter((r) => r.allowed).length);
    }
    expect(admitted).toEqual([20, 20, 20, 20, 20]);
    const [stored] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pulse.rate_limit_hits WHERE bucket LIKE 'burst%'",
    );
    expect(stored!.n).toBe(100);
  });

  it("counts IPv6 clients by /64 network and IPv4-mapped addresses as IPv4", () => {
    expect(addressKey("203.0.113.5")).toBe("203.0.113.5");
    expect(addressKey("::ffff:203.0.113.5")).toBe("203.0.113.5");
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
  });
});
