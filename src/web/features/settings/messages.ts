/** SPEC §2, §5 and §8: every word the Settings page shows in a toast, exactly as SPEC writes it. */

export const PREFERENCES_SAVED = {
  title: "Preferences Saved",
  description: "Your preferences have been updated successfully.",
} as const;
export const PHOTO_SELECTED = { title: "Photo Selected", description: "Profile photo updated." } as const;

export const SIGNED_IN_REQUIRED = "You must be signed in to manage connectors.";
export const FETCH_STATUSES_FAILED = "Failed to fetch connector statuses";
export const UPDATE_STATUS_FAILED = "Failed to update connector status";
export const POPUP_BLOCKED = "Popup blocked. Please allow popups for this site.";
export const NO_CONNECTION_URL = "No connection URL in response";
export const connectInitiationFailed = (name: string) => `Failed to initiate ${name} connect flow`;
export const connectErrorTitle = (name: string) => `${name} Connect Error`;
export const disconnectFailed = (name: string) => `Failed to disconnect ${name}`;
export const DISCONNECTION_ERROR = "Disconnection Error";

export const SYNC_SUCCESSFUL = "Sync Successful";
export const SYNC_FAILED = "Sync Failed";
export const syncFailedFor = (name: string) => `Failed to sync ${name}. Please try again.`;
export const ASANA_SYNC_FAILED = "Failed to sync Asana";
export const ASANA_DATA_SYNC_FAILED = "Failed to sync Asana data";
export const DATA_SYNC_SUCCESSFUL = "Data Sync Successful";
export const DATA_SYNC_FAILED = "Data Sync Failed";

export const ASANA_PREFERENCES_SAVED = {
  title: "Preferences Saved",
  description: "Your Asana sync preferences have been updated.",
} as const;
export const SESSION_EXPIRED = {
  title: "Session Expired",
  description: "Please reauthenticate to update your Asana sync preferences.",
} as const;
export const SAVE_PREFERENCES_FAILED = "Failed to save preferences";
export const SIGN_IN_AGAIN = "Please sign in again to update your Asana sync preferences.";
export const NO_PROJECTS = "No projects found.";
