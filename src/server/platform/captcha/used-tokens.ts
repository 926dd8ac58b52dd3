import { and, eq, gt, lt } from "drizzle-orm";
import type { Orm } from "../../db/client";
import { captchaUsedTokens } from "../../db/schema";
import type { CaptchaProvider } from "./types";

/**
 * The single-use register of captcha tokens, in PostgreSQL so that every instance agrees (ARCHITECTURE §2). A token
 * is claimed inside the transaction that stores what it protects: an accepted token is used, a refused request
 * uses nothing.
 */

/** Anything that runs Drizzle queries: the database or a transaction. */
export type Executor = Pick<Orm, "select" | "insert" | "delete">;

export async function isTokenUsed(db: Executor, tokenId: string, now: Date = new Date()): Promise<boolean> {
  const rows = await db
    .select({ tokenId: captchaUsedTokens.tokenId })
    .from(captchaUsedTokens)
    .where(and(eq(captchaUsedTokens.tokenId, tokenId), gt(captchaUsedTokens.expiresAt, now)))
    .limit(1);
  return rows.length > 0;
}

/** Records the token as used; false when another request (on any instance) claimed it first. */
export async function claimToken(
  db: Executor,
  token: { tokenId: string; provider: CaptchaProvider; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(captchaUsedTokens)
    .values({ tokenId: token.tokenId, provider: token.provider, expiresAt: token.expiresAt })
    .onConflictDoNothing()
    .returning({ tokenId: captchaUsedTokens.tokenId });
  return rows.length === 1;
}

/** Forgets tokens that could no longer be accepted anyway. */
export async function purgeExpiredTokens(db: Executor, now: Date = new Date()): Promise<void> {
  await db.delete(captchaUsedTokens).where(lt(captchaUsedTokens.expiresAt, now));
}
