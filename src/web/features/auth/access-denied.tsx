import { ShieldAlert } from "lucide-react";
import { useEffect, useEffectEvent, useRef, useTransition } from "react";
import { displayDomain } from "@shared/company-domain";
import { PRODUCT_NAME } from "@/lib/product-name";
import { Button } from "@/components/ui/button";
import { ButtonLink } from "@/components/ui/button-link";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { useAuth } from "@/lib/auth/auth-context";
import { publicConfig } from "@/lib/public-config";
import { useNavigate } from "@/lib/router";
import { usePageTitle } from "@/lib/use-page-title";

/**
 * How long the screen stays before it signs the person out on its own. Its texts and the address come to about 30
 * words: some 8 s at an ordinary reading pace, so 10 s lets them be read once and "Contact Us for Access" chosen.
 */
export const AUTO_SIGN_OUT_DELAY_MS = 10_000;

/**
 * SPEC §2 Access-denied screen, for a signed-in user outside the company domain (at / and on every protected
 * route). "Return to landing page" signs out, reading "Return to landing page..." meanwhile; after
 * AUTO_SIGN_OUT_DELAY_MS the screen does the same by itself, as its note says. Leaving it (Contact Us for Access)
 * cancels that.
 */
export function AccessDenied({ email }: { email: string }) {
  usePageTitle("Unsupported email domain");
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [signingOut, startSigningOut] = useTransition();
  const domain = displayDomain(publicConfig().companyDomain);

  const autoSignOut = useRef<ReturnType<typeof setTimeout>>(undefined);
  const started = useRef(false);

  // One async transition: the signed-out state and the move to / commit together, so no protected page in
  // between sees "no user" and redirects to /auth. Whichever comes first, the button or the pause, signs out; the
  // other then does nothing.
  const returnToLanding = () => {
    clearTimeout(autoSignOut.current);
    if (started.current) return;
    started.current = true;
    startSigningOut(async () => {
      await signOut();
      navigate("/", { replace: true });
    });
  };

  // An effect event, so a new auth context value (a re-render) does not restart the pause.
  const onPauseOver = useEffectEvent(returnToLanding);
  useEffect(() => {
    autoSignOut.current = setTimeout(onPauseOver, AUTO_SIGN_OUT_DELAY_MS);
    return () => clearTimeout(autoSignOut.current);
  }, []);

  return (
    <section aria-labelledby="denied-title" className="flex items-center justify-center px-4 py-16 sm:py-24">
      <Card className="w-full max-w-lg">
        <CardHeader className="items-center text-center">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-destructive/15 text-destructive">
            <ShieldAlert className="size-6" aria-hidden="true" />
          </span>
          <h1 id="denied-title" className="mt-2 text-2xl font-bold tracking-tight">
            Unsupported email domain
          </h1>
          <p className="text-sm text-muted-foreground">
            Currently only {domain} Google accounts can access our production site.
          </p>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <div
            role="group"
            aria-labelledby="denied-email-label"
            className="rounded-lg border border-red-500/60 bg-red-500/10 p-4 text-center"
          >
            <p id="denied-email-label" className="text-sm font-medium text-red-700 dark:text-red-300">
              Unauthorized email domain
            </p>
            <p className="mt-1 font-mono text-sm break-all text-foreground">{email}</p>
          </div>
          <p className="text-center text-sm text-muted-foreground">
            To gain access to {PRODUCT_NAME}, please contact our team.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <ButtonLink to="/contact" className="flex-1">
              Contact Us for Access
            </ButtonLink>
            <Button
              type="button"
              variant="outline"
              className="flex-1"
              disabled={signingOut}
              aria-busy={signingOut}
              onClick={returnToLanding}
            >
              {signingOut ? "Return to landing page..." : "Return to landing page"}
            </Button>
          </div>
          <p className="text-center text-xs text-muted-foreground" aria-live="polite">
            Signing you out automatically...
          </p>
        </CardContent>
      </Card>
    </section>
  );
}
