import { MAX_AVATARS, NEW_PULSE_DEFAULTS, type TimelinePriority, type TimelineStatus } from "./constants";
import { addDays, isSameDay } from "./days";

/** SPEC §3 Pulse (local only). Dates are `Date`s: nothing is stored or sent. */
export interface Pulse {
  id: string;
  title: string;
  completed: boolean;
  dueDate: Date;
  assignee: string;
  estimatedStartTime: Date;
  estimatedCompleteBy: Date;
}

/** SPEC §3 Timeline project (local only); `color` is one of TIMELINE_COLORS' gradients. */
export interface TimelineProject {
  id: string;
  title: string;
  description: string;
  startDate: Date;
  endDate: Date;
  progress: number;
  status: TimelineStatus;
  priority: TimelinePriority;
  team: string[];
  color: string;
  pulses: Pulse[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Milliseconds since the epoch as read on a wall clock, so a day across a DST change still counts as one day. */
const wallClock = (date: Date) => date.getTime() - date.getTimezoneOffset() * 60_000;

/** SPEC §9: the absolute number of days between two dates, rounded up (a part day counts as a day). */
export function durationInDays(start: Date, end: Date): number {
  return Math.ceil(Math.abs(wallClock(end) - wallClock(start)) / DAY_MS);
}

/** SPEC §9: the first letter of each word, upper case ("ada lovelace" → "AL"). */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .join("");
}

/** SPEC §9: at most 3 avatars; the rest are counted in "+N" (`extra` is 0 when there are none). */
export function avatars(team: readonly string[]): { shown: string[]; extra: number } {
  return { shown: team.slice(0, MAX_AVATARS), extra: Math.max(0, team.length - MAX_AVATARS) };
}

/** SPEC §4: overdue when the due date is before now and not today (in the viewer's time zone). */
export function isOverdue(dueDate: Date, now: Date): boolean {
  return dueDate.getTime() < now.getTime() && !isSameDay(dueDate, now);
}

/** SPEC §4/§9: what the pulse's row shows in colour — overdue only while not completed. */
export function pulseState(pulse: Pulse, now: Date): "completed" | "overdue" | "open" {
  if (pulse.completed) return "completed";
  return isOverdue(pulse.dueDate, now) ? "overdue" : "open";
}

/** SPEC §5: a pulse needs a title that is not blank once trimmed. */
export const canAddPulse = (title: string) => title.trim().length > 0;

/** SPEC §9 new pulse: assignee "Unassigned", due in 7 days, estimated start in 1 day, complete-by in 6 days. */
export function newPulse(id: string, title: string, now: Date): Pulse {
  return {
    id,
    title: title.trim(),
    completed: false,
    dueDate: addDays(now, NEW_PULSE_DEFAULTS.dueInDays),
    assignee: NEW_PULSE_DEFAULTS.assignee,
    estimatedStartTime: addDays(now, NEW_PULSE_DEFAULTS.startInDays),
    estimatedCompleteBy: addDays(now, NEW_PULSE_DEFAULTS.completeByInDays),
  };
}

export const completedCount = (pulses: readonly Pulse[]) => pulses.filter((p) => p.completed).length;

/** The header's date: en-US long form, e.g. "Monday, November 23, 2026". */
export const formatToday = (now: Date) =>
  new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
  }).format(now);
