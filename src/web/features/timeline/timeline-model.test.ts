import { afterEach, describe, expect, it, vi } from "vitest";
import { NEW_PULSE_DEFAULTS, TIMELINE_COLORS } from "./constants";
import { sampleProjects } from "./sample-projects";
import {
  avatars,
  canAddPulse,
  durationInDays,
  formatToday,
  initials,
  isOverdue,
  newPulse,
  pulseState,
} from "./timeline-model";

afterEach(() => vi.unstubAllEnvs());

describe("durationInDays", () => {
  it("counts whole days either way round", () => {
    expect(durationInDays(new Date(2026, 0, 1), new Date(2026, 0, 31))).toBe(30);
    expect(durationInDays(new Date(2026, 0, 31), new Date(2026, 0, 1))).toBe(30);
    expect(durationInDays(new Date(2026, 5, 1), new Date(2026, 5, 1))).toBe(0);
  });

  it("rounds a part day up", () => {
    expect(durationInDays(new Date(2026, 0, 1, 0, 0), new Date(2026, 0, 2, 0, 1))).toBe(2);
    expect(durationInDays(new Date(2026, 0, 1, 23, 59), new Date(2026, 0, 2, 0, 0))).toBe(1);
  });

  it("crosses month, leap-year February and year ends", () => {
    expect(durationInDays(new Date(2026, 0, 31), new Date(2026, 1, 1))).toBe(1);
    expect(durationInDays(new Date(2028, 1, 28), new Date(2028, 2, 1))).toBe(2);
    expect(durationInDays(new Date(2026, 11, 31), new Date(2027, 0, 1))).toBe(1);
    expect(durationInDays(new Date(2026, 0, 1), new Date(2027, 0, 1))).toBe(365);
  });

  it("counts a day across a daylight-saving change as one day, not two", () => {
    vi.stubEnv("TZ", "America/Los_Angeles");
    expect(new Date(2026, 2, 9).getTimezoneOffset()).not.toBe(new Date(2026, 2, 8).getTimezoneOffset());
    // 8 March 2026 has 23 hours and 1 November 2026 has 25 hours in Los Angeles.
    expect(durationInDays(new Date(2026, 2, 8), new Date(2026, 2, 9))).toBe(1);
    expect(durationInDays(new Date(2026, 10, 1), new Date(2026, 10, 2))).toBe(1);
  });
});

describe("initials, avatars and +N", () => {
  it("takes the first letter of each word, upper case", () => {
    expect(initials("Sarah Chen")).toBe("SC");
    expect(initials("ada king lovelace")).toBe("AKL");
    expect(initials("  Unassigned  ")).toBe("U");
    expect(initials("Jean-Luc  Picard")).toBe("JP");
    expect(initials("")).toBe("");
  });

  it("shows at most 3 members and counts the rest", () => {
    expect(avatars(["A", "B"])).toEqual({ shown: ["A", "B"], extra: 0 });
    expect(avatars(["A", "B", "C"])).toEqual({ shown: ["A", "B", "C"], extra: 0 });
    expect(avatars(["A", "B", "C", "D", "E"])).toEqual({ shown: ["A", "B", "C"], extra: 2 });
    expect(avatars([])).toEqual({ shown: [], extra: 0 });
  });
});

