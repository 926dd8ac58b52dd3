import { sql } from "drizzle-orm";
import type { SessionResponse } from "@shared/auth";
import type { Authenticated } from "../platform/current-user";
import type { Config } from "../config";
import { rowsOf, type Database } from "../db/client";
import { HttpError } from "../platform/errors";
import { AccessTokens, type AccessTokenClaims } from "./access-tokens";
import type { AccountCheck } from "./google-account-check";
import { AUTH_CHANGES_CHANNEL, SessionCache } from "./session-cache";
import { deriveKey, hmac, randomToken, safeEqual, sha256Hex } from "./crypto";
import {
  GOOGLE_IDENTITIES_JOIN,
  loadSessionUser,
  toSessionUser,
  USER_WITH_IDENTITIES_COLUMNS,
  type UserRow,
} from "./users";

/** Why a session ended when Google no longer grants access (its `revoked_reason` and the refusal's code). */
export const GOOGLE_ACCESS_REVOKED = "google_access_revoked";

/** Why a session ended when Pulse cannot ask Google about the account: its stored Google token cannot be read. */
export const GOOGLE_TOKEN_UNREADABLE = "google_token_unreadable";
/** Why a session ended when there is no Google token to ask with at all: an account nobody can vouch for. */
export const GOOGLE_UNVERIFIABLE = "google_unverifiable";
/** Why a session ended when the server started with another JWT_SECRET than the one it was created under. */
export const KEY_ROTATED = "key_rotated";
/** Why every session ended at the operator's `npm run sessions:end-all`. */
export const OPERATOR_ENDED_ALL = "operator_ended_all";

/**
 * The fingerprint of a JWT_SECRET that each session records (migration 0009): a derived value, so the database
 * never learns the secret or any key made from it for another purpose.
 */
export function sessionKeyId(secret: string): string {
  return deriveKey(secret, "session-key-id").subarray(0, 16).toString("base64url");
}

/** The end of a session whose account Google's re-check could not vouch for, by the check's answer. */
export const SESSION_END_REASONS = {
  revoked: GOOGLE_ACCESS_REVOKED,
  unreadable: GOOGLE_TOKEN_UNREADABLE,
  unknown: GOOGLE_UNVERIFIABLE,
} as const;

/** How long the parent of the active refresh token still gets the active pair back (two tabs refreshing at once). */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const sessionEnded = (
  message = "Your session has ended. Please sign in again.",
  code = "invalid_grant",
) => new HttpError(401, code, message);

export interface SessionMeta {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

/** The signed-in person behind a valid access token. */
export type { Authenticated } from "../platform/current-user";

interface RefreshRow {
  id: number;
  session_id: string;
  user_id: string;
  rotated_at: Date | null;
  within_grace: boolean | null;
  revoked: boolean;
  other_key: boolean;
  expired: boolean;
  inactive: boolean;
  recheck_due: boolean;
}

interface IssuedRow {
  /** The refresh token's row: the access token's `jti`, so two issued in the same second still differ. */
  token_id: string | number;
  session_id: string;
  user_id: string;
  created_at: Date;
  session_expires_at: Date;
}

/**
 * A session as the server issues it: the wire's SessionResponse plus the refresh token, which routes.ts puts in
 * an HttpOnly cookie and never in a body a script can read (issue 37 item 5).
 */
export interface IssuedSession extends SessionResponse {
  refresh_token: string;
  /** The session's absolute end, in seconds since the epoch: how long the cookie is kept. */
  session_expires_at: number;
}

/**
 * Pulse sessions (ARCHITECTURE §5 Sessions, docs/decisions/0011-sessions.md): a session row with an absolute
 * lifetime and an inactivity limit; opaque refresh tokens stored as SHA-256, rotated on every use; presenting a
 * rotated token again revokes the whole session, except that the parent of the active token gets the active pair
 * back within REFRESH_REUSE_GRACE_SECONDS. A child token is HMAC(parent) under a server key, so that pair can be
 * handed out again without storing any token in the clear.
 */
export class SessionService {
  readonly accessTokens: AccessTokens;
  private readonly rotationKey: Buffer;
  /** The fingerprint of this instance's JWT_SECRET: only sessions created under it refresh or authenticate. */
  readonly keyId: string;
  private readonly userChangeListeners = new Set<(userId: string) => void>();

