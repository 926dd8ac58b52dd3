/** The typed result of checking a captcha token (STYLE: each external service behind one module with a typed result). */

export type CaptchaProvider = "altcha" | "recaptcha";

export type CaptchaFailure =
  /** No token at all. */
  | "missing"
  /** Not a token this server could ever have issued. */
  | "malformed"
  /** Well-formed but the solution or the provider's answer says no. */
  | "invalid"
  | "expired"
  /** Already accepted once. */
  | "reused"
  /** The provider could not be asked (network, timeout, configuration): not the visitor's fault. */
  | "unavailable";

export type CaptchaCheck =
  | {
      ok: true;
      provider: CaptchaProvider;
      /** Names this token for the single-use store (never the raw reCAPTCHA token). */
      tokenId: string;
      /** Until when the token must be remembered as used. */
      expiresAt: Date;
    }
  | { ok: false; failure: CaptchaFailure };
