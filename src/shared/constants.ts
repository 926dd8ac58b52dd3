/** Business constants of SPEC §9, in one place for the web app and the server. */

export const PRODUCT_NAME = "Pulse";

/** Navigation darkens and the landing scroll hint hides past this scroll position (px). */
export const SCROLL_THRESHOLD_PX = 50;

export const SESSION_REFRESH_TICK_MS = 30_000;
/** Refresh when the session has this many ticks (about 90 s) or less left. */
export const SESSION_REFRESH_THRESHOLD_TICKS = 3;
export const SESSION_REFRESH_RETRY_BASE_MS = 200;

export const REALTIME_HEARTBEAT_MS = 25_000;
export const REALTIME_TIMEOUT_MS = 10_000;
export const REALTIME_RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;

export const ASSISTANT_REPLY_DELAY_MS = 1_500;
export const SYNC_STATUS_RESET_MS = 3_000;
export const SIMULATED_SYNC_MS = 2_000;
export const SIMULATED_SYNC_SUCCESS_RATE = 0.7;
export const CONNECT_POPUP = { width: 600, height: 700 } as const;
export const TECHNOLOGY_STEP_MS = 2_000;
export const TECHNOLOGY_STEPS = ["Input", "AI Processing", "Optimization", "Output"] as const;

export const LAYOUT_SAVE_DEBOUNCE_MS = 100;
export const MAX_AVATARS = 3;

export const COPYRIGHT_YEAR = 2025;

/** SPEC §2 Streams page: the name shown for a Stream, or a PulseMap made of one, whose name is empty. */
export const UNTITLED_PROJECT = "Untitled Project";

export const CONNECTOR_TYPES = [
  "google_meet_gemini",
  "asana",
  "slack",
  "zoom",
  "trello",
  "jira",
  "gmail",
  "notes",
  "google_sheets",
  "notion",
  "google_docs",
  "google_drive",
] as const;
export type ConnectorType = (typeof CONNECTOR_TYPES)[number];

/**
 * How the Settings screen names and describes each connector (SPEC §3 gives only the types; decision 0071). The
 * order of CONNECTOR_TYPES is the order of the cards.
 */
export const CONNECTOR_DETAILS: Record<ConnectorType, { name: string; description: string }> = {
  google_meet_gemini: {
    name: "Google Meet",
    description: "Meeting transcripts and Gemini notes from your Google Meet calls",
  },
  asana: { name: "Asana", description: "Projects and tasks from your Asana workspaces" },
  slack: { name: "Slack", description: "Conversations and decisions from your Slack channels" },
  zoom: { name: "Zoom", description: "Meeting recordings and transcripts from Zoom" },
  trello: { name: "Trello", description: "Boards, lists and cards from Trello" },
  jira: { name: "Jira", description: "Issues, epics and sprints from Jira" },
  gmail: { name: "Gmail", description: "Project threads and action items from Gmail" },
  notes: { name: "Notes", description: "Meeting and project notes" },
  google_sheets: { name: "Google Sheets", description: "Trackers and plans kept in Google Sheets" },
  notion: { name: "Notion", description: "Pages and databases from your Notion workspace" },
  google_docs: { name: "Google Docs", description: "Briefs, specs and meeting notes in Google Docs" },
  google_drive: { name: "Google Drive", description: "Files and folders from your Google Drive" },
};

export const CONTACT_REASONS = ["Find out more about Pulse", "Careers", "Something else"] as const;
export type ContactReason = (typeof CONTACT_REASONS)[number];
export const RESUME_EXTENSIONS = [".pdf", ".doc", ".docx"] as const;

/* Console (SPEC §2 Project workspace page, §9). */

