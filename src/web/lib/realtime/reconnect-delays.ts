/** SPEC §9: how long the realtime client waits before each attempt to reconnect; the last repeats. */
export const REALTIME_RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
