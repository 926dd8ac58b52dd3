import { createContext, useContext } from "react";

/** SPEC §3 User (auth), as the browser sees it. */
export interface AuthUser {
  id: string;
  email: string;
  name?: string | null;
}

/** SPEC §3 Session. */
export interface AuthSession {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  token_type: "bearer";
  user: AuthUser;
}

/** SPEC §4 auth provider: user, session and a loading flag, plus the sign-in and sign-out actions. */
export interface AuthContextValue {
  user: AuthUser | null;
  session: AuthSession | null;
  loading: boolean;
  signInWithGoogle(): Promise<{ error: Error | null }>;
  signOut(): Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | undefined>(undefined);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside AuthProvider");
  return value;
}
