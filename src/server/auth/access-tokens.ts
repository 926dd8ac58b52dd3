import { jwtVerify, SignJWT } from "jose";

/** The audience of Pulse's access tokens: its own API, nothing else. */
export const ACCESS_TOKEN_AUDIENCE = "pulse-api";
const ALGORITHM = "HS256";

export interface AccessTokenClaims {
  userId: string;
  sessionId: string;
}

/**
 * Pulse's access tokens (ARCHITECTURE §5 Sessions): short-lived JWTs, HS256 with JWT_SECRET, issuer PUBLIC_URL,
 * audience "pulse-api". Verification accepts HS256 only, so `alg: none` and tokens of other keys, issuers or
 * audiences are refused.
 */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly issuer: string,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** Deterministic for the same inputs: the two-tab grace of refresh hands back the very same token. */
  sign(claims: AccessTokenClaims, issuedAt: number, expiresAt: number): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
      .setSubject(claims.userId)
      .setIssuer(this.issuer)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.key);
  }

  /** The token's claims; throws for a bad signature, algorithm, issuer, audience, or an expired token. */
  async verify(token: string): Promise<AccessTokenClaims> {
    const { payload } = await jwtVerify(token, this.key, {
      algorithms: [ALGORITHM],
      issuer: this.issuer,
      audience: ACCESS_TOKEN_AUDIENCE,
      requiredClaims: ["sub", "sid", "exp", "iat"],
    });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") {
      throw new Error("Access token without subject or session");
    }
    return { userId: payload.sub, sessionId: payload.sid };
  }
}
