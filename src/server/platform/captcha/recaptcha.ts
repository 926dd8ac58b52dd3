import type { CaptchaCheck } from "./types";

/** Google's reCAPTCHA v2 siteverify, used when RECAPTCHA_SITE_KEY/RECAPTCHA_SECRET_KEY are configured. */

export const RECAPTCHA_VERIFY_URL = "https://www.google.com/recaptcha/api/siteverify";
/** Google accepts a token for two minutes; it is remembered as used a little longer. */
const TOKEN_LIFETIME_MS = 5 * 60 * 1000;

export interface RecaptchaOptions {
  secretKey: string;
  /** PUBLIC_URL's host: a token solved on any other site (Google sends its `hostname`) is refused. */
  expectedHostname: string;
  fetch?: typeof fetch;
  verifyUrl?: string;
  timeoutMs?: number;
  now?: () => Date;
}

interface SiteverifyAnswer {
  success?: unknown;
  hostname?: unknown;
  "error-codes"?: unknown;
}

/** Asks Google whether `token` is a solved, unused checkbox challenge. */
export async function verifyRecaptchaToken(
  token: string,
  remoteIp: string | undefined,
  {
    secretKey,
    expectedHostname,
    fetch: doFetch = fetch,
    verifyUrl = RECAPTCHA_VERIFY_URL,
    timeoutMs = 5_000,
    now = () => new Date(),
  }: RecaptchaOptions,
  tokenId: string,
): Promise<CaptchaCheck> {
  const body = new URLSearchParams({ secret: secretKey, response: token });
  if (remoteIp) body.set("remoteip", remoteIp);
  let answer: SiteverifyAnswer;
  try {
    const response = await doFetch(verifyUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return { ok: false, failure: "unavailable" };
    answer = (await response.json()) as SiteverifyAnswer;
  } catch {
    return { ok: false, failure: "unavailable" };
  }
  if (answer.success === true) {
    // A key may be shared with (or stolen for) another site: a token solved there proves nothing here.
    if (String(answer.hostname ?? "").toLowerCase() !== expectedHostname.toLowerCase()) {
      return { ok: false, failure: "invalid" };
    }
    return {
      ok: true,
      provider: "recaptcha",
      tokenId,
      expiresAt: new Date(now().getTime() + TOKEN_LIFETIME_MS),
    };
  }
  const codes = Array.isArray(answer["error-codes"]) ? answer["error-codes"].map(String) : [];
  if (codes.includes("missing-input-secret") || codes.includes("invalid-input-secret")) {
    return { ok: false, failure: "unavailable" };
  }
  if (codes.includes("timeout-or-duplicate")) return { ok: false, failure: "expired" };
  return { ok: false, failure: "invalid" };
}
