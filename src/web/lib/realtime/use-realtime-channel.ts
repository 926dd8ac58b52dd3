import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useContext, useEffect, useRef, useState } from "react";
import type { RealtimeChannelName } from "@shared/realtime";
import type { ChannelState, RealtimeChange } from "./realtime-client";
import { RealtimeContext } from "./realtime-context";

export interface RealtimeChannelOptions {
  /** Query keys refetched on every (re)join — so nothing committed while disconnected is missed — and change. */
  invalidate?: readonly QueryKey[];
  /** Each change of the user's rows on this channel. */
  onChange?: (change: RealtimeChange) => void;
  /** False leaves the channel (default true). */
  enabled?: boolean;
}

/**
 * Joins a realtime channel of the signed-in user's rows while the component is mounted, and returns its state
 * (SPEC §4: closed, errored, joined, joining, leaving). Outside the signed-in area (no RealtimeProvider) it stays
 * "closed".
 */
export function useRealtimeChannel(
  channel: RealtimeChannelName,
  options: RealtimeChannelOptions = {},
): ChannelState {
  const client = useContext(RealtimeContext);
  const queryClient = useQueryClient();
  const [state, setState] = useState<ChannelState>("closed");
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const enabled = options.enabled ?? true;

  useEffect(() => {
    if (!client || !enabled) {
      setState("closed");
      return;
    }
    const refetch = () => {
      for (const queryKey of latest.current.invalidate ?? [])
        void queryClient.invalidateQueries({ queryKey });
    };
    return client.subscribe(channel, {
      onState: setState,
      onJoin: refetch,
      onChange: (change) => {
        latest.current.onChange?.(change);
        refetch();
      },
    });
  }, [client, channel, enabled, queryClient]);

  return state;
}
