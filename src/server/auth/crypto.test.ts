import { describe, expect, it } from "vitest";
import { decrypt, deriveKey, encrypt, randomToken, s256, safeEqual, sha256Hex } from "./crypto";

describe("auth crypto helpers", () => {
  it("S256 matches RFC 7636's example", () => {
    expect(s256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe(
      "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    );
  });

  it("random tokens are 256-bit base64url and differ", () => {
    const a = randomToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(a);
  });

  it("AES-256-GCM round-trips, and refuses a tampered value or another key", () => {
    const key = deriveKey("a-secret-of-at-least-thirty-two-chars!", "test");
    const sealed = encrypt(key, "1//google-refresh-token");
    expect(sealed).not.toContain("google-refresh-token");
    expect(decrypt(key, sealed)).toBe("1//google-refresh-token");
    expect(encrypt(key, "same")).not.toBe(encrypt(key, "same"));
    const parts = sealed.split(".");
    parts[3] = Buffer.from("tampered").toString("base64url");
    expect(() => decrypt(key, parts.join("."))).toThrow();
    expect(() => decrypt(deriveKey("a-secret-of-at-least-thirty-two-chars!", "other"), sealed)).toThrow();
  });

  it("derives different keys per purpose; hashes and compares", () => {
    expect(deriveKey("s".repeat(32), "a").equals(deriveKey("s".repeat(32), "b"))).toBe(false);
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(safeEqual("abc", "abc")).toBe(true);
    expect(safeEqual("abc", "abd")).toBe(false);
    expect(safeEqual("abc", "abcd")).toBe(false);
  });
});