describe("isOverdue", () => {
  const now = new Date(2026, 10, 23, 10, 30);

  it("is false for anything due today, before or after now, including midnight", () => {
    expect(isOverdue(new Date(2026, 10, 23, 0, 0), now)).toBe(false);
    expect(isOverdue(new Date(2026, 10, 23, 9, 0), now)).toBe(false);
    expect(isOverdue(new Date(2026, 10, 23, 23, 59), now)).toBe(false);
  });

  it("is true for earlier days, up to the last millisecond of yesterday", () => {
    expect(isOverdue(new Date(2026, 10, 22, 23, 59, 59, 999), now)).toBe(true);
    expect(isOverdue(new Date(2025, 11, 31), now)).toBe(true);
  });

  it("is false for future days", () => {
    expect(isOverdue(new Date(2026, 10, 24, 0, 0), now)).toBe(false);
  });

  it("at midnight, yesterday is overdue and today is not", () => {
    const midnight = new Date(2026, 10, 23, 0, 0);
    expect(isOverdue(new Date(2026, 10, 22, 23, 0), midnight)).toBe(true);
    expect(isOverdue(new Date(2026, 10, 23, 0, 0), midnight)).toBe(false);
  });

  it("across month and year ends", () => {
    expect(isOverdue(new Date(2026, 10, 30, 12), new Date(2026, 11, 1, 8))).toBe(true);
    expect(isOverdue(new Date(2026, 11, 31, 23, 59), new Date(2027, 0, 1, 0, 1))).toBe(true);
    expect(isOverdue(new Date(2027, 0, 1, 0, 0), new Date(2027, 0, 1, 23, 59))).toBe(false);
  });

  it("uses the viewer's local date where it differs from UTC's", () => {
    vi.stubEnv("TZ", "Pacific/Auckland");
    // 23 Nov 2026 11:00 UTC is already 24 Nov 00:00 in Auckland (UTC+13).
    const now = new Date(Date.UTC(2026, 10, 23, 11, 0));
    expect(now.getDate()).toBe(24);
    // Due 23 Nov 23:59 Auckland (UTC 23 Nov 10:59): yesterday there, so overdue, though UTC calls it today.
    expect(isOverdue(new Date(Date.UTC(2026, 10, 23, 10, 59)), now)).toBe(true);
    // Later: 24 Nov 14:00 Auckland (UTC 24 Nov 01:00). Due 24 Nov 01:00 Auckland (UTC 23 Nov 12:00) is earlier
    // and on an earlier UTC day, yet today where the viewer is, so not overdue.
    const afternoon = new Date(Date.UTC(2026, 10, 24, 1, 0));
    expect(isOverdue(new Date(Date.UTC(2026, 10, 23, 12, 0)), afternoon)).toBe(false);
  });
});

describe("pulse state", () => {
  const now = new Date(2026, 10, 23, 10);
  const pulse = newPulse("x", "Write notes", new Date(2026, 10, 1, 10));

  it("is overdue only while not completed", () => {
    expect(pulseState(pulse, now)).toBe("overdue");
    expect(pulseState({ ...pulse, completed: true }, now)).toBe("completed");
    expect(pulseState({ ...pulse, dueDate: now }, now)).toBe("open");
  });
});

describe("newPulse and canAddPulse", () => {
  it("needs a title that is not blank once trimmed", () => {
    expect(canAddPulse("")).toBe(false);
    expect(canAddPulse("   \t")).toBe(false);
    expect(canAddPulse(" a ")).toBe(true);
  });

  it('is "Unassigned", starts in 1 day, completes by 6 and is due in 7, keeping the time of day', () => {
    const now = new Date(2026, 11, 28, 14, 5);
    expect(newPulse("n1", "  Ship it ", now)).toEqual({
      id: "n1",
      title: "Ship it",
      completed: false,
      assignee: "Unassigned",
      estimatedStartTime: new Date(2026, 11, 29, 14, 5),
      estimatedCompleteBy: new Date(2027, 0, 3, 14, 5),
      dueDate: new Date(2027, 0, 4, 14, 5),
    });
    expect(NEW_PULSE_DEFAULTS).toEqual({
      assignee: "Unassigned",
      dueInDays: 7,
      startInDays: 1,
      completeByInDays: 6,
    });
  });
});

describe("formatToday", () => {
  it("is the en-US long form", () => {
    expect(formatToday(new Date(2026, 10, 23, 10))).toBe("Monday, November 23, 2026");
    expect(formatToday(new Date(2027, 0, 1, 0, 0))).toBe("Friday, January 1, 2027");
  });
});

describe("sample projects", () => {
  const now = new Date(2026, 10, 23, 10);
  const projects = sampleProjects(now);

  it("are 3, with several statuses and priorities, teams above and below three, and an overdue pulse", () => {
    expect(projects).toHaveLength(3);
    expect(new Set(projects.map((p) => p.status)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(projects.map((p) => p.priority)).size).toBeGreaterThanOrEqual(3);
    expect(projects.some((p) => p.team.length > 3)).toBe(true);
    expect(projects.some((p) => p.team.length < 3)).toBe(true);
    const pulses = projects.flatMap((p) => p.pulses);
    expect(pulses.some((p) => pulseState(p, now) === "overdue")).toBe(true);
    expect(pulses.some((p) => p.completed)).toBe(true);
    expect(pulses.some((p) => pulseState(p, now) === "open" && p.dueDate.getDate() === 23)).toBe(true);
    for (const p of projects) expect(TIMELINE_COLORS.map((c) => c.gradient)).toContain(p.color);
  });
});
