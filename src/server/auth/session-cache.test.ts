import { describe, expect, it } from "vitest";
import type { Authenticated } from "../platform/current-user";
import { SessionCache } from "./session-cache";

const signedIn = (sessionId: string, userId: string): Authenticated => ({
  sessionId,
  user: {
    id: userId,
    email: `${userId}@acme.com`,
    email_verified: true,
    name: null,
    hd: "acme.com",
    identities: [],
    factors: [],
  },
});

function listeningCache(options: { ttlMs?: number; maxEntries?: number } = {}) {
  const clock = { now: 1_000_000 };
  const cache = new SessionCache({ now: () => clock.now, ...options });
  cache.setListening(true);
  const endsIn = (ms: number) => new Date(clock.now + ms);
  const keep = (a: Authenticated, sessionEndsAt = endsIn(3_600_000)) =>
    cache.store(cache.beginRead(), a, sessionEndsAt);
  return { cache, clock, endsIn, keep };
}

describe("the session check's cache (decision 0081)", () => {
  it("serves a session it read, for that session and user only", () => {
    const { cache, keep } = listeningCache();
    const ann = signedIn("s-ann", "u-ann");
    keep(ann);
    expect(cache.get("s-ann", "u-ann")).toEqual(ann);
    expect(cache.get("s-ann", "u-bob")).toBeUndefined();
    expect(cache.get("s-other", "u-ann")).toBeUndefined();
  });

  it("keeps nothing until it listens for changes, and forgets everything when it stops", () => {
    const clock = { now: 0 };
    const cache = new SessionCache({ now: () => clock.now });
    cache.store(cache.beginRead(), signedIn("s1", "u1"), new Date(60_000));
    expect(cache.get("s1", "u1")).toBeUndefined();

    cache.setListening(true);
    cache.store(cache.beginRead(), signedIn("s1", "u1"), new Date(60_000));
    expect(cache.get("s1", "u1")).toBeDefined();
    cache.setListening(false);
    expect(cache.get("s1", "u1")).toBeUndefined();
    // Back to listening after a lost connection: what was read before is not trusted again.
    cache.setListening(true);
    expect(cache.get("s1", "u1")).toBeUndefined();
  });

  it("drops every session of a user whose rows changed, and no one else's", () => {
    const { cache, keep } = listeningCache();
    keep(signedIn("s-ann-1", "u-ann"));
    keep(signedIn("s-ann-2", "u-ann"));
    keep(signedIn("s-bob", "u-bob"));
    cache.userChanged("u-ann");
    expect(cache.get("s-ann-1", "u-ann")).toBeUndefined();
    expect(cache.get("s-ann-2", "u-ann")).toBeUndefined();
    expect(cache.get("s-bob", "u-bob")).toBeDefined();
  });

  it("does not keep a read that was under way when a change arrived: it may predate the change", () => {
    const { cache, endsIn } = listeningCache();
    const readStartedAt = cache.beginRead();
    cache.userChanged("u-somebody");
    cache.store(readStartedAt, signedIn("s1", "u1"), endsIn(60_000));
    expect(cache.get("s1", "u1")).toBeUndefined();

    const duringOutage = cache.beginRead();
    cache.setListening(false);
    cache.setListening(true);
    cache.store(duringOutage, signedIn("s1", "u1"), endsIn(60_000));
    expect(cache.get("s1", "u1")).toBeUndefined();
  });

  it("trusts a read for ttlMs at most, and never past the session's own end", () => {
    const { cache, clock, endsIn, keep } = listeningCache({ ttlMs: 10_000 });
    keep(signedIn("long", "u1"));
    keep(signedIn("short", "u2"), endsIn(3_000));
    clock.now += 2_999;
    expect(cache.get("short", "u2")).toBeDefined();
    clock.now += 1;
    expect(cache.get("short", "u2")).toBeUndefined();
    clock.now += 6_999;
    expect(cache.get("long", "u1")).toBeDefined();
    clock.now += 1;
    expect(cache.get("long", "u1")).toBeUndefined();
  });

  it("holds at most maxEntries, letting the oldest read go first", () => {
    const { cache, keep } = listeningCache({ maxEntries: 2 });
    keep(signedIn("s1", "u1"));
    keep(signedIn("s2", "u2"));
    keep(signedIn("s3", "u3"));
    expect(cache.size).toBe(2);
    expect(cache.get("s1", "u1")).toBeUndefined();
    expect(cache.get("s2", "u2")).toBeDefined();
    expect(cache.get("s3", "u3")).toBeDefined();
  });
});
