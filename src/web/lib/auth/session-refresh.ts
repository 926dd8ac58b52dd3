/** SPEC §9: the session is checked once a tick and refreshed when it has little time left. */
export const SESSION_REFRESH_TICK_MS = 30_000;
/** Refresh when the session has this many ticks (about 90 s) or less left. */
export const SESSION_REFRESH_THRESHOLD_TICKS = 3;
export const SESSION_REFRESH_RETRY_BASE_MS = 200;