  constructor(
    private readonly db: Database,
    private readonly config: Pick<Config, "jwtSecret" | "publicUrl" | "session" | "googleRecheckMs">,
    /** Asks Google whether the account still grants access; without it, refreshes never ask. */
    private readonly accountCheck?: AccountCheck,
    /** Until `listenForChanges` runs, nothing is cached: every check reads the database. */
    private readonly cache = new SessionCache(),
  ) {
    // The ids go into SQL as UUIDs: a token whose claims are not both UUIDs is refused before any query, and the
    // check runs once per token, with its signature, not on every request that token makes.
    this.accessTokens = new AccessTokens(
      config.jwtSecret,
      config.publicUrl,
      (claims) => UUID.test(claims.sessionId) && UUID.test(claims.userId),
    );
    this.rotationKey = deriveKey(config.jwtSecret, "refresh-token-rotation");
    this.keyId = sessionKeyId(config.jwtSecret);
  }

  /** A new session for a user who just proved who they are. */
  async create(userId: string, meta: SessionMeta = {}): Promise<IssuedSession> {
    const refreshToken = randomToken();
    const [row] = await rowsOf<IssuedRow>(
      this.db.orm,
      sql`WITH s AS (
         INSERT INTO auth.sessions (user_id, expires_at, user_agent, ip, key_id)
         VALUES (${userId}, now() + make_interval(secs => ${this.config.session.absoluteSeconds}::double precision), ${meta.userAgent?.slice(0, 512) ?? null}, ${meta.ip ?? null}, ${this.keyId})
         RETURNING id, user_id, expires_at)
       INSERT INTO auth.refresh_tokens (session_id, token_hash)
       SELECT s.id, ${sha256Hex(refreshToken)} FROM s
       RETURNING id AS token_id, session_id, (SELECT user_id FROM s) AS user_id, created_at, (SELECT expires_at FROM s) AS session_expires_at`,
    );
    return this.respond(row!, refreshToken);
  }

