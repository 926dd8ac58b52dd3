import { useEffect, useState, type ReactNode } from "react";
import { afterContentPaint } from "@/lib/after-paint";
import { useAuth } from "@/lib/auth/auth-context";
import type { RealtimeClient } from "./realtime-client";
import { RealtimeContext } from "./realtime-context";

/**
 * Gives the signed-in area the tab's one realtime socket, fed with the auth provider's session: each refreshed
 * access token goes to the open socket; signing out closes it. The client's code loads on first use, so the
 * anonymous pages never download it; until it has loaded, channels read "closed".
 */
export function RealtimeProvider({ children, client }: { children: ReactNode; client?: RealtimeClient }) {
  const [realtime, setRealtime] = useState<RealtimeClient | null>(client ?? null);
  const { session } = useAuth();
  const token = session?.access_token ?? null;
  const userId = session?.user.id ?? null;

  useEffect(() => {
    if (realtime) return;
    let cancelled = false;
    // Not on the first screen: the socket's code and connection wait until the page's content is shown.
    const cancel = afterContentPaint(
      () =>
        void import("./realtime-client").then(({ RealtimeClient }) => {
          if (!cancelled) setRealtime(new RealtimeClient());
        }),
    );
    return () => {
      cancelled = true;
      cancel();
    };
  }, [realtime]);

  useEffect(() => {
    realtime?.setSession(token, userId);
  }, [realtime, token, userId]);

  useEffect(() => () => realtime?.dispose(), [realtime]);

  return <RealtimeContext value={realtime}>{children}</RealtimeContext>;
}
