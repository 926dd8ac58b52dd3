import { Plus } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { formatDay, formatDayTime } from "@/lib/format-date";
import { InitialsAvatar } from "./member-avatars";
import { canAddPulse, completedCount, pulseState, type TimelineProject } from "./timeline-model";

const ROW_STYLE = {
  completed: "border-green-600/40 bg-green-600/10",
  overdue: "border-red-600/50 bg-red-600/10",
  open: "",
} as const;

interface PulseListProps {
  project: TimelineProject;
  now: Date;
  onToggle: (pulseId: string) => void;
  onAdd: (title: string) => void;
}

/** SPEC §2 expanded card: the pulses with their "n of m completed" badge and the new-pulse input. */
export function PulseList({ project, now, onToggle, onAdd }: PulseListProps) {
  const [title, setTitle] = useState("");
  const headingId = `${project.id}-pulses`;
  const add = () => {
    if (!canAddPulse(title)) return;
    onAdd(title);
    setTitle("");
  };

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          Pulses
        </h3>
        <Badge variant="secondary">
          {completedCount(project.pulses)} of {project.pulses.length} completed
        </Badge>
      </div>
      <ul className="space-y-2">
        {project.pulses.map((pulse) => {
          const state = pulseState(pulse, now);
          const checkboxId = `${project.id}-${pulse.id}`;
          return (
            <li
              key={pulse.id}
              data-state={state}
              className={cn("flex items-start gap-3 rounded-md border p-3 text-sm", ROW_STYLE[state])}
            >
              <Checkbox
                id={checkboxId}
                checked={pulse.completed}
                onCheckedChange={() => onToggle(pulse.id)}
                className="mt-0.5"
              />
              <div className="min-w-0 flex-1 space-y-1">
                <label
                  htmlFor={checkboxId}
                  className={cn(
                    "block font-medium",
                    state === "completed" && "text-green-700 line-through dark:text-green-300",
                    state === "overdue" && "text-red-700 dark:text-red-300",
                  )}
                >
                  {pulse.title}
                </label>
                <p
                  className={cn(
                    "text-muted-foreground",
                    state === "overdue" && "font-medium text-red-700 dark:text-red-300",
                  )}
                >
                  Due: {formatDay(pulse.dueDate)}
                  {state === "overdue" && <span className="sr-only"> (overdue)</span>}
                </p>
                <p className="text-xs text-muted-foreground">
                  Start: {formatDayTime(pulse.estimatedStartTime)} · Complete:{" "}
                  {formatDayTime(pulse.estimatedCompleteBy)}
                </p>
              </div>
              <div className="flex shrink-0 items-center gap-2">
                <span className="text-xs text-muted-foreground">{pulse.assignee}</span>
                <InitialsAvatar name={pulse.assignee} className="size-7" />
              </div>
            </li>
          );
        })}
      </ul>
      <div className="flex gap-2">
        <Input
          aria-label="New pulse title"
          placeholder="Add a new pulse..."
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button type="button" size="icon" aria-label="Add pulse" disabled={!canAddPulse(title)} onClick={add}>
          <Plus aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
