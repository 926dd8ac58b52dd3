import { Activity } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { AUTH_ERROR_PARAM, isSignInErrorCode, SIGN_IN_ERRORS } from "@shared/auth";
import { displayDomain } from "@shared/company-domain";
import { PRODUCT_NAME } from "@/lib/product-name";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { useAuth } from "@/lib/auth/auth-context";
import { reportAuthError } from "@/lib/auth/auth-errors";
import { publicConfig } from "@/lib/public-config";
import { Link, Navigate, useSearchParams } from "@/lib/router";
import { usePageTitle } from "@/lib/use-page-title";
import { GoogleIcon } from "./google-icon";

/** SPEC §2 Sign-in (/auth): idle, busy ("Signing in..."), idle again if the sign-in could not start. */
export default function SignInPage() {
  usePageTitle("Sign in");
  const { user, loading, signInWithGoogle } = useAuth();
  const [busy, setBusy] = useState(false);
  const [params, setParams] = useSearchParams();
  const reported = useRef(false);
  const domain = displayDomain(publicConfig().companyDomain);

  // A failed sign-in comes back here with an error code (SPEC §8): toast its fixed message once (an unknown code
  // gets the generic one), then tidy the address.
  useEffect(() => {
    const error = params.get(AUTH_ERROR_PARAM);
    if (!error || reported.current) return;
    reported.current = true;
    reportAuthError(isSignInErrorCode(error) ? SIGN_IN_ERRORS[error] : undefined);
    setParams({}, { replace: true });
  }, [params, setParams]);

  // Coming back from the provider with the browser's Back button restores this page as it was: not busy.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);

  if (!loading && user) return <Navigate to="/dashboard" replace />;

  const continueWithGoogle = async () => {
    setBusy(true);
    const { error } = await signInWithGoogle();
    if (error) setBusy(false);
  };

  return (
    <section aria-labelledby="auth-title" className="flex items-center justify-center px-4 py-16 sm:py-24">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Activity className="size-6" aria-hidden="true" />
          </span>
          <h1 id="auth-title" className="mt-2 text-2xl font-bold tracking-tight">
            Welcome to {PRODUCT_NAME}
          </h1>
          <p className="text-sm text-muted-foreground">
            Sign in with your {domain} Google account to continue
          </p>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <Button
            type="button"
            size="lg"
            variant="outline"
            className="w-full"
            disabled={busy}
            aria-busy={busy}
            onClick={() => void continueWithGoogle()}
          >
            <GoogleIcon className="size-5" />
            {busy ? "Signing in..." : "Continue with Google"}
          </Button>
          <div className="flex flex-col gap-2 text-center text-sm text-muted-foreground">
            <p>Only {domain} accounts are authorized to access this platform.</p>
            <p>
              Don&apos;t have access?{" "}
              <Link to="/contact" className="font-medium text-primary underline-offset-4 hover:underline">
                Contact us to request access
              </Link>
            </p>
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
