import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { isAuthorisedUser } from "@shared/auth-access";
import { Spinner } from "@/components/ui/spinner";
import { AccessDenied } from "@/features/auth/access-denied";
import { useAuth } from "@/lib/auth/auth-context";
import { publicConfig } from "@/lib/public-config";

/** SPEC §2 Protected wrapper: loading, redirect (replace) to /auth, access denied, or the page. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  if (loading) return <Spinner label="Loading..." className="min-h-screen" />;
  if (!user) return <Navigate to="/auth" replace />;
  if (!isAuthorisedUser(user, publicConfig().companyDomain)) return <AccessDenied email={user.email} />;
  return <>{children}</>;
}
