import { and, eq, ne, sql } from "drizzle-orm";
import type { SessionUser } from "@shared/auth";
import { rowsOf, type Database } from "../db/client";
import { identities, userProfiles, users } from "../db/schema";

/** What a verified Google ID token says about the person (ARCHITECTURE §5 Sessions). */
export interface VerifiedIdentity {
  /** Google's stable account id (`sub`): the key of the identity, never the e-mail. */
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
  /** The `hd` claim, present for Google Workspace accounts. */
  hostedDomain: string | null;
}

export interface UpsertOptions {
  /** Whether this person may use the product (src/shared/auth-access.ts). */
  authorised: boolean;
  /** Google's refresh token, already encrypted (AES-256-GCM); kept for authorised users only. */
  refreshTokenEncrypted: string | null;
}

const PROVIDER = "google";

/**
 * An authorised sign-in whose e-mail's profile belongs to another Google account (`sub`): the address was moved to
 * a new account at Google, or reused. Pulse never hands one person's profile and PulseMaps to another account
 * silently; an operator releases the old account first (docs/decisions/0021-hardening-the-base.md).
 */
export class AccountConflictError extends Error {
  override name = "AccountConflictError";
  constructor(readonly holderUserId: string) {
    super("The e-mail's profile belongs to another account");
  }
}

/**
 * Creates or updates the auth user and identity for a verified Google sign-in, keyed by the provider subject, and
 * — for authorised users — the product's `pulse.user_profiles` row for that e-mail (SPEC §7 reads it by e-mail).
 * One transaction: a failure stores nothing.
 */
export async function upsertGoogleUser(
  db: Database,
  identity: VerifiedIdentity,
  { authorised, refreshTokenEncrypted }: UpsertOptions,
): Promise<string> {
  const email = identity.email.toLowerCase();
  const now = new Date();
  return db.orm.transaction(async (tx) => {
    const [existing] = await tx
      .select({ userId: identities.userId, id: identities.id })
      .from(identities)
      .where(and(eq(identities.provider, PROVIDER), eq(identities.providerSubject, identity.subject)));

    let userId: string;
    if (existing) {
      userId = existing.userId;
      await tx
        .update(users)
        .set({
          email,
          emailVerified: identity.emailVerified,
          name: identity.name,
          updatedAt: now,
          lastSignInAt: now,
        })
        .where(eq(users.id, userId));
      await tx
        .update(identities)
        .set({
          email,
          hostedDomain: identity.hostedDomain,
          // Outside the company domain nothing of Google's is kept, not even an earlier token.
          ...(authorised
            ? refreshTokenEncrypted
              ? { refreshTokenEncrypted }
              : {}
            : { refreshTokenEncrypted: null }),
          updatedAt: now,
        })
        .where(eq(identities.id, existing.id));
    } else {
      const [created] = await tx
        .insert(users)
        .values({ email, emailVerified: identity.emailVerified, name: identity.name, lastSignInAt: now })
        .returning({ id: users.id });
      userId = created!.id;
      await tx.insert(identities).values({
        userId,
        provider: PROVIDER,
        providerSubject: identity.subject,
        email,
        hostedDomain: identity.hostedDomain,
        refreshTokenEncrypted: authorised ? refreshTokenEncrypted : null,
      });
    }

    if (authorised) {
      // "The profile for this e-mail" is one row (SPEC §7 reads it by e-mail). If another account holds it, stop:
      // throwing rolls the whole sign-in back.
      const [holder] = await tx
        .select({ userId: userProfiles.userId })
        .from(userProfiles)
        .where(and(eq(userProfiles.email, email), ne(userProfiles.userId, userId)));
      if (holder) throw new AccountConflictError(holder.userId);
      await tx
        .insert(userProfiles)
        .values({ userId, email, firstName: identity.givenName, lastName: identity.familyName })
        .onConflictDoUpdate({
          target: userProfiles.userId,
          set: { email, firstName: identity.givenName, lastName: identity.familyName, updatedAt: now },
        });
    }
    return userId;
  });
}

/** A user joined with their Google identities: what loadSessionUser and the session check both read. */
export const USER_WITH_IDENTITIES_COLUMNS = sql.raw(
  "u.id, u.email, u.email_verified, u.name, i.email AS identity_email, i.hosted_domain",
);
export const GOOGLE_IDENTITIES_JOIN = sql.raw(
  "LEFT JOIN auth.identities i ON i.user_id = u.id AND i.provider = 'google'",
);

export interface UserRow {
  id: string;
  email: string;
  email_verified: boolean;
  name: string | null;
  identity_email: string | null;
  hosted_domain: string | null;
}

/** The user as the browser sees it (SPEC §3 User), or undefined when there is no such user. */
export async function loadSessionUser(db: Database, userId: string): Promise<SessionUser | undefined> {
  const rows = await rowsOf<UserRow>(
    db.orm,
    sql`SELECT ${USER_WITH_IDENTITIES_COLUMNS}
          FROM auth.users u ${GOOGLE_IDENTITIES_JOIN}
         WHERE u.id = ${userId}
         ORDER BY i.updated_at DESC NULLS LAST`,
  );
  return rows.length > 0 ? toSessionUser(rows) : undefined;
}

export function toSessionUser(rows: UserRow[]): SessionUser {
  const first = rows[0]!;
  return {
    id: first.id,
    email: first.email,
    email_verified: first.email_verified,
    name: first.name,
    hd: first.hosted_domain,
    identities: rows
      .filter((r) => r.identity_email !== null)
      .map((r) => ({
        provider: "google" as const,
        email: r.identity_email!,
        hosted_domain: r.hosted_domain,
      })),
    factors: [],
  };
}
