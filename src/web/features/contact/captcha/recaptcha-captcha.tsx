import { useEffect, useImperativeHandle, useRef, useState } from "react";
import type { CaptchaProps } from "./captcha-handle";

/** The slice of Google's `grecaptcha` global this form uses. */
interface Grecaptcha {
  render(
    container: HTMLElement,
    parameters: {
      sitekey: string;
      theme: "dark" | "light";
      callback: (token: string) => void;
      "expired-callback": () => void;
      "error-callback": () => void;
    },
  ): number;
  reset(widgetId?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    pulseRecaptchaLoaded?: () => void;
  }
}

const SCRIPT_URL = "https://www.google.com/recaptcha/api.js?onload=pulseRecaptchaLoaded&render=explicit";
let loading: Promise<Grecaptcha> | undefined;

/** Loads Google's script once (the CSP allows www.google.com/recaptcha only when reCAPTCHA is configured). */
function loadRecaptcha(): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    window.pulseRecaptchaLoaded = () =>
      window.grecaptcha ? resolve(window.grecaptcha) : reject(new Error("no grecaptcha"));
    const script = document.createElement("script");
    script.src = SCRIPT_URL;
    script.async = true;
    script.defer = true;
    script.onerror = () => {
      loading = undefined;
      reject(new Error("reCAPTCHA could not be loaded"));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** reCAPTCHA v2's checkbox in the dark theme (SPEC §7 captcha service), when its keys are configured. */
export function RecaptchaCaptcha({ siteKey, onToken, ref }: CaptchaProps & { siteKey: string }) {
  const container = useRef<HTMLDivElement | null>(null);
  const widget = useRef<{ api: Grecaptcha; id: number } | undefined>(undefined);
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    loadRecaptcha().then(
      (api) => {
        if (!live || !container.current || widget.current) return;
        const id = api.render(container.current, {
          sitekey: siteKey,
          theme: "dark",
          callback: (token) => onTokenRef.current(token),
          "expired-callback": () => onTokenRef.current(""),
          "error-callback": () => onTokenRef.current(""),
        });
        widget.current = { api, id };
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [siteKey]);

  useImperativeHandle(
    ref,
    () => ({
      reset() {
        widget.current?.api.reset(widget.current.id);
        onTokenRef.current("");
      },
    }),
    [],
  );

  if (failed) {
    return (
      <p className="text-sm text-destructive">
        The captcha could not be loaded. Please check your connection and reload the page.
      </p>
    );
  }
  return <div ref={container} className="min-h-[78px]" />;
}