  /** Rotates a refresh token (see the class comment); throws a 401 HttpError when the session cannot go on. */
  async refresh(refreshToken: string): Promise<IssuedSession> {
    const hash = sha256Hex(refreshToken);
    const child = this.childOf(refreshToken);
    const childHash = sha256Hex(child);
    for (let attempt = 0; attempt < 2; attempt++) {
      const row = await this.findRefreshToken(hash);
      if (!row) throw sessionEnded("This refresh token is not valid. Please sign in again.");
      if (row.revoked) throw sessionEnded();
      if (row.other_key) {
        // Created under another JWT_SECRET (the start-up sweep of endSessionsOfOtherKeys had not met it yet).
        await this.revoke(row.session_id, KEY_ROTATED);
        throw sessionEnded(undefined, KEY_ROTATED);
      }
      if (row.expired || row.inactive) {
        await this.revoke(row.session_id, row.expired ? "expired" : "inactive");
        throw sessionEnded("Your session has expired. Please sign in again.", "session_expired");
      }
      if (row.recheck_due && this.accountCheck) await this.recheckAccount(row);

      if (row.rotated_at === null) {
        // One statement: the token is marked rotated and its child inserted together, or neither happens.
        const [issued] = await rowsOf<IssuedRow>(
          this.db.orm,
          sql`WITH rotated AS (
             UPDATE auth.refresh_tokens SET rotated_at = now()
              WHERE id = ${row.id} AND rotated_at IS NULL
             RETURNING id, session_id),
           touched AS (
             UPDATE auth.sessions s SET last_active_at = now()
               FROM rotated WHERE s.id = rotated.session_id
             RETURNING s.id, s.user_id, s.expires_at)
           INSERT INTO auth.refresh_tokens (session_id, token_hash, parent_id)
           SELECT rotated.session_id, ${childHash}, rotated.id FROM rotated
           RETURNING id AS token_id, session_id, (SELECT user_id FROM touched) AS user_id, created_at,
                     (SELECT expires_at FROM touched) AS session_expires_at`,
        );
        if (issued) return this.respond(issued, child);
        continue; // another request rotated it a moment ago: now it is the parent of the active token
      }

      // A rotated token. Within the grace period the parent of the active token gets the active pair back.
      const [active] = await rowsOf<IssuedRow & { token_hash: string; rotated_at: Date | null }>(
        this.db.orm,
        sql`SELECT c.id AS token_id, c.session_id, s.user_id, c.created_at, s.expires_at AS session_expires_at, c.token_hash, c.rotated_at
           FROM auth.refresh_tokens c JOIN auth.sessions s ON s.id = c.session_id
          WHERE c.parent_id = ${row.id}`,
      );
      if (
        active &&
        active.rotated_at === null &&
        row.within_grace &&
        safeEqual(active.token_hash, childHash)
      ) {
        return this.respond(active, child);
      }
      await this.revoke(row.session_id, "refresh_token_reused");
      throw sessionEnded(
        "This session was ended because an old refresh token was used again. Please sign in again.",
        "refresh_token_reused",
      );
    }
    throw sessionEnded();
  }

  /** The session and user behind an access token; throws a 401 HttpError for anything not currently valid. */
  async authenticate(accessToken: string): Promise<Authenticated> {
    return this.sessionOf(accessToken);
  }

  /**
   * `authenticate` for the guard of every signed-in request: the session itself, with no promise and no turn of
   * the event loop, when this instance has verified the token and remembers its session (nearly every request);
   * else the promise of its read. A token that is not valid throws its 401 at once.
   */
  sessionOf(accessToken: string): Authenticated | Promise<Authenticated> {
    let claims;
    try {
      claims = this.accessTokens.check(accessToken);
    } catch {
      throw new HttpError(
        401,
        "invalid_token",
        "Your sign-in is not valid or has expired. Please sign in again.",
      );
    }
    return this.cache.get(claims.sessionId, claims.userId) ?? this.read(claims);
  }

  private async read(claims: AccessTokenClaims): Promise<Authenticated> {
    const readStartedAt = this.cache.beginRead();
    const rows = await rowsOf<UserRow & { session_expires_at: Date }>(
      this.db.orm,
      sql`SELECT ${USER_WITH_IDENTITIES_COLUMNS}, s.expires_at AS session_expires_at
         FROM auth.sessions s
         JOIN auth.users u ON u.id = s.user_id
         ${GOOGLE_IDENTITIES_JOIN}
        WHERE s.id = ${claims.sessionId} AND s.user_id = ${claims.userId} AND s.revoked_at IS NULL AND s.expires_at > now()
          AND s.key_id = ${this.keyId}
        ORDER BY i.updated_at DESC NULLS LAST`,
    );
    if (rows.length === 0) {
      throw new HttpError(401, "session_ended", "Your session has ended. Please sign in again.");
    }
    const authenticated = { sessionId: claims.sessionId, user: toSessionUser(rows) };
    this.cache.store(readStartedAt, authenticated, new Date(rows[0]!.session_expires_at));
    return authenticated;
  }

  /**
   * Lets `authenticate` keep what it read while this instance hears every change to sessions and users
   * (migration 0007's NOTIFYs; decision 0081). Resolves to the function that stops listening.
   */
  async listenForChanges(): Promise<() => Promise<void>> {
    const unlisten = await this.db.listen(AUTH_CHANGES_CHANNEL, (userId) => this.userChanged(userId), {
      onDisconnect: () => this.cache.setListening(false),
      onReconnect: () => this.cache.setListening(true),
    });
    this.cache.setListening(true);
    return async () => {
      this.cache.setListening(false);
      await unlisten();
    };
  }

