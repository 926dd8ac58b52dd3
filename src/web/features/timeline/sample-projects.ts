import { TIMELINE_COLORS } from "./constants";
import { addDays, atHour, startOfDay } from "./days";
import type { Pulse, TimelineProject } from "./timeline-model";

/** A pulse whose dates are whole days from today's start, at the given hours. */
function pulse(
  today: Date,
  id: string,
  title: string,
  assignee: string,
  dueInDays: number,
  completed = false,
): Pulse {
  const day = startOfDay(today);
  return {
    id,
    title,
    completed,
    assignee,
    dueDate: atHour(addDays(day, dueInDays), 17),
    estimatedStartTime: atHour(addDays(day, dueInDays - 2), 9),
    estimatedCompleteBy: atHour(addDays(day, dueInDays), 15),
  };
}

/**
 * SPEC §4: the timeline opens on 3 sample projects, dated relative to today so the view never goes stale: three
 * statuses and priorities, teams above and below three people, an overdue pulse, one due today and a completed one.
 */
export function sampleProjects(now: Date): TimelineProject[] {
  const today = startOfDay(now);
  return [
    {
      id: "sample-product-launch",
      title: "Q4 Product Launch",
      description: "Coordinate engineering, marketing and support for the winter release.",
      startDate: addDays(today, -30),
      endDate: addDays(today, 45),
      progress: 60,
      status: "in-progress",
      priority: "high",
      team: ["Sarah Chen", "Marcus Johnson", "Priya Patel", "David Kim", "Elena Rodriguez"],
      color: TIMELINE_COLORS[0].gradient,
      pulses: [
        pulse(today, "p1", "Finalize feature list", "Sarah Chen", -5, true),
        pulse(today, "p2", "Write release notes", "Marcus Johnson", -2),
        pulse(today, "p3", "Prepare launch demo", "Priya Patel", 0),
        pulse(today, "p4", "Brief the support team", "David Kim", 6),
      ],
    },
    {
      id: "sample-mobile-app",
      title: "Mobile App Redesign",
      description: "A new navigation and visual design for the iOS and Android apps.",
      startDate: addDays(today, 7),
      endDate: addDays(today, 97),
      progress: 10,
      status: "planning",
      priority: "medium",
      team: ["Alex Thompson", "Jordan Lee"],
      color: TIMELINE_COLORS[1].gradient,
      pulses: [
        pulse(today, "p5", "User research interviews", "Alex Thompson", 10),
        pulse(today, "p6", "Wireframes for onboarding", "Jordan Lee", 20),
      ],
    },
    {
      id: "sample-data-migration",
      title: "Customer Data Migration",
      description: "Move customer records to the new CRM without losing history.",
      startDate: addDays(today, -60),
      endDate: addDays(today, 14),
      progress: 35,
      status: "delayed",
      priority: "low",
      team: ["Nina Alvarez", "Tom Becker", "Grace Okafor"],
      color: TIMELINE_COLORS[2].gradient,
      pulses: [
        pulse(today, "p7", "Map legacy fields", "Nina Alvarez", -10, true),
        pulse(today, "p8", "Run the trial import", "Tom Becker", 3),
      ],
    },
  ];
}
