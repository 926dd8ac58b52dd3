/* Communication preferences (SPEC §9), shared by the PulseOps admin dashboard and the Settings screen. */

export const COMMUNICATION_METHODS = ["imessage", "whatsapp", "slack", "email", "push"] as const;
export type CommunicationMethod = (typeof COMMUNICATION_METHODS)[number];
export const DEFAULT_COMMUNICATION_METHOD: CommunicationMethod = "email";

export const NOTIFICATION_FREQUENCIES = ["realtime", "hourly", "daily", "weekly"] as const;
export type NotificationFrequency = (typeof NOTIFICATION_FREQUENCIES)[number];
export const DEFAULT_NOTIFICATION_FREQUENCY: NotificationFrequency = "daily";

/** Work hours as 24-hour "HH:mm" strings. */
export const DEFAULT_WORK_HOURS = { start: "09:00", end: "17:00" } as const;

export const TIMEZONES = ["UTC", "EST", "PST", "GMT", "CET"] as const;
export type Timezone = (typeof TIMEZONES)[number];
export const DEFAULT_TIMEZONE: Timezone = "UTC";
