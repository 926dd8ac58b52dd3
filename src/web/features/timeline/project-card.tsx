import { CalendarDays, ChevronDown, Clock, Users } from "lucide-react";
import { Card } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { cn } from "@/lib/cn";
import { formatDay } from "@/lib/format-date";
import { MemberAvatars } from "./member-avatars";
import { PulseList } from "./pulse-list";
import { PriorityBadge, TimelineStatusBadge } from "./timeline-badges";
import { completedCount, durationInDays, type TimelineProject } from "./timeline-model";

interface ProjectCardProps {
  project: TimelineProject;
  now: Date;
  expanded: boolean;
  onToggleExpanded: () => void;
  onTogglePulse: (pulseId: string) => void;
  onAddPulse: (title: string) => void;
}

/**
 * SPEC §2 timeline card. A click anywhere on the summary expands or collapses it; the title is the disclosure
 * button (aria-expanded, Enter/Space), so the keyboard and screen readers get the same toggle. The pulses below
 * are outside the summary so that ticking a checkbox never collapses the card (docs/decisions/0040-timeline.md).
 */
export function ProjectCard({
  project,
  now,
  expanded,
  onToggleExpanded,
  onTogglePulse,
  onAddPulse,
}: ProjectCardProps) {
  const titleId = `${project.id}-title`;
  const progressId = `${project.id}-progress`;
  const pulsesId = `${project.id}-details`;
  const done = completedCount(project.pulses);
  return (
    <Card className="overflow-hidden" data-testid="project-card">
      <div aria-hidden="true" className={cn("h-1.5", project.color)} data-testid="project-color" />
      {/* The button inside is the keyboard target; this click handler only widens the mouse target to the card. */}
      <div className="cursor-pointer space-y-4 p-5" onClick={onToggleExpanded}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="text-lg font-semibold">
            <button
              id={titleId}
              type="button"
              aria-expanded={expanded}
              aria-controls={pulsesId}
              className="flex items-center gap-2 rounded-sm text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {project.title}
              <ChevronDown
                aria-hidden="true"
                className={cn("size-4 shrink-0 transition-transform", expanded && "rotate-180")}
              />
            </button>
          </h2>
          <div className="flex flex-wrap gap-2">
            <TimelineStatusBadge status={project.status} />
            <PriorityBadge priority={project.priority} />
          </div>
        </div>
        <p className="text-sm text-muted-foreground">{project.description}</p>
        <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted-foreground">
          <span className="flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-4" />
            {formatDay(project.startDate)} - {formatDay(project.endDate)}
          </span>
          <span className="flex items-center gap-1.5">
            <Clock aria-hidden="true" className="size-4" />
            {durationInDays(project.startDate, project.endDate)} days
          </span>
          <span className="flex items-center gap-1.5">
            <Users aria-hidden="true" className="size-4" />
            {project.team.length} members
          </span>
        </div>
        <div className="space-y-1.5">
          <div className="flex justify-between text-sm">
            <span id={progressId}>Progress</span>
            <span className="font-medium">{project.progress}%</span>
          </div>
          <Progress value={project.progress} aria-labelledby={`${progressId} ${titleId}`} />
        </div>
        <div className="flex items-center justify-between gap-2">
          <MemberAvatars team={project.team} />
          <span className="text-sm text-muted-foreground">
            {done}/{project.pulses.length} pulses
          </span>
        </div>
      </div>
      <div id={pulsesId} hidden={!expanded} className="border-t p-5">
        {expanded && <PulseList project={project} now={now} onToggle={onTogglePulse} onAdd={onAddPulse} />}
      </div>
    </Card>
  );
}
