import { createHash } from "node:crypto";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { HttpError } from "../errors";
import { CONTACT_MESSAGES } from "@shared/contact";
import {
  DEFAULT_ALTCHA_SETTINGS,
  altchaSecretsFrom,
  createAltchaChallenge,
  verifyAltchaPayload,
  type AltchaSettings,
} from "./altcha";
import { verifyRecaptchaToken } from "./recaptcha";
import type { CaptchaCheck, CaptchaFailure, CaptchaProvider } from "./types";
import { isTokenUsed, purgeExpiredTokens } from "./used-tokens";

export type { CaptchaCheck, CaptchaFailure, CaptchaProvider } from "./types";

export interface CaptchaVerifier {
  readonly provider: CaptchaProvider;
  /**
   * Checks a token: well-formed, solved, not expired, not used before. It does not mark it used — the caller
   * claims it (used-tokens.ts `claimToken`) in the transaction that stores what the token protects.
   */
  verify(token: string | undefined, remoteIp?: string): Promise<CaptchaCheck>;
  /** A fresh ALTCHA challenge (only when ALTCHA is the provider). */
  createChallenge(): ReturnType<typeof createAltchaChallenge>;
}

export interface CaptchaVerifierOptions {
  /** For reCAPTCHA's siteverify call; the global fetch by default. */
  fetch?: typeof fetch;
  altcha?: AltchaSettings;
  now?: () => Date;
}

const PURGE_EVERY_MS = 60_000;

/** The captcha in use: reCAPTCHA v2 when its keys are configured, otherwise Pulse's own ALTCHA. */
export function createCaptchaVerifier(
  config: Pick<Config, "recaptcha" | "jwtSecret" | "publicUrl">,
  db: Database,
  options: CaptchaVerifierOptions = {},
): CaptchaVerifier {
  const now = options.now ?? (() => new Date());
  const secrets = altchaSecretsFrom(config.jwtSecret);
  const recaptcha = config.recaptcha;
  let lastPurge = 0;

  const purgeNowAndThen = () => {
    const at = now();
    if (at.getTime() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = at.getTime();
    purgeExpiredTokens(db.orm, at).catch(() => {
      lastPurge = 0;
    });
  };

  return {
    provider: recaptcha ? "recaptcha" : "altcha",

    async verify(token, remoteIp) {
      if (!token) return { ok: false, failure: "missing" };
      const tokenId = recaptcha ? `recaptcha:${createHash("sha256").update(token).digest("hex")}` : undefined;
      // A token already accepted is refused before Google is asked about it again.
      if (tokenId && (await isTokenUsed(db.orm, tokenId, now()))) return { ok: false, failure: "reused" };
      const check = recaptcha
        ? await verifyRecaptchaToken(
            token,
            remoteIp,
            {
              secretKey: recaptcha.secretKey,
              expectedHostname: new URL(config.publicUrl).hostname,
              fetch: options.fetch,
              now,
            },
            tokenId!,
          )
        : await verifyAltchaPayload(token, secrets);
      if (!check.ok) return check;
      if (!recaptcha && (await isTokenUsed(db.orm, check.tokenId, now())))
        return { ok: false, failure: "reused" };
      purgeNowAndThen();
      return check;
    },

    async createChallenge() {
      purgeNowAndThen();
      return createAltchaChallenge(secrets, options.altcha ?? DEFAULT_ALTCHA_SETTINGS, now());
    },
  };
}

const FAILURES: Record<CaptchaFailure, [number, string, string]> = {
  missing: [400, "captcha_required", CONTACT_MESSAGES.captchaRequired],
  malformed: [400, "captcha_invalid", "The captcha answer is not valid. Please complete the captcha again."],
  invalid: [400, "captcha_invalid", "The captcha answer is not valid. Please complete the captcha again."],
  expired: [400, "captcha_expired", "The captcha has expired. Please complete it again."],
  reused: [
    400,
    "captcha_reused",
    "This captcha answer has already been used. Please complete the captcha again.",
  ],
  unavailable: [
    503,
    "captcha_unavailable",
    "The captcha could not be checked right now. Please try again in a moment.",
  ],
};

/** The HTTP error a client hears for a refused captcha. */
export function captchaError(failure: CaptchaFailure): HttpError {
  const [status, code, message] = FAILURES[failure];
  return new HttpError(status, code, message, status === 503 ? { "retry-after": "5" } : {});
}
