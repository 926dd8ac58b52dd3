import { and, eq, isNotNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import { identities } from "../db/schema";
import { decrypt, encrypt } from "./crypto";
import type { OidcClient } from "./oidc-client";

/**
 * What Google says of an account: still granting access, no longer, nothing to ask with (no stored refresh token),
 * a stored token that cannot be read (sealed under an earlier JWT_SECRET, or altered), or it could not be asked
 * just now (Google unreachable or erring: ask again soon). Only "active" and "unavailable" keep the sessions.
 */
export type AccountStatus = "active" | "revoked" | "unknown" | "unreadable" | "unavailable";

export type AccountCheck = (userId: string) => Promise<AccountStatus>;

/**
 * Asks Google with the user's stored refresh token whether the account still grants Pulse access (issue #7: a
 * person who leaves the company loses the Google account, and with it Pulse). A user without a stored token
 * (outside the company domain, or Google sent none) cannot be asked: "unknown", and the caller ends the sessions.
 */
export function googleAccountCheck(
  db: Database,
  oidc: OidcClient,
  tokenKey: Buffer,
  log: FastifyBaseLogger,
): AccountCheck {
  return async (userId) => {
    const [identity] = await db.orm
      .select({ id: identities.id, token: identities.refreshTokenEncrypted })
      .from(identities)
      .where(
        and(
          eq(identities.userId, userId),
          eq(identities.provider, "google"),
          isNotNull(identities.refreshTokenEncrypted),
        ),
      );
    if (!identity?.token) return "unknown";
    let refreshToken: string;
    try {
      refreshToken = decrypt(tokenKey, identity.token);
    } catch {
      // Asking again would fail the same way for ever: the token is dropped, and the caller ends the sessions; the
      // next sign-in stores a fresh one.
      log.warn({ userId }, "the stored Google refresh token cannot be read: ending the user's sessions");
      await db.orm
        .update(identities)
        .set({ refreshTokenEncrypted: null, updatedAt: new Date() })
        .where(eq(identities.id, identity.id));
      return "unreadable";
    }
    const result = await oidc.checkGrant(refreshToken);
    if (result.status === "unavailable") {
      log.warn({ err: result.cause, userId }, "could not re-check the Google account; trying again shortly");
      return "unavailable";
    }
    if (result.status === "revoked") {
      log.info({ userId }, "Google no longer grants access: ending the user's sessions");
      await db.orm
        .update(identities)
        .set({ refreshTokenEncrypted: null, updatedAt: new Date() })
        .where(eq(identities.id, identity.id));
      return "revoked";
    }
    if (result.refreshToken) {
      await db.orm
        .update(identities)
        .set({ refreshTokenEncrypted: encrypt(tokenKey, result.refreshToken), updatedAt: new Date() })
        .where(eq(identities.id, identity.id));
    }
    return "active";
  };
}