/** The three panels' sizes, in percent of the workspace width. */
export const WORKSPACE_PANELS = {
  hierarchy: { defaultSize: 25, minSize: 20, maxSize: 35 },
  details: { defaultSize: 50, minSize: 30 },
  assistant: { defaultSize: 25, minSize: 20, maxSize: 35 },
} as const;
/** A panel handle moves this many percent per arrow key… */
export const PANEL_KEYBOARD_STEP_PERCENT = 10;
/** …and this many (i.e. to the limit) with Shift. */
export const PANEL_KEYBOARD_SHIFT_STEP_PERCENT = 100;
/** The one identifier the Console's layout is saved under (debounced by LAYOUT_SAVE_DEBOUNCE_MS). */
export const WORKSPACE_LAYOUT_ID = "pulse-console-layout";

export const WORK_ITEM_STATUSES = ["planning", "in-progress", "completed", "blocked"] as const;
export type WorkItemStatus = (typeof WORK_ITEM_STATUSES)[number];

export const RACI_ROLES = ["responsible", "accountable", "consulted", "informed"] as const;
export type RaciRole = (typeof RACI_ROLES)[number];

/** The assistant's canned replies are chosen by the first group whose keyword the message contains. */
export const ASSISTANT_REPLY_KEYWORDS = {
  status: ["status", "progress"],
  task: ["task", "create"],
  team: ["team", "assign"],
} as const;
/** Chat timestamps: en-US, 2-digit hour and minute. */
export const CHAT_TIME_FORMAT: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit" };

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

/** How the Settings preferences panel words SPEC §9's methods and frequencies (the admin tables show the raw words). */
export const COMMUNICATION_METHOD_LABELS: Record<CommunicationMethod, string> = {
  imessage: "iMessage",
  whatsapp: "WhatsApp",
  slack: "Slack",
  email: "Email",
  push: "Push notification",
};
export const NOTIFICATION_FREQUENCY_LABELS: Record<NotificationFrequency, string> = {
  realtime: "Real-time",
  hourly: "Hourly",
  daily: "Daily",
  weekly: "Weekly",
};

/* PulseOps admin dashboard (SPEC §6). Roles of the admin UI; they grant nothing (demo mode). */

export const ADMIN_ROLES = ["admin", "project_manager", "team_lead", "member"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/* Timeline / PulseMap (SPEC §2 Timeline page and Add Project dialog, §4, §9). */

export const TIMELINE_STATUSES = ["planning", "in-progress", "completed", "delayed"] as const;
export type TimelineStatus = (typeof TIMELINE_STATUSES)[number];
export const TIMELINE_PRIORITIES = ["low", "medium", "high"] as const;
export type TimelinePriority = (typeof TIMELINE_PRIORITIES)[number];
/** The Add Project form's defaults (SPEC §4). */
export const DEFAULT_TIMELINE_STATUS: TimelineStatus = "planning";
export const DEFAULT_TIMELINE_PRIORITY: TimelinePriority = "medium";

/** The 8 project colours: a name for assistive technology and the gradient's Tailwind classes. */
export const TIMELINE_COLORS = [
  { name: "Blue to purple", gradient: "bg-linear-to-r from-blue-500 to-purple-600" },
  { name: "Green to teal", gradient: "bg-linear-to-r from-green-500 to-teal-600" },
  { name: "Orange to red", gradient: "bg-linear-to-r from-orange-500 to-red-600" },
  { name: "Pink to rose", gradient: "bg-linear-to-r from-pink-500 to-rose-600" },
  { name: "Indigo to blue", gradient: "bg-linear-to-r from-indigo-500 to-blue-600" },
  { name: "Yellow to orange", gradient: "bg-linear-to-r from-yellow-500 to-orange-600" },
  { name: "Cyan to sky", gradient: "bg-linear-to-r from-cyan-500 to-sky-600" },
  { name: "Violet to fuchsia", gradient: "bg-linear-to-r from-violet-500 to-fuchsia-600" },
] as const;

/** A new pulse (SPEC §9): assignee, and its dates in days from when it is added. */
export const NEW_PULSE_DEFAULTS = {
  assignee: "Unassigned",
  dueInDays: 7,
  startInDays: 1,
  completeByInDays: 6,
} as const;
