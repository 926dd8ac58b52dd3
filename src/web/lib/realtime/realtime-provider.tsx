import { useEffect, useState, type ReactNode } from "react";
import { REALTIME_RECONNECT_DELAYS_MS } from "./reconnect-delays";
import { afterContentPaint } from "@/lib/after-paint";
import { onDemand } from "@/lib/on-demand";
import { useAuth } from "@/lib/auth/auth-context";
import type { RealtimeClient } from "./realtime-client";
import { RealtimeContext } from "./realtime-context";

const realtimeClientCode = onDemand(() => import("./realtime-client"));

/**
 * Gives the signed-in area the tab's one realtime socket, fed with the auth provider's session: each refreshed
 * access token goes to the open socket; signing out closes it. The client's code loads on first use, so the
 * anonymous pages never download it; until it has loaded, channels read "closed" (a failed fetch of it is retried).
 */
export function RealtimeProvider({ children, client }: { children: ReactNode; client?: RealtimeClient }) {
  const [realtime, setRealtime] = useState<RealtimeClient | null>(client ?? null);
  const { session } = useAuth();
  const token = session?.access_token ?? null;
  const userId = session?.user.id ?? null;

  useEffect(() => {
    if (realtime) return;
    let cancelled = false;
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // A fetch of the code that fails (the connection dropped, the server restarting) is retried on the socket's
    // own reconnect schedule: until the code is here the channels read "closed", as while a socket cannot connect.
    const load = () =>
      void realtimeClientCode.load().then(
        ({ RealtimeClient }) => {
          if (!cancelled) setRealtime(new RealtimeClient());
        },
        () => {
          if (cancelled) return;
          const delays = REALTIME_RECONNECT_DELAYS_MS;
          retry = setTimeout(load, delays[Math.min(attempt++, delays.length - 1)]);
        },
      );
    // Not on the first screen: the socket's code and connection wait until the page's content is shown.
    const cancel = afterContentPaint(load);
    return () => {
      cancelled = true;
      cancel();
      clearTimeout(retry);
    };
  }, [realtime]);

  useEffect(() => {
    realtime?.setSession(token, userId);
  }, [realtime, token, userId]);

  useEffect(() => () => realtime?.dispose(), [realtime]);

  return <RealtimeContext value={realtime}>{children}</RealtimeContext>;
}
