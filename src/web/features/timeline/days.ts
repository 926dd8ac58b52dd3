/**
 * The day arithmetic of the timeline, on the viewer's calendar (local time), as date-fns does it. Written out rather
 * than imported: the date picker's calendar brings date-fns when it is first shown, and a date-fns module that the
 * timeline page held too would have to be exported from the page's chunk to the calendar's, which leaves the page
 * without a chunk of its own (the build refuses that: route-table.ts promises every page its own chunk).
 */

export function startOfDay(date: Date): Date {
  const day = new Date(date);
  day.setHours(0, 0, 0, 0);
  return day;
}

/** The same time `days` calendar days later (earlier when negative), whatever a daylight-saving change between. */
export function addDays(date: Date, days: number): Date {
  const later = new Date(date);
  later.setDate(later.getDate() + days);
  return later;
}

/** The same day at `hour` o'clock, minutes and seconds kept. */
export function atHour(date: Date, hour: number): Date {
  const moved = new Date(date);
  moved.setHours(hour);
  return moved;
}

export const isSameDay = (a: Date, b: Date) => startOfDay(a).getTime() === startOfDay(b).getTime();
