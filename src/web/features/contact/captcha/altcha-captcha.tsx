import { Loader2 } from "lucide-react";
import { useEffect, useImperativeHandle, useRef, useState } from "react";
import type { AltchaWidgetElement } from "./altcha-jsx";
import type { CaptchaProps } from "./captcha-handle";
import "./altcha-theme.css";

interface StateChange {
  state: string;
  payload?: string | null;
}

/**
 * Pulse's self-hosted captcha (ARCHITECTURE §2): the ALTCHA widget fetches a signed proof-of-work challenge from
 * the server, solves it in Web Workers when the visitor ticks the box, and yields the payload the server checks.
 * The widget's code is loaded only here, when the contact form shows.
 */
export function AltchaCaptcha({ challengeUrl, onToken, ref }: CaptchaProps & { challengeUrl: string }) {
  const [status, setStatus] = useState<"waiting" | "loading" | "ready" | "failed">("waiting");
  const placeholder = useRef<HTMLDivElement | null>(null);
  const element = useRef<AltchaWidgetElement | null>(null);
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;

  // The widget's code (large, and as much main-thread work as the rest of the form) loads once the
  // visitor starts on the form (focus, Tab included) or the captcha itself scrolls into view, not while the page is
  // loading: on a phone the captcha is below the fold. Until then the form cannot be sent without the captcha's
  // token anyway (the schema requires it).
  useEffect(() => {
    const node = placeholder.current;
    if (status !== "waiting" || !node) return;
    const start = () => setStatus("loading");
    const form = node.closest("form");
    form?.addEventListener("focusin", start);
    const observer =
      typeof IntersectionObserver === "undefined"
        ? undefined
        : new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start());
    if (observer) observer.observe(node);
    else start();
    return () => {
      form?.removeEventListener("focusin", start);
      observer?.disconnect();
    };
  }, [status]);

  useEffect(() => {
    if (status !== "loading") return;
    let live = true;
    import("altcha").then(
      () => live && setStatus("ready"),
      () => live && setStatus("failed"),
    );
    return () => {
      live = false;
    };
  }, [status]);

  useEffect(() => {
    const node = element.current;
    if (status !== "ready" || !node) return;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChange>).detail;
      onTokenRef.current(state === "verified" && payload ? payload : "");
    };
    node.addEventListener("statechange", onStateChange);
    return () => node.removeEventListener("statechange", onStateChange);
  }, [status]);

  useImperativeHandle(
    ref,
    () => ({
      reset() {
        element.current?.reset?.();
        onTokenRef.current("");
      },
    }),
    [],
  );

  if (status === "failed") {
    return (
      <p className="text-sm text-destructive">
        The captcha could not be loaded. Please check your connection and reload the page.
      </p>
    );
  }
  if (status !== "ready") {
    return (
      <div
        ref={placeholder}
        role="status"
        className="flex h-[74px] max-w-80 items-center gap-2 rounded-md border px-3 text-sm text-muted-foreground"
      >
        <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading captcha…
      </div>
    );
  }
  return (
    <altcha-widget
      ref={element}
      challenge={challengeUrl}
      auto="off"
      type="checkbox"
      language="en"
      // SPEC: the captcha is shown in the dark theme, whatever the page's theme (see altcha-theme.css).
      style={{ colorScheme: "dark" }}
    />
  );
}
