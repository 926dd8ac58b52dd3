import type { FastifyRequest } from "fastify";
import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "../../db/client";
import { HttpError } from "../errors";

/**
 * A sliding-window rate limit kept in PostgreSQL (per client address: contact form, sign-in endpoints), so that
 * any number of instances share one count — unlike an in-memory store (STYLE.md). One row per counted request;
 * requests beyond the limit are refused without being recorded, so a flood cannot grow the table. A maintained
 * limiter (rate-limiter-flexible) was considered: its PostgreSQL store needs node-postgres and its own table, so it
 * cannot run on the embedded PGlite; see docs/decisions/0021-hardening-the-base.md.
 */

export type RateLimitResult =
  { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  hit(clientAddress: string): Promise<RateLimitResult>;
}

export interface RateLimiterOptions {
  /** Names the endpoint in the shared table. */
  name: string;
  max: number;
  windowMs: number;
  now?: () => Date;
}

const GLOBAL_PURGE_EVERY_MS = 60_000;
/** Keeps these advisory locks apart from any other use of pg_advisory_xact_lock on the same database. */
const LOCK_SEED = 72_583_002;

export function createRateLimiter(
  db: Database,
  { name, max, windowMs, now = () => new Date() }: RateLimiterOptions,
): RateLimiter {
  let lastPurge = 0;
  return {
    async hit(clientAddress) {
      const at = now();
      const windowStart = new Date(at.getTime() - windowMs).toISOString();
      const bucket = `${name}:${addressKey(clientAddress)}`;
      if (at.getTime() - lastPurge >= GLOBAL_PURGE_EVERY_MS) {
        lastPurge = at.getTime();
        // Only this limiter's own rows: its window is not another's, and a one-minute limiter purging the
        // ten-minute contact limit's hits would wipe that count (issue 20 item 6).
        await db.orm.execute(
          sql`DELETE FROM pulse.rate_limit_hits
               WHERE starts_with(bucket, ${`${name}:`}::text) AND hit_at <= ${windowStart}::timestamptz`,
        );
      }
      // Count and insert under one lock per bucket, held to the end of the transaction: parallel requests of one
      // client queue here, so a burst cannot all read the same count and all get in (issue #7).
      const row = await db.orm.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${bucket}::text, ${LOCK_SEED}))`);
        const [counted] = await rowsOf<{ n: number; oldest: string | Date | null }>(
          tx,
          sql`WITH recent AS (
                SELECT count(*)::int AS n, min(hit_at) AS oldest
                  FROM pulse.rate_limit_hits
                 WHERE bucket = ${bucket}::text AND hit_at > ${windowStart}::timestamptz
              ), counted AS (
                INSERT INTO pulse.rate_limit_hits (bucket, hit_at)
                SELECT ${bucket}::text, ${at.toISOString()}::timestamptz FROM recent WHERE recent.n < ${max}::int
                RETURNING 1
              )
              SELECT n, oldest FROM recent`,
        );
        return counted;
      });
      const n = row?.n ?? 0;
      if (n < max) return { allowed: true, remaining: max - n - 1 };
      const oldest = row?.oldest ? new Date(row.oldest) : at;
      const retryAfterMs = oldest.getTime() + windowMs - at.getTime();
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
    },
  };
}

/**
 * The client a request counts against: the address itself for IPv4, its /64 network for IPv6 (one subscriber
 * usually holds a whole /64, so counting single IPv6 addresses would count nothing).
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(":")) return address;
  const [head = "", tail = ""] = address.split("%")[0]!.split("::");
  const left = head ? head.split(":") : [];
  const right = address.includes("::") && tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  return (
    groups
      .slice(0, 4)
      .map((g) => (parseInt(g, 16) || 0).toString(16))
      .join(":") + "::/64"
  );
}

/**
 * An onRequest hook refusing a client over its limit with 429, `Retry-After` and `message(seconds)`. It runs
 * before the body is read, so a flood is refused without parsing anything.
 */
export function rateLimitHook(
  limiter: RateLimiter,
  message: (retryAfterSeconds: number) => string,
): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const result = await limiter.hit(request.ip);
    if (!result.allowed) {
      throw new HttpError(429, "rate_limited", message(result.retryAfterSeconds), {
        "retry-after": String(result.retryAfterSeconds),
      });
    }
  };
}