  /**
   * Runs `listener` with the user's id whenever a session or the user changes (a NOTIFY, or a revocation on this
   * instance), so that holders of long-lived access — realtime sockets — can check at once. Returns the unsubscribe.
   */
  onUserChanged(listener: (userId: string) => void): () => void {
    this.userChangeListeners.add(listener);
    return () => this.userChangeListeners.delete(listener);
  }

  private userChanged(userId: string): void {
    this.cache.userChanged(userId);
    for (const listener of this.userChangeListeners) listener(userId);
  }

  /** Which of these sessions no longer authenticate: revoked, expired or gone (the realtime sockets' re-check). */
  async endedAmong(sessionIds: readonly string[]): Promise<string[]> {
    const ids = sessionIds.filter((id) => UUID.test(id));
    if (ids.length === 0) return [...sessionIds];
    const live = await rowsOf<{ id: string }>(
      this.db.orm,
      sql`SELECT id FROM auth.sessions
           WHERE id = ANY(${`{${ids.join(",")}}`}::uuid[]) AND revoked_at IS NULL AND expires_at > now()
             AND key_id = ${this.keyId}`,
    );
    const alive = new Set(live.map((row) => row.id));
    return sessionIds.filter((id) => !alive.has(id));
  }

  /** Ends a session for good: no token of it authenticates or refreshes again. */
  async revoke(sessionId: string, reason: string): Promise<void> {
    const ended = await rowsOf<{ user_id: string }>(
      this.db.orm,
      sql`UPDATE auth.sessions SET revoked_at = now(), revoked_reason = ${reason} WHERE id = ${sessionId} AND revoked_at IS NULL
         RETURNING user_id`,
    );
    // This instance forgets at once, without waiting for its own NOTIFY: the next request here is refused.
    for (const { user_id } of ended) this.userChanged(user_id);
  }

  /** Ends every live session of one user (Google said the account no longer grants access); how many. */
  async endAllForUser(userId: string, reason: string): Promise<number> {
    const ended = await rowsOf<{ id: string }>(
      this.db.orm,
      sql`UPDATE auth.sessions SET revoked_at = now(), revoked_reason = ${reason}
           WHERE user_id = ${userId} AND revoked_at IS NULL
         RETURNING id`,
    );
    // This instance forgets at once; the others hear the NOTIFY of migration 0007's trigger.
    this.userChanged(userId);
    return ended.length;
  }

  /** Ends every session of every user with this e-mail (the operator's `npm run sessions:revoke`); how many. */
  async revokeAllForEmail(email: string, reason = "operator_revoked"): Promise<number> {
    const ended = await rowsOf<{ id: string; user_id: string }>(
      this.db.orm,
      sql`UPDATE auth.sessions SET revoked_at = now(), revoked_reason = ${reason}
           WHERE revoked_at IS NULL
             AND user_id IN (SELECT id FROM auth.users WHERE lower(email) = lower(${email.trim()}))
         RETURNING id, user_id`,
    );
    for (const { user_id } of ended) this.userChanged(user_id);
    return ended.length;
  }

  /**
   * Ends every live session created under another JWT_SECRET than this instance's (or before migration 0009 recorded
   * keys): run at start, so that rotating the key signs everyone out and the database says so. How many ended.
   */
  async endSessionsOfOtherKeys(): Promise<number> {
    return this.endWhere(sql`key_id IS DISTINCT FROM ${this.keyId}`, KEY_ROTATED);
  }

  /** Ends every live session of every user (the operator's `npm run sessions:end-all`); how many. */
  async endAll(reason = OPERATOR_ENDED_ALL): Promise<number> {
    return this.endWhere(sql`true`, reason);
  }

