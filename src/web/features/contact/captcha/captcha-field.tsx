import { publicConfig } from "@/lib/public-config";
import { AltchaCaptcha } from "./altcha-captcha";
import type { CaptchaProps } from "./captcha-handle";
import { RecaptchaCaptcha } from "./recaptcha-captcha";

/** The deployment's captcha (GET /api/config): reCAPTCHA v2 when configured, otherwise Pulse's own ALTCHA. */
export function CaptchaField(props: CaptchaProps) {
  const captcha = publicConfig().captcha;
  return captcha.provider === "recaptcha" ? (
    <RecaptchaCaptcha siteKey={captcha.siteKey} {...props} />
  ) : (
    <AltchaCaptcha challengeUrl={captcha.challengeUrl} {...props} />
  );
}
