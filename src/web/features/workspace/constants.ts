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
export const LAYOUT_SAVE_DEBOUNCE_MS = 100;
/** The one identifier the Console's layout is saved under (debounced by LAYOUT_SAVE_DEBOUNCE_MS). */
export const WORKSPACE_LAYOUT_ID = "pulse-console-layout";

export const WORK_ITEM_STATUSES = ["planning", "in-progress", "completed", "blocked"] as const;
export type WorkItemStatus = (typeof WORK_ITEM_STATUSES)[number];

export const RACI_ROLES = ["responsible", "accountable", "consulted", "informed"] as const;
export type RaciRole = (typeof RACI_ROLES)[number];

export const ASSISTANT_REPLY_DELAY_MS = 1_500;
/** The assistant's canned replies are chosen by the first group whose keyword the message contains. */
export const ASSISTANT_REPLY_KEYWORDS = {
  status: ["status", "progress"],
  task: ["task", "create"],
  team: ["team", "assign"],
} as const;
/** Chat timestamps: en-US, 2-digit hour and minute. */
export const CHAT_TIME_FORMAT: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit" };
