import * as dateFns from "date-fns";
import { afterEach, describe, expect, it } from "vitest";
import { addDays, atHour, isSameDay, startOfDay } from "./days";

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

// Across both of the year's daylight-saving changes (2026: March 8 and November 1 in Los Angeles, March 29 and
// October 25 in Berlin), and a year's end and a leap day.
const INSTANTS = [
  "2026-03-07T23:30:00",
  "2026-03-08T01:30:00",
  "2026-03-08T12:00:00",
  "2026-03-28T22:15:00",
  "2026-10-24T10:00:00",
  "2026-10-31T23:59:00",
  "2026-11-01T01:30:00",
  "2026-12-31T18:00:00",
  "2028-02-28T09:00:00",
];
const DAYS = [-60, -30, -2, -1, 0, 1, 6, 7, 14, 45, 97];

describe("the timeline's day arithmetic gives what date-fns gives", () => {
  for (const tz of ["America/Los_Angeles", "Europe/Berlin", "UTC"]) {
    it(`in ${tz}`, () => {
      process.env.TZ = tz;
      for (const iso of INSTANTS) {
        const date = new Date(iso);
        expect(startOfDay(date).getTime(), iso).toBe(dateFns.startOfDay(date).getTime());
        for (const days of DAYS) {
          expect(addDays(date, days).getTime(), `${iso} + ${days}`).toBe(
            dateFns.addDays(date, days).getTime(),
          );
          const later = dateFns.addDays(date, days);
          expect(isSameDay(date, later), `${iso} same day as +${days}`).toBe(dateFns.isSameDay(date, later));
        }
        for (const hour of [0, 9, 15, 17, 23])
          expect(atHour(date, hour).getTime(), `${iso} at ${hour}`).toBe(
            dateFns.setHours(date, hour).getTime(),
          );
      }
    });
  }

  it("leaves the date it is given as it was", () => {
    const date = new Date(2026, 10, 25, 14, 30);
    const before = date.getTime();
    startOfDay(date);
    addDays(date, 3);
    atHour(date, 9);
    expect(date.getTime()).toBe(before);
  });
});
