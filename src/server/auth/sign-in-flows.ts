import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "../db/client";
import { decrypt, encrypt, randomToken, s256, safeEqual, sha256Hex } from "./crypto";
import type { FlowSecrets } from "./oidc-client";

/** A Google sign-in may take this long between "Continue with Google" and the callback. */
export const SIGN_IN_FLOW_TTL_SECONDS = 10 * 60;
/** The one-time code must be exchanged this quickly (the browser does it on arrival). */
export const ONE_TIME_CODE_TTL_SECONDS = 60;

export interface StartedFlow {
  secrets: FlowSecrets;
  codeChallenge: string;
  redirectTo: URL;
}

export type ConsumedFlow = StartedFlow & { expired: boolean };

export type CodeExchange =
  { ok: true; userId: string } | { ok: false; reason: "unknown" | "expired" | "wrong_verifier" };

/**
 * Sign-in flows and one-time codes in the database, so any server instance can finish what another started. Both
 * are single use: they are deleted by the statement that reads them.
 */
export class SignInFlows {
  constructor(
    private readonly db: Database,
    private readonly key: Buffer,
  ) {}

  async start(flow: StartedFlow): Promise<void> {
    const { state, nonce, codeVerifier } = flow.secrets;
    await this.db.orm.execute(
      sql`DELETE FROM auth.sign_in_flows WHERE expires_at < now() - interval '1 hour'`,
    );
    await this.db.orm.execute(
      sql`INSERT INTO auth.sign_in_flows (state_hash, secrets_encrypted, code_challenge, redirect_to, expires_at)
       VALUES (${sha256Hex(state)}, ${encrypt(this.key, JSON.stringify({ nonce, codeVerifier }))}, ${flow.codeChallenge}, ${flow.redirectTo.toString()}, now() + make_interval(secs => ${SIGN_IN_FLOW_TTL_SECONDS}::double precision))`,
    );
  }

  /** The flow this `state` belongs to, removed so it can never be used again; undefined if there is none. */
  async consume(state: string): Promise<ConsumedFlow | undefined> {
    const [row] = await rowsOf<{
      secrets_encrypted: string;
      code_challenge: string;
      redirect_to: string;
      expired: boolean;
    }>(
      this.db.orm,
      sql`DELETE FROM auth.sign_in_flows WHERE state_hash = ${sha256Hex(state)}
       RETURNING secrets_encrypted, code_challenge, redirect_to, expires_at <= now() AS expired`,
    );
    if (!row) return undefined;
    const { nonce, codeVerifier } = JSON.parse(decrypt(this.key, row.secrets_encrypted)) as {
      nonce: string;
      codeVerifier: string;
    };
    return {
      secrets: { state, nonce, codeVerifier },
      codeChallenge: row.code_challenge,
      redirectTo: new URL(row.redirect_to),
      expired: row.expired,
    };
  }

  /** A one-time code for the browser holding the verifier of `codeChallenge`. */
  async issueCode(userId: string, codeChallenge: string): Promise<string> {
    const code = randomToken();
    await this.db.orm.execute(
      sql`DELETE FROM auth.one_time_codes WHERE expires_at < now() - interval '1 hour'`,
    );
    await this.db.orm.execute(
      sql`INSERT INTO auth.one_time_codes (code_hash, user_id, code_challenge, expires_at)
       VALUES (${sha256Hex(code)}, ${userId}, ${codeChallenge}, now() + make_interval(secs => ${ONE_TIME_CODE_TTL_SECONDS}::double precision))`,
    );
    return code;
  }

  /** Spends a one-time code: whatever the outcome, it cannot be tried again. */
  async exchangeCode(code: string, codeVerifier: string): Promise<CodeExchange> {
    const [row] = await rowsOf<{ user_id: string; code_challenge: string; expired: boolean }>(
      this.db.orm,
      sql`DELETE FROM auth.one_time_codes WHERE code_hash = ${sha256Hex(code)}
       RETURNING user_id, code_challenge, expires_at <= now() AS expired`,
    );
    if (!row) return { ok: false, reason: "unknown" };
    if (row.expired) return { ok: false, reason: "expired" };
    if (!safeEqual(s256(codeVerifier), row.code_challenge)) return { ok: false, reason: "wrong_verifier" };
    return { ok: true, userId: row.user_id };
  }
}
