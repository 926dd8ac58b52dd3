import { isAuthorisedUser } from "@shared/auth-access";
import { Spinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth/auth-context";
import { publicConfig } from "@/lib/public-config";
import { RealtimeProvider } from "@/lib/realtime/realtime-provider";
import { Navigate } from "@/lib/router";
import { SiteLayout } from "../layout/site-layout";
import { AccessDeniedScreen } from "./access-denied-screen";

/**
 * SPEC §2 Protected wrapper, as the layout route of the signed-in area (so no protected route can miss it):
 * loading, redirect (replace) to /auth, access denied, or the signed-in layout with the page, under the tab's
 * realtime socket (src/web/lib/realtime).
 */
export function ProtectedRoute() {
  const { user, loading } = useAuth();
  if (loading) {
    return (
      <SiteLayout variant="app">
        <Spinner label="Loading..." className="min-h-screen" />
      </SiteLayout>
    );
  }
  if (!user) return <Navigate to="/auth" replace />;
  if (!isAuthorisedUser(user, publicConfig().companyDomain, publicConfig().requireHostedDomain))
    return <AccessDeniedScreen email={user.email} />;
  return (
    <RealtimeProvider>
      <SiteLayout variant="app" />
    </RealtimeProvider>
  );
}
