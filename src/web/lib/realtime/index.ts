import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect, useRef } from "react";

/**
 * STAND-IN for the realtime client (issue #13's realtime helper replaces this file at merge). It has the real
 * module's exports; its hook only refetches the given queries every 2 s and reports "joined". It never calls
 * `onChange`, so pages must also read changes from the refetched queries.
 */

export type RealtimeChannelName = "connectors" | "project_sync_preferences" | "user_identities";
export type ChannelState = "closed" | "errored" | "joined" | "joining" | "leaving";

export interface RealtimeChange {
  channel: RealtimeChannelName;
  operation: "INSERT" | "UPDATE" | "DELETE";
  row: Record<string, unknown> | null;
  seq: number;
}

const STAND_IN_REFETCH_MS = 2_000;

export function useRealtimeChannel(
  channel: RealtimeChannelName,
  options: {
    invalidate?: readonly QueryKey[];
    onChange?: (change: RealtimeChange) => void;
    enabled?: boolean;
  } = {},
): ChannelState {
  const queryClient = useQueryClient();
  const keys = useRef(options.invalidate);
  keys.current = options.invalidate;
  const enabled = options.enabled ?? true;
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => {
      for (const queryKey of keys.current ?? []) void queryClient.invalidateQueries({ queryKey });
    }, STAND_IN_REFETCH_MS);
    return () => clearInterval(timer);
  }, [channel, enabled, queryClient]);
  return enabled ? "joined" : "closed";
}
