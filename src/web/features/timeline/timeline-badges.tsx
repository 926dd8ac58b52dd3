import { Badge } from "@/components/ui/badge";
import type { TimelinePriority, TimelineStatus } from "./constants";

/** Status colours as the Console's work items: green completed, blue in-progress, red delayed, grey planning. */
const STATUS_COLOUR = {
  completed: "green",
  "in-progress": "blue",
  delayed: "red",
  planning: "grey",
} as const;
const PRIORITY_COLOUR = { high: "red", medium: "yellow", low: "green" } as const;

export function TimelineStatusBadge({ status }: { status: TimelineStatus }) {
  return (
    <Badge variant={STATUS_COLOUR[status]} data-colour={STATUS_COLOUR[status]}>
      {status}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: TimelinePriority }) {
  return (
    <Badge variant={PRIORITY_COLOUR[priority]} data-colour={PRIORITY_COLOUR[priority]}>
      {priority} priority
    </Badge>
  );
}
