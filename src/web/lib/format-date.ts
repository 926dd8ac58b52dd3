/**
 * The date formats the signed-in pages show, written out instead of date-fns's `format` and `parseISO`, which with
 * their English locale (parsing tables and all) weighed on the first download of the signed-in pages
 * (docs/performance.md). Each function gives what date-fns gives for its pattern, in the browser's time zone;
 * `format-date.test.ts` compares the two.
 */

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
const MONTHS = MONTH_NAMES.map((name) => name.slice(0, 3));

const twoDigits = (n: number) => String(n).padStart(2, "0");

function checked(date: Date): Date {
  // As date-fns's `format`: a date that is not one is a mistake to surface, not to print as "NaN".
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid time value");
  return date;
}

/** "Nov 25, 2026" (date-fns "MMM d, yyyy"). */
export function formatDay(date: Date): string {
  checked(date);
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** "November 25th, 2026" (date-fns "PPP" in English: the date picker's choice). */
export function formatLongDay(date: Date): string {
  checked(date);
  return `${MONTH_NAMES[date.getMonth()]} ${ordinal(date.getDate())}, ${date.getFullYear()}`;
}

function ordinal(day: number): string {
  if (day % 100 >= 11 && day % 100 <= 13) return `${day}th`;
  return `${day}${["th", "st", "nd", "rd"][day % 10] ?? "th"}`;
}

/** "Nov 25, 3:05 PM" (date-fns "MMM d, h:mm a"). */
export function formatDayTime(date: Date): string {
  checked(date);
  const hours = date.getHours();
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${hours % 12 || 12}:${twoDigits(date.getMinutes())} ${hours < 12 ? "AM" : "PM"}`;
}

/** "11/25/26" (date-fns "MM/dd/yy": SPEC's short date). */
export function formatShortDate(date: Date): string {
  checked(date);
  return `${twoDigits(date.getMonth() + 1)}/${twoDigits(date.getDate())}/${twoDigits(date.getFullYear() % 100)}`;
}

/**
 * A date as the API and the demo data write it. A calendar day ("2026-11-25") is that day from local midnight, as
 * date-fns's `parseISO` reads it (`new Date` alone would take UTC midnight: the day before, west of Greenwich); a
 * timestamp is its instant.
 */
export function parseIsoDate(iso: string): Date {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  return new Date(iso);
}
