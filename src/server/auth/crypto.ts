import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";

/** Small, named crypto helpers of sign-in and sessions; every primitive is Node's own (no home-made crypto). */

/** 256 bits of randomness as base64url (refresh tokens, one-time codes, OAuth state). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** What is stored instead of a bearer secret: its SHA-256, hex. */
export function sha256Hex(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

/** RFC 7636 S256: base64url(SHA-256(verifier)). */
export function s256(verifier: string): string {
  return createHash("sha256").update(verifier, "ascii").digest("base64url");
}

/** Compares two strings without leaking where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A purpose-bound 32-byte key derived from the server secret (HKDF-SHA-256), so one secret never serves two uses. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", Buffer.from(secret, "utf8"), "pulse", purpose, 32));
}

/** HMAC-SHA-256 of `value`, base64url. */
export function hmac(key: Buffer, value: string): string {
  return createHmac("sha256", key).update(value, "utf8").digest("base64url");
}

const VERSION = "v1";

/** AES-256-GCM with a random 96-bit IV: `v1.<iv>.<tag>.<ciphertext>` (base64url parts). */
export function encrypt(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** Opens what `encrypt` sealed; throws when the value was altered or sealed with another key. */
export function decrypt(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error("Unrecognised sealed value");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}
