import { createContext, useContext } from "react";
import type { AuthIdentity } from "@shared/auth";

/** SPEC §3 User (auth), as the browser sees it. */
export interface AuthUser {
  id: string;
  email: string;
  name?: string | null;
  email_verified?: boolean;
  /** Google's hosted-domain claim from the last sign-in (src/shared/auth-access.ts uses it). */
  hd?: string | null;
  identities?: AuthIdentity[];
  factors?: { id: string; factor_type: "totp" | "phone"; status: "verified" | "unverified" }[];
}

/**
 * SPEC §3 Session, as the page keeps it: the short-lived access token, its expiry and the user. The refresh token
 * lives in an HttpOnly cookie that no script reads (issue 37 item 5,
 * docs/decisions/0094-refresh-token-cookie-and-key-rotation.md).
 */
export interface AuthSession {
  access_token: string;
  /** Seconds since the epoch. */
  expires_at: number;
  expires_in?: number;
  token_type: "bearer";
  user: AuthUser;
}

/** SPEC §4 auth events. Google-only sign-in never raises the last two; they are named for completeness. */
export type AuthChangeEvent =
  | "INITIAL_SESSION"
  | "SIGNED_IN"
  | "SIGNED_OUT"
  | "TOKEN_REFRESHED"
  | "USER_UPDATED"
  | "PASSWORD_RECOVERY"
  | "MFA_CHALLENGE_VERIFIED";

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
