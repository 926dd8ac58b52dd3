import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from "node:crypto";
import { SignJWT } from "jose";

/** The audience of Pulse's access tokens: its own API, nothing else. */
export const ACCESS_TOKEN_AUDIENCE = "pulse-api";
const ALGORITHM = "HS256";
const HS256_SIGNATURE_CHARACTERS = 43;
/** A JWS compact segment: unpadded base64url (RFC 7515 §2), nothing else. */
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export interface AccessTokenClaims {
  userId: string;
  sessionId: string;
}

/** How many verified tokens an instance remembers (a bound on their memory); the oldest is forgotten first. */
export const VERIFIED_TOKENS_KEPT = 10_000;

interface VerifiedToken {
  /** The whole token: the map below is keyed by its signature only. */
  token: string;
  claims: AccessTokenClaims;
  expiresAt: number;
  notBefore: number | undefined;
}

/**
 * Pulse's access tokens (ARCHITECTURE §5 Sessions): short-lived JWTs, HS256 with JWT_SECRET, issuer PUBLIC_URL,
 * audience "pulse-api". Verification accepts HS256 only, so `alg: none` and tokens of other keys, issuers or
 * audiences are refused.
 */
export class AccessTokens {
  /**
   * A KeyObject made once: given raw bytes, jose imports a WebCrypto key on every sign and verify, which profiling
   * showed as a fixed cost of every signed-in request (docs/performance.md).
   */
  private readonly key: KeyObject;
  /**
   * Tokens whose signature, issuer, audience and claims have passed (decision 0082). Those checks depend on the
   * token's bytes and this instance's key only, so a token seen again skips them; its times are checked every
   * time. A client reuses its token for up to an hour, and the HMAC and the two JSON decodings were a visible share
   * of a cheap request's CPU (docs/performance.md). Only successes are kept, so junk tokens cannot fill it.
   * Keyed by the signature segment, and a hit counts only when the whole token is the same: V8 hashes every
   * character of a key it looks up, and the signature is 43 of a token's ~330 (docs/performance.md, a twenty-first
   * machine). A forged token that reuses a kept signature is no hit, and is verified and refused like any other.
   */
  private readonly verified = new Map<string, VerifiedToken>();

  constructor(
    secret: string,
    private readonly issuer: string,
    /**
     * The owner's own rule on the claims (the session service: both ids are UUIDs), checked with the others, once
     * per token: a token that fails it is refused as "claims" and never remembered.
     */
    private readonly claimsAreWellFormed: (claims: AccessTokenClaims) => boolean = () => true,
  ) {
    this.key = createSecretKey(Buffer.from(secret, "utf8"));
  }

  /** Deterministic for the same inputs: the two-tab grace of refresh hands back the very same token. */
  sign(claims: AccessTokenClaims, issuedAt: number, expiresAt: number, tokenId?: string): Promise<string> {
    const jwt = new SignJWT({ sid: claims.sessionId });
    // The refresh token's id: a refresh in the same second as the sign-in still hands out a new access token.
    if (tokenId !== undefined) jwt.setJti(tokenId);
    return jwt
      .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
      .setSubject(claims.userId)
      .setIssuer(this.issuer)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.key);
  }

  /**
   * The token's claims; rejects a bad signature, algorithm, issuer, audience, or an expired token (`check`'s
   * answer, as a promise).
   *
   * Checked synchronously with node:crypto rather than jose's WebCrypto path: every signed-in request verifies one,
   * and jose's asynchronous HMAC was a large share of a list request's CPU (docs/performance.md). The
   * rules are jose's for this one algorithm: HS256 only (never `none`), canonical unpadded base64url only, no `crit`
   * header, a constant-time signature comparison over the exact bytes received, then iss, aud, exp (no leeway), nbf
   * when present, and the required claims.
   */
  async verify(token: string, now = Math.floor(Date.now() / 1000)): Promise<AccessTokenClaims> {
    return this.check(token, now);
  }

  /** `verify`, answered at once: it throws what `verify` rejects (the guard of every signed-in request, sessions.ts). */
  check(token: string, now = Math.floor(Date.now() / 1000)): AccessTokenClaims {
    const kept = this.verified.get(signatureOf(token));
    const known = kept?.token === token ? kept : this.verifyBytes(token);
    checkTimes(known, now);
    return known.claims;
  }

  private verifyBytes(token: string): VerifiedToken {
    const parts = token.split(".");
    if (parts.length !== 3) throw new AccessTokenError("malformed");
    const [header, payload, signature] = parts as [string, string, string];
    if (!parts.every((part) => BASE64URL.test(part))) throw new AccessTokenError("malformed");
    const protectedHeader = decodeJson(header) as { alg?: unknown; crit?: unknown };
    if (protectedHeader.alg !== ALGORITHM) throw new AccessTokenError("algorithm");
    // No header extension is understood here, so any `crit` names one that is not: refused, as jose does.
    if (protectedHeader.crit !== undefined) throw new AccessTokenError("crit");
    // The signature compared as the one canonical string of the expected bytes: Node's decoder would ignore a
    // last character's unused bits or a trailing `=`, so one token would verify under many spellings (and fill
    // many slots of the cache below).
    const expected = Buffer.from(
      createHmac("sha256", this.key).update(`${header}.${payload}`).digest("base64url"),
    );
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new AccessTokenError("signature");
    }
    const claims = decodeJson(payload) as Record<string, unknown>;
    const audience = claims.aud;
    if (claims.iss !== this.issuer) throw new AccessTokenError("issuer");
    if (
      audience !== ACCESS_TOKEN_AUDIENCE &&
      !(Array.isArray(audience) && audience.includes(ACCESS_TOKEN_AUDIENCE))
    ) {
      throw new AccessTokenError("audience");
    }
    if (typeof claims.exp !== "number") throw new AccessTokenError("expired");
    if (claims.nbf !== undefined && typeof claims.nbf !== "number")
      throw new AccessTokenError("not yet valid");
    if (typeof claims.iat !== "number") throw new AccessTokenError("claims");
    if (typeof claims.sub !== "string" || typeof claims.sid !== "string")
      throw new AccessTokenError("claims");
    const checked = { userId: claims.sub, sessionId: claims.sid };
    if (!this.claimsAreWellFormed(checked)) throw new AccessTokenError("claims");
    const verified: VerifiedToken = {
      token,
      claims: checked,
      expiresAt: claims.exp,
      notBefore: claims.nbf,
    };
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(signature, verified);
    return verified;
  }
}

/**
 * An HS256 token's signature segment: 32 bytes as unpadded base64url, the last 43 characters of any token this
 * instance verifies. Of any other string it is just its end, which no kept token will equal as a whole.
 */
function signatureOf(token: string): string {
  return token.slice(-HS256_SIGNATURE_CHARACTERS);
}

/** exp without leeway, nbf when present: checked on every use, remembered or not. */
function checkTimes(token: VerifiedToken, now: number): void {
  if (token.expiresAt <= now) throw new AccessTokenError("expired");
  if (token.notBefore !== undefined && token.notBefore > now) throw new AccessTokenError("not yet valid");
}

export class AccessTokenError extends Error {
  override name = "AccessTokenError";
  constructor(reason: string) {
    super(`Access token refused: ${reason}`);
  }
}

function decodeJson(segment: string): unknown {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, "base64url").toString("utf8"));
    if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error("not an object");
    return value;
  } catch {
    throw new AccessTokenError("malformed");
  }
}