  private async endWhere(condition: ReturnType<typeof sql>, reason: string): Promise<number> {
    const ended = await rowsOf<{ user_id: string }>(
      this.db.orm,
      sql`UPDATE auth.sessions SET revoked_at = now(), revoked_reason = ${reason}
           WHERE revoked_at IS NULL AND ${condition}
         RETURNING user_id`,
    );
    for (const userId of new Set(ended.map((row) => row.user_id))) this.userChanged(userId);
    return ended.length;
  }

  /**
   * Google's word on the account, at most every GOOGLE_RECHECK_MINUTES per session: a revoked grant, a stored token
   * that cannot be read (sealed under an earlier JWT_SECRET) or no token at all ends every session of the user —
   * nobody can vouch for the account any more; an answer that could not be had lets this refresh through and asks
   * again next time.
   */
  private async recheckAccount(row: RefreshRow): Promise<void> {
    const status = await this.accountCheck!(row.user_id);
    if (status === "revoked" || status === "unreadable" || status === "unknown") {
      const reason = SESSION_END_REASONS[status];
      await this.endAllForUser(row.user_id, reason);
      throw sessionEnded(
        status === "revoked"
          ? "Your Google account no longer gives you access to Pulse. Please sign in again."
          : "Pulse could not confirm your Google account's access. Please sign in again.",
        reason,
      );
    }
    if (status === "active") {
      await this.db.orm.execute(
        sql`UPDATE auth.sessions SET google_checked_at = now() WHERE id = ${row.session_id}`,
      );
    }
  }

  /** The session a refresh token (active or rotated) belongs to. */
  async sessionOfRefreshToken(refreshToken: string): Promise<string | undefined> {
    const [row] = await rowsOf<{ session_id: string }>(
      this.db.orm,
      sql`SELECT session_id FROM auth.refresh_tokens WHERE token_hash = ${sha256Hex(refreshToken)}`,
    );
    return row?.session_id;
  }

  private childOf(refreshToken: string): string {
    return hmac(this.rotationKey, refreshToken);
  }

  private async findRefreshToken(hash: string): Promise<RefreshRow | undefined> {
    const [row] = await rowsOf<RefreshRow>(
      this.db.orm,
      sql`SELECT rt.id, rt.session_id, s.user_id, rt.rotated_at,
              (now() - rt.rotated_at) <= make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS}::double precision) AS within_grace,
              s.revoked_at IS NOT NULL AS revoked,
              s.key_id IS DISTINCT FROM ${this.keyId} AS other_key,
              s.expires_at <= now() AS expired,
              s.last_active_at <= now() - make_interval(secs => ${this.config.session.inactivitySeconds}::double precision) AS inactive,
              s.google_checked_at <= now() - make_interval(secs => ${this.config.googleRecheckMs / 1000}::double precision) AS recheck_due
         FROM auth.refresh_tokens rt JOIN auth.sessions s ON s.id = rt.session_id
        WHERE rt.token_hash = ${hash}`,
    );
    return row;
  }

  private async respond(row: IssuedRow, refreshToken: string): Promise<IssuedSession> {
    const user = await loadSessionUser(this.db, row.user_id);
    if (!user) throw sessionEnded();
    const issuedAt = Math.floor(new Date(row.created_at).getTime() / 1000);
    const sessionEnd = Math.floor(new Date(row.session_expires_at).getTime() / 1000);
    const expiresAt = Math.min(issuedAt + this.config.session.accessTtlSeconds, sessionEnd);
    const accessToken = await this.accessTokens.sign(
      { userId: row.user_id, sessionId: row.session_id },
      issuedAt,
      expiresAt,
      String(row.token_id),
    );
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      session_expires_at: sessionEnd,
      token_type: "bearer",
      expires_in: Math.max(0, expiresAt - Math.floor(Date.now() / 1000)),
      expires_at: expiresAt,
      user,
    };
  }
}
