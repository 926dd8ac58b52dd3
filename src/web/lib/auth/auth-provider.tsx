import { startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { setAccessTokenSource } from "@/lib/api-client";
import { AuthClient, sameSession } from "./auth-client";
import { AuthContext, type AuthContextValue, type AuthSession } from "./auth-context";
import { reportAuthError } from "./auth-errors";

let defaultClient: AuthClient | undefined;

/** The page's one auth client (created on first use in the browser; the server's pre-render never makes one). */
function pageClient(): AuthClient {
  defaultClient ??= new AuthClient({ onError: reportAuthError });
  return defaultClient;
}

interface State {
  session: AuthSession | null;
  loading: boolean;
}

/**
 * SPEC §4 Auth provider: user, session and a loading flag that turns false after the first session check or auth
 * event. The first check is the stored session, read as the provider first renders: when the auth client will adopt
 * it without asking the server (no sign-in to finish, no refresh due), the first render already shows it, so a
 * signed-in page paints at once rather than after a loading state; otherwise loading lasts until the first auth
 * event (INITIAL_SESSION, or SIGNED_IN after a sign-in). Every event stores the session and user it carries;
 * SIGNED_OUT clears both. Kept small: it is part of every page's first download.
 */
export function AuthProvider({
  children,
  client,
  startSignedOut = false,
}: {
  children: ReactNode;
  client?: AuthClient;
  /**
   * The page knows there is no session to adopt (the server's pre-render; a browser hydrating it, see
   * `startsSignedOut`): the first render is the signed-out one rather than the loading state, as in the markup.
   */
  startSignedOut?: boolean;
}) {
  // Used in the browser only: effects, event handlers, and the first state unless the page starts signed out (the
  // server's pre-render always does).
  const auth = useCallback(() => client ?? pageClient(), [client]);
  const [state, setState] = useState<State>(() => {
    // Every API request takes its token from this client (lib/api-client), from the first render on: a page's
    // queries start in its effects, which run before this provider's.
    setAccessTokenSource(() => auth().accessToken());
    if (startSignedOut) return { session: null, loading: false };
    const session = auth().startingSession();
    return session === undefined ? { session: null, loading: true } : { session, loading: false };
  });

  useEffect(() => {
    // Auth changes render as transitions, like the router's navigations: "sign out, then go to /" lands on /
    // in one render, instead of a protected page first seeing no user and redirecting to /auth. The session
    // already shown (INITIAL_SESSION for the stored one) renders nothing again.
    const unsubscribe = auth().onAuthStateChange((_event, session) =>
      startTransition(() =>
        setState((shown) =>
          !shown.loading && sameSession(shown.session, session) ? shown : { session, loading: false },
        ),
      ),
    );
    const unmount = auth().mount();
    return () => {
      unsubscribe();
      unmount();
    };
  }, [auth]);

  const signInWithGoogle = useCallback(async () => {
    try {
      await auth().signInWithGoogle();
      return { error: null };
    } catch (error) {
      reportAuthError(error);
      return { error: error instanceof Error ? error : new Error(String(error)) };
    }
  }, [auth]);

  const signOut = useCallback(() => auth().signOut(), [auth]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: state.session?.user ?? null,
      session: state.session,
      loading: state.loading,
      signInWithGoogle,
      signOut,
    }),
    [state, signInWithGoogle, signOut],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}
