import type { ReactNode } from "react";
import { isAuthorisedUser } from "@shared/auth-access";
import { Spinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth/auth-context";
import { publicConfig } from "@/lib/public-config";
import { SiteLayout } from "../layout/site-layout";
import { AccessDeniedScreen } from "./access-denied-screen";

interface RootGateProps {
  /** What an anonymous visitor sees (the landing page; route-table.ts names it). */
  anonymousPage: ReactNode;
  /** What a signed-in user of the company domain sees: the Console, as at /dashboard (decision 0031). */
  signedInPage: ReactNode;
}

/** SPEC §2 route "/": loading, the unauthorised screen, the dashboard, or the landing page. */
export function RootGate({ anonymousPage, signedInPage }: RootGateProps) {
  const { user, loading } = useAuth();
  if (loading) {
    return (
      <SiteLayout variant="public">
        <Spinner label="Loading..." className="min-h-screen" />
      </SiteLayout>
    );
  }
  if (user && !isAuthorisedUser(user, publicConfig().companyDomain, publicConfig().requireHostedDomain)) {
    return <AccessDeniedScreen email={user.email} />;
  }
  if (user) {
    return <SiteLayout variant="app">{signedInPage}</SiteLayout>;
  }
  return <SiteLayout variant="public">{anonymousPage}</SiteLayout>;
}
