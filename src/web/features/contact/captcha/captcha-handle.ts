import type { Ref } from "react";

/** What the contact form may do with whichever captcha is shown. */
export interface CaptchaHandle {
  /** Forgets the current answer and shows a fresh, unsolved captcha (after a failed submission). */
  reset(): void;
}

export interface CaptchaProps {
  /** Called with the token once solved, and with "" whenever there is no usable token (reset, expired, error). */
  onToken: (token: string) => void;
  ref?: Ref<CaptchaHandle>;
}
