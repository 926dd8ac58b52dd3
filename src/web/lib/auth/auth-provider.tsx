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
  loadClient = pageAuthClient,
  startSignedOut = false,
}: {
  children: ReactNode;
  /** The auth client to use, at hand (tests); otherwise `loadClient`'s. */
  client?: AuthClient;
  /** Fetches the auth client when it is first needed: by default the page's own. */
  loadClient?: () => Promise<AuthClient>;
  /**
   * The page knows there is no session to adopt (the server's pre-render; a browser hydrating it, see
   * `startsSignedOut`): the first render is the signed-out one rather than the loading state, as in the markup.
   */
  startSignedOut?: boolean;
}) {
  const [state, setState] = useState<State>({ session: null, loading: !startSignedOut });
  // Used only in effects and event handlers, which run in the browser only.
  const auth = useCallback(() => (client ? Promise.resolve(client) : loadClient()), [client, loadClient]);

  useEffect(() => {
    let active = true;
    const cleanups = new Set<() => void>();
    const listen = <K extends keyof WindowEventMap>(
      type: K,
      listener: (event: WindowEventMap[K]) => void,
    ) => {
      window.addEventListener(type, listener);
      const stop = () => {
        window.removeEventListener(type, listener);
        cleanups.delete(stop);
      };
      cleanups.add(stop);
      return stop;
    };
    // Auth changes render as transitions, like the router's navigations: "sign out, then go to /" lands on /
    // in one render, instead of a protected page first seeing no user and redirecting to /auth.
    const apply = (session: AuthSession | null) =>
      startTransition(() => setState({ session, loading: false }));
    /** Loads and starts the client; false when its code could not be fetched (reported, and tried again later). */
    const connect = () =>
      auth().then(
        (client) => {
          if (!active) return true;
          const unsubscribe = client.onAuthStateChange((_event, session) => apply(session));
          const unmount = client.mount();
          cleanups.add(() => {
            unsubscribe();
            unmount();
          });
          return true;
        },
        (error: unknown) => {
          if (active) reportAuthError(error);
          return false;
        },
      );

    if (!startsSignedOut()) {
      // A session to adopt or a sign-in to finish. If the client's code cannot be fetched (offline), the page stays
      // loading rather than showing the person signed out, and tries again once the browser is back online.
      const start = () =>
        void connect().then((connected) => {
          if (connected || !active) return;
          const stop = listen("online", () => {
            stop();
            start();
          });
        });
      start();
    } else {
      startTransition(() => setState((s) => (s.loading ? { session: null, loading: false } : s)));
      // Signed out until another tab stores a session; the client, loaded then, adopts it from storage.
      const key = storageKeyFor(window.location.origin);
      let connecting = false;
      const stop = listen("storage", (event) => {
        if (connecting || event.key !== key || parseSession(event.newValue) === null) return;
        connecting = true;
        void connect().then((connected) => {
          connecting = false;
          if (connected) stop();
        });
      });
    }
    return () => {
      active = false;
      for (const cleanup of [...cleanups]) cleanup();
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
