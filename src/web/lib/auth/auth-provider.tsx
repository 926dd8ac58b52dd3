import { useMemo, type ReactNode } from "react";
import { AuthContext, type AuthContextValue } from "./auth-context";

/**
 * Placeholder until sign-in lands (issue #3): nobody is ever signed in, so protected routes send visitors to
 * /auth and the navigation shows Login.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const value = useMemo<AuthContextValue>(
    () => ({
      user: null,
      session: null,
      loading: false,
      signInWithGoogle: async () => ({ error: new Error("Sign-in is not available yet") }),
      signOut: async () => undefined,
    }),
    [],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}
