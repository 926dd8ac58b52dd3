/** The realtime client's public surface (issue #12): one socket per tab, channels of the user's own rows. */
export type { RealtimeChannelName } from "@shared/realtime";
export type { ChannelState, RealtimeChange } from "./realtime-client";
export { RealtimeClient } from "./realtime-client";
export { RealtimeProvider } from "./realtime-provider";
export { useRealtimeChannel, type RealtimeChannelOptions } from "./use-realtime-channel";
