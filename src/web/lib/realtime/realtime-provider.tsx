import { useEffect, useState, type ReactNode } from "react";
import { useAuth } from "@/lib/auth/auth-context";
import { RealtimeClient } from "./realtime-client";
import { RealtimeContext } from "./realtime-context";

/**
 * Gives the signed-in area the tab's one realtime socket, fed with the auth provider's session: each refreshed
 * access token goes to the open socket; signing out closes it.
 */
export function RealtimeProvider({ children, client }: { children: ReactNode; client?: RealtimeClient }) {
  const [realtime] = useState(() => client ?? new RealtimeClient());
  const { session } = useAuth();
  const token = session?.access_token ?? null;
  const userId = session?.user.id ?? null;

  useEffect(() => {
    realtime.setSession(token, userId);
  }, [realtime, token, userId]);

  useEffect(() => () => realtime.dispose(), [realtime]);

  return <RealtimeContext value={realtime}>{children}</RealtimeContext>;
}
