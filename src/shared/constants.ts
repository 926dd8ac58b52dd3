/**
 * Business constants of SPEC §9 that both the web app and the server use. A constant only one side uses lives
 * beside the code that uses it (a web feature's own folder, src/web/lib, or the server's feature folder).
 */

export const REALTIME_HEARTBEAT_MS = 25_000;
export const REALTIME_TIMEOUT_MS = 10_000;

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

export const CONTACT_REASONS = ["Find out more about Pulse", "Careers", "Something else"] as const;
export type ContactReason = (typeof CONTACT_REASONS)[number];
export const RESUME_EXTENSIONS = [".pdf", ".doc", ".docx"] as const;
