import { ListFilter, Search } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useNow } from "@/lib/use-now";
import { usePageTitle } from "@/lib/use-page-title";
import { AddProject } from "./add-project";
import { ProjectCard } from "./project-card";
import { formatToday } from "./timeline-model";
import { useTimelineProjects } from "./use-timeline-projects";

/**
 * SPEC §2 Timeline page (PulseMap) at /timeline: a header with today's date and a vertical timeline of project
 * cards. Local state seeded with sample projects; nothing is persisted or sent (docs/decisions/0040-timeline.md).
 */
export default function TimelinePage() {
  usePageTitle("PulseMap");
  // The page's clock moves on while it is open (each minute and when the tab is shown again): a tab left open past
  // midnight shows the new date and turns pulses due yesterday overdue. Header and overdue read the same `now`.
  const now = useNow();
  const { projects, togglePulse, addPulse, addProject } = useTimelineProjects(now);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  // SPEC: the search box holds its text and filters nothing; the Filter button does nothing.
  const [search, setSearch] = useState("");

  const toggleExpanded = (id: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">PulseMap</h1>
          <p className="mt-1 text-muted-foreground" data-testid="today">
            {formatToday(now)}
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              type="search"
              aria-label="Search projects"
              placeholder="Search projects..."
              className="pl-9 sm:w-64"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <div className="flex gap-2">
            <Button type="button" variant="outline">
              <ListFilter aria-hidden="true" />
              Filter
            </Button>
            <AddProject onAdd={addProject} />
          </div>
        </div>
      </header>
      <section aria-label="Project timeline" className="mt-8">
        <ol className="relative space-y-6 border-l-2 border-border pl-6 sm:pl-8">
          {projects.map((project) => (
            <li key={project.id} className="relative">
              <span
                aria-hidden="true"
                className={`absolute top-6 -left-[calc(1.5rem+7px)] size-3 rounded-full ring-4 ring-background sm:-left-[calc(2rem+7px)] ${project.color}`}
              />
              <ProjectCard
                project={project}
                now={now}
                expanded={expanded.has(project.id)}
                onToggleExpanded={() => toggleExpanded(project.id)}
                onTogglePulse={(pulseId) => togglePulse(project.id, pulseId)}
                onAddPulse={(title) => addPulse(project.id, title)}
              />
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
