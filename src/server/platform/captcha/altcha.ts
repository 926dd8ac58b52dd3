import { createChallenge, randomInt, verifySolution, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { hkdfSync } from "node:crypto";
import { z } from "zod";
import type { CaptchaCheck } from "./types";

/**
 * ALTCHA, served and verified by Pulse itself when no reCAPTCHA keys are configured (ARCHITECTURE §2): a signed
 * proof-of-work challenge the browser widget solves, and the check of the payload it sends back.
 */

export const ALTCHA_ALGORITHM = "PBKDF2/SHA-256";

export interface AltchaSettings {
  /** PBKDF2 iterations per attempt. */
  cost: number;
  /** The secret counter is drawn from [counterMin, counterMax]; the browser tries counters until it finds it. */
  counterMin: number;
  counterMax: number;
  /** How long a challenge (and so its solution) stays valid. */
  ttlSeconds: number;
}

/**
 * About a million PBKDF2-HMAC-SHA256 iterations at most: a fraction of a second in a browser's workers, enough to
 * make bulk submissions cost something. Single use and the per-address rate limit do the rest.
 */
export const DEFAULT_ALTCHA_SETTINGS: AltchaSettings = {
  cost: 500,
  counterMin: 500,
  counterMax: 2_000,
  ttlSeconds: 30 * 60,
};

export interface AltchaSecrets {
  /** Signs the challenge parameters. */
  signature: string;
  /** Signs the derived key, so checking a solution is one HMAC instead of re-deriving. */
  key: string;
}

/** Both HMAC keys derived from the server's secret, so every instance sharing JWT_SECRET agrees on them. */
export function altchaSecretsFrom(serverSecret: string): AltchaSecrets {
  const derive = (label: string) =>
    Buffer.from(hkdfSync("sha256", serverSecret, "pulse-captcha", label, 32)).toString("hex");
  return { signature: derive("altcha-challenge-signature"), key: derive("altcha-key-signature") };
}

export async function createAltchaChallenge(
  secrets: AltchaSecrets,
  settings: AltchaSettings = DEFAULT_ALTCHA_SETTINGS,
  now: Date = new Date(),
): Promise<Challenge> {
  return createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: settings.cost,
    counter: randomInt(settings.counterMax, settings.counterMin),
    deriveKey,
    expiresAt: new Date(now.getTime() + settings.ttlSeconds * 1000),
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.key,
  });
}

const hex = z.string().regex(/^(?:[0-9a-f]{2})+$/);

/** The widget's payload: base64 of `{ challenge: { parameters, signature }, solution: { counter, derivedKey } }`. */
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.literal(ALTCHA_ALGORITHM),
        nonce: hex,
        salt: hex,
        cost: z.number().int().positive(),
        keyLength: z.number().int().positive(),
        keyPrefix: hex,
        keySignature: hex,
        expiresAt: z.number().int().positive(),
      })
      .loose(),
    signature: hex,
  }),
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: hex,
    time: z.number().optional(),
  }),
});

/** Verifies an ALTCHA payload: signature, expiry and solution. Single use is the caller's business. */
export async function verifyAltchaPayload(token: string, secrets: AltchaSecrets): Promise<CaptchaCheck> {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(token, "base64").toString("utf8"));
  } catch {
    return { ok: false, failure: "malformed" };
  }
  const parsed = payloadSchema.safeParse(decoded);
  if (!parsed.success) return { ok: false, failure: "malformed" };
  const { challenge, solution } = parsed.data;
  let result;
  try {
    result = await verifySolution({
      challenge: challenge as Challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: secrets.signature,
      hmacKeySignatureSecret: secrets.key,
    });
  } catch {
    return { ok: false, failure: "malformed" };
  }
  if (result.expired) return { ok: false, failure: "expired" };
  if (!result.verified) return { ok: false, failure: "invalid" };
  return {
    ok: true,
    provider: "altcha",
    // The signature covers the random nonce: it names this one challenge.
    tokenId: `altcha:${challenge.signature}`,
    expiresAt: new Date(challenge.parameters.expiresAt * 1000),
  };
}
