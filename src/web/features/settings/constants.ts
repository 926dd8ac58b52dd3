import type { ConnectorType } from "@shared/connectors";
import type { CommunicationMethod, NotificationFrequency } from "@/lib/communication-preferences";

/* Settings (SPEC §2 Settings page, §4, §9). */

export const SYNC_STATUS_RESET_MS = 3_000;
export const SIMULATED_SYNC_MS = 2_000;
export const SIMULATED_SYNC_SUCCESS_RATE = 0.7;
export const CONNECT_POPUP = { width: 600, height: 700 } as const;

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
