import { lazy } from "react";
import { isAuthorisedUser } from "@shared/auth-access";
import { Spinner } from "@/components/ui/spinner";
import { AccessDenied } from "@/features/auth/access-denied";
import { useAuth } from "@/lib/auth/auth-context";
import { publicConfig } from "@/lib/public-config";
import { SiteLayout } from "../layout/site-layout";
import { PageBoundary } from "../page-boundary";

const LandingPage = lazy(() => import("@/features/landing/landing-page"));
// The same Console as /dashboard (docs/decisions/0031-console-selection-and-details.md).
const ConsolePage = lazy(() => import("@/features/workspace/workspace-page"));

/** SPEC §2 route "/": loading, the unauthorised screen, the dashboard (the Console), or the landing page. */
export function RootGate() {
  const { user, loading } = useAuth();
  if (loading) {
    return (
      <SiteLayout variant="public">
        <Spinner label="Loading..." className="min-h-screen" />
      </SiteLayout>
    );
  }
  if (user && !isAuthorisedUser(user, publicConfig().companyDomain)) {
    return (
      <SiteLayout variant="public">
        <AccessDenied email={user.email} />
      </SiteLayout>
    );
  }
  if (user) {
    return (
      <SiteLayout variant="app">
        <PageBoundary>
          <ConsolePage />
        </PageBoundary>
      </SiteLayout>
    );
  }
  return (
    <SiteLayout variant="public">
      <PageBoundary>
        <LandingPage />
      </PageBoundary>
    </SiteLayout>
  );
}
