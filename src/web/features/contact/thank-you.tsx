import { CheckCircle2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { ButtonLink } from "@/components/ui/button-link";

/** SPEC: the success screen replaces the form with a thank-you message and "Return to Homepage". */
export function ThankYou() {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the focus was in is gone: the message that replaced it takes the focus.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col items-center gap-4 py-8 text-center">
      <CheckCircle2 className="size-12 text-primary" aria-hidden="true" />
      <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
        Thank you for reaching out!
      </h2>
      <p className="max-w-md text-muted-foreground">
        Your message has been sent. Our team will get back to you as soon as possible.
      </p>
      <ButtonLink to="/" size="lg" className="mt-2">
        Return to Homepage
      </ButtonLink>
    </div>
  );
}
