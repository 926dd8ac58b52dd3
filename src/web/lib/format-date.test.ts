import { format, parseISO } from "date-fns";
import { afterEach, describe, expect, it } from "vitest";
import { formatDay, formatDayTime, formatLongDay, formatShortDate, parseIsoDate } from "./format-date";

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

// West and east of Greenwich, and on it: a calendar day read as UTC midnight would be the day before in the first.
const ZONES = ["America/Los_Angeles", "UTC", "Asia/Kolkata"];

// Every hour of a day (midnight and noon among them), every month, a leap day, both ends of a year, single and
// double digit days, and a year whose last two digits start with 0.
const INSTANTS = [
  ...Array.from({ length: 24 }, (_, hour) => `2026-03-09T${String(hour).padStart(2, "0")}:07:00`),
  ...Array.from(
    { length: 12 },
    (_, month) => `2025-${String(month + 1).padStart(2, "0")}-1${month % 10}T23:59:59Z`,
  ),
  "2024-02-29T12:00:00Z",
  "2026-12-31T23:30:00.000Z",
  "2027-01-01T00:00:00+05:30",
  "2005-07-04T09:05:00",
];
const DAYS = ["2026-11-25", "2026-01-01", "2024-02-29", "2026-12-31", "2009-09-09"];

describe("the signed-in pages' date formats give what date-fns gives", () => {
  for (const tz of ZONES) {
    it(`in ${tz}: timestamps and calendar days, read and written`, () => {
      process.env.TZ = tz;
      for (const iso of [...INSTANTS, ...DAYS]) {
        const ours = parseIsoDate(iso);
        expect(ours.getTime(), iso).toBe(parseISO(iso).getTime());
        expect(formatDay(ours), iso).toBe(format(ours, "MMM d, yyyy"));
        expect(formatDayTime(ours), iso).toBe(format(ours, "MMM d, h:mm a"));
        expect(formatShortDate(ours), iso).toBe(format(ours, "MM/dd/yy"));
        expect(formatLongDay(ours), iso).toBe(format(ours, "PPP"));
      }
    });
  }

  it("a calendar day is that day wherever the browser is, not the day before", () => {
    process.env.TZ = "America/Los_Angeles";
    expect(formatDay(parseIsoDate("2026-11-25"))).toBe("Nov 25, 2026");
    expect(formatShortDate(parseIsoDate("2026-11-25"))).toBe("11/25/26");
  });

  it("every day of a month with its English ordinal", () => {
    for (let day = 1; day <= 31; day++) {
      const date = new Date(2026, 0, day);
      expect(formatLongDay(date)).toBe(format(date, "PPP"));
    }
    expect(formatLongDay(new Date(2026, 10, 11))).toBe("November 11th, 2026");
    expect(formatLongDay(new Date(2026, 10, 22))).toBe("November 22nd, 2026");
  });

  it("noon and midnight on a 12-hour clock", () => {
    expect(formatDayTime(new Date(2026, 10, 25, 0, 5))).toBe("Nov 25, 12:05 AM");
    expect(formatDayTime(new Date(2026, 10, 25, 12, 0))).toBe("Nov 25, 12:00 PM");
  });

  it("a date that is not one is refused, as date-fns refuses it, not printed", () => {
    const notADate = parseIsoDate("yesterday");
    expect(() => format(notADate, "MMM d, yyyy")).toThrow(RangeError);
    expect(() => formatDay(notADate)).toThrow(RangeError);
    expect(() => formatDayTime(notADate)).toThrow(RangeError);
    expect(() => formatShortDate(notADate)).toThrow(RangeError);
    expect(() => formatLongDay(notADate)).toThrow(RangeError);
  });
});
