import type { Database } from "../db/client";
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
    await this.db.query("DELETE FROM auth.sign_in_flows WHERE expires_at < now() - interval '1 hour'");
    await this.db.query(
      `INSERT INTO auth.sign_in_flows (state_hash, secrets_encrypted, code_challenge, redirect_to, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5::double precision))`,
      [
        sha256Hex(state),
        encrypt(this.key, JSON.stringify({ nonce, codeVerifier })),
        flow.codeChallenge,
        flow.redirectTo.toString(),
        SIGN_IN_FLOW_TTL_SECONDS,
      ],
    );
  }

  /** The flow this `state` belongs to, removed so it can never be used again; undefined if there is none. */
  async consume(state: string): Promise<ConsumedFlow | undefined> {
    const [row] = await this.db.query<{
      secrets_encrypted: string;
      code_challenge: string;
      redirect_to: string;
      expired: boolean;
    }>(
      `DELETE FROM auth.sign_in_flows WHERE state_hash = $1
       RETURNING secrets_encrypted, code_challenge, redirect_to, expires_at <= now() AS expired`,
      [sha256Hex(state)],
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
    await this.db.query("DELETE FROM auth.one_time_codes WHERE expires_at < now() - interval '1 hour'");
    await this.db.query(
      `INSERT INTO auth.one_time_codes (code_hash, user_id, code_challenge, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4::double precision))`,
      [sha256Hex(code), userId, codeChallenge, ONE_TIME_CODE_TTL_SECONDS],
    );
    return code;
  }

  /** Spends a one-time code: whatever the outcome, it cannot be tried again. */
  async exchangeCode(code: string, codeVerifier: string): Promise<CodeExchange> {
    const [row] = await this.db.query<{ user_id: string; code_challenge: string; expired: boolean }>(
      `DELETE FROM auth.one_time_codes WHERE code_hash = $1
       RETURNING user_id, code_challenge, expires_at <= now() AS expired`,
      [sha256Hex(code)],
    );
    if (!row) return { ok: false, reason: "unknown" };
    if (row.expired) return { ok: false, reason: "expired" };
    if (!safeEqual(s256(codeVerifier), row.code_challenge)) return { ok: false, reason: "wrong_verifier" };
    return { ok: true, userId: row.user_id };
  }
}
