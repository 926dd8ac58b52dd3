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
/** Member avatars shown on a project card before "+N". */
export const MAX_AVATARS = 3;
