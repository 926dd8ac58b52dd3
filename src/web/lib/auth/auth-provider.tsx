import { startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import type { AuthClient } from "./auth-client";
import { AuthContext, type AuthContextValue, type AuthSession } from "./auth-context";
import { reportAuthError } from "./auth-errors";
import { pageAuthClient } from "./page-auth-client";
import { parseSession, startsSignedOut, storageKeyFor } from "./stored-session";

interface State {
  session: AuthSession | null;
  loading: boolean;
}

/**
 * SPEC §4 Auth provider: user, session and a loading flag that starts true and turns false on the first auth event
 * (INITIAL_SESSION, or SIGNED_IN after a sign-in). Every event stores the session and user it carries; SIGNED_OUT
 * clears both. Kept small: it is part of every page's first download, and the auth client is not (page-auth-client.ts).
 * A page that starts signed out (no stored session, no sign-in to finish) is signed out at once, and loads the
 * client only when it is needed: to sign in, or to adopt the session another tab has just stored.
 */
export function AuthProvider({
  children,
  client,
  startSignedOut = false,
}: {
  children: ReactNode;
  /** The auth client to use; by default the page's own, loaded when needed. */
  client?: AuthClient;
  /**
   * The page knows there is no session to adopt (the server's pre-render; a browser hydrating it, see
   * `startsSignedOut`): the first render is the signed-out one rather than the loading state, as in the markup.
   */
  startSignedOut?: boolean;
}) {
  const [state, setState] = useState<State>({ session: null, loading: !startSignedOut });
  // Used only in effects and event handlers, which run in the browser only.
  const auth = useCallback(() => (client ? Promise.resolve(client) : pageAuthClient()), [client]);

  useEffect(() => {
    let active = true;
    let disconnect: (() => void) | undefined;
    // Auth changes render as transitions, like the router's navigations: "sign out, then go to /" lands on /
    // in one render, instead of a protected page first seeing no user and redirecting to /auth.
    const apply = (session: AuthSession | null) =>
      startTransition(() => setState({ session, loading: false }));
    const connect = () =>
      auth().then(
        (client) => {
          if (!active) return;
          const unsubscribe = client.onAuthStateChange((_event, session) => apply(session));
          const unmount = client.mount();
          disconnect = () => {
            unsubscribe();
            unmount();
          };
        },
        (error: unknown) => {
          // The client's code could not be fetched (offline, a deploy replaced it): say so, and carry on signed out.
          reportAuthError(error);
          if (active) apply(null);
        },
      );

    if (!startsSignedOut()) {
      void connect();
    } else {
      startTransition(() => setState((s) => (s.loading ? { session: null, loading: false } : s)));
      const key = storageKeyFor(window.location.origin);
      const onStorage = (event: StorageEvent) => {
        if (event.key !== key || parseSession(event.newValue) === null) return;
        window.removeEventListener("storage", onStorage);
        void connect();
      };
      window.addEventListener("storage", onStorage);
      disconnect = () => window.removeEventListener("storage", onStorage);
    }
    return () => {
      active = false;
      disconnect?.();
    };
  }, [auth]);

  const signInWithGoogle = useCallback(async () => {
    try {
      await (await auth()).signInWithGoogle();
      return { error: null };
    } catch (error) {
      reportAuthError(error);
      return { error: error instanceof Error ? error : new Error(String(error)) };
    }
  }, [auth]);

  const signOut = useCallback(async () => (await auth()).signOut(), [auth]);

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
