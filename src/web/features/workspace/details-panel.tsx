import { Calendar, Users } from "lucide-react";
import { Progress } from "@/components/ui/progress";
import { OnDemandPanel } from "@/components/ui/on-demand-panel";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { formatDay, parseIsoDate } from "@/lib/format-date";
import { onDemand, usePrefetch } from "@/lib/on-demand";
import type { ProjectDetail } from "./demo-data";
import { StatusBadge } from "./status-badge";

const formatDate = (iso: string) => formatDay(parseIsoDate(iso));

/**
 * The RACI tab's code (its form's select brings Radix's Select, popper and dismissable layer, which nothing else on
 * the Console's first screen uses) is fetched once the page is shown, or when the tab is opened first.
 */
const raciPanel = onDemand(() => import("./raci-panel").then((module) => module.RaciPanel));

/**
 * SPEC §2 Detail panel: the prompt with nothing selected, otherwise six tabs opening on Timeline. A task or subtask
 * shows its project (docs/decisions/0031-console-selection-and-details.md).
 */
export function DetailsPanel({ project }: { project: ProjectDetail | undefined }) {
  usePrefetch(raciPanel);
  if (!project) {
    return (
      <section aria-labelledby="details-title" className="flex h-full flex-col">
        <h2 id="details-title" className="sr-only">
          Project details
        </h2>
        <p className="m-auto p-6 text-center text-muted-foreground">Select a project to view details</p>
      </section>
    );
  }
  const completed = project.tasks.filter((t) => t.status === "completed").length;
  const inProgress = project.tasks.filter((t) => t.status === "in-progress").length;
  return (
    <section aria-labelledby="details-title" className="flex h-full flex-col">
      <div className="border-b p-4">
        <h2 id="details-title" className="text-lg font-semibold">
          {project.name}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{project.description}</p>
      </div>
      <Tabs defaultValue="timeline" className="flex min-h-0 flex-1 flex-col p-4">
        <TabsList aria-label="Project details" className="h-auto w-full flex-wrap justify-start">
          <TabsTrigger value="timeline">Timeline</TabsTrigger>
          <TabsTrigger value="dependencies">Dependencies</TabsTrigger>
          <TabsTrigger value="metadata">Metadata</TabsTrigger>
          <TabsTrigger value="comments">Comments</TabsTrigger>
          <TabsTrigger value="status">Status</TabsTrigger>
          <TabsTrigger value="raci">RACI</TabsTrigger>
        </TabsList>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <TabsContent value="timeline" className="space-y-5 pt-2">
            <div className="flex flex-wrap items-center gap-3">
              <StatusBadge status={project.status} />
              <span className="text-sm text-muted-foreground">{project.progress}% complete</span>
            </div>
            <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
              <div className="flex items-center gap-2">
                <Calendar aria-hidden="true" className="size-4 text-muted-foreground" />
                <dt className="text-muted-foreground">Start date</dt>
                <dd className="font-medium">{formatDate(project.startDate)}</dd>
              </div>
              <div className="flex items-center gap-2">
                <Calendar aria-hidden="true" className="size-4 text-muted-foreground" />
                <dt className="text-muted-foreground">End date</dt>
                <dd className="font-medium">{formatDate(project.endDate)}</dd>
              </div>
              <div className="flex items-center gap-2">
                <Users aria-hidden="true" className="size-4 text-muted-foreground" />
                <dt className="sr-only">Team</dt>
                <dd className="font-medium">{project.team.length} team members</dd>
              </div>
            </dl>
            <div className="space-y-2">
              <div className="flex justify-between text-sm">
                <span id="overall-progress-label" className="font-medium">
                  Overall progress
                </span>
                <span className="text-muted-foreground">{project.progress}%</span>
              </div>
              <Progress value={project.progress} aria-labelledby="overall-progress-label" />
            </div>
            <div className="space-y-3">
              <h3 className="text-sm font-semibold">Tasks</h3>
              <ul className="space-y-3">
                {project.tasks.map((task) => (
                  <li key={task.id} className="space-y-1.5">
                    <div className="flex items-center justify-between gap-2 text-sm">
                      <span id={`task-progress-${task.id}`}>{task.name}</span>
                      <span className="flex items-center gap-2">
                        <StatusBadge status={task.status} />
                        <span className="w-10 text-right text-muted-foreground">{task.progress}%</span>
                      </span>
                    </div>
                    <Progress value={task.progress} aria-labelledby={`task-progress-${task.id}`} />
                  </li>
                ))}
              </ul>
            </div>
          </TabsContent>
          <TabsContent value="dependencies" className="pt-2">
            <p className="text-sm text-muted-foreground">Dependency graph visualization - Coming soon...</p>
          </TabsContent>
          <TabsContent value="metadata" className="pt-2">
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
              <dt className="text-muted-foreground">Priority</dt>
              <dd>{project.priority}</dd>
              <dt className="text-muted-foreground">Category</dt>
              <dd>{project.category}</dd>
              <dt className="text-muted-foreground">Budget</dt>
              <dd>{project.budget}</dd>
              <dt className="text-muted-foreground">Client</dt>
              <dd>{project.client}</dd>
              <dt className="text-muted-foreground">Description</dt>
              <dd>{project.description}</dd>
            </dl>
          </TabsContent>
          <TabsContent value="comments" className="pt-2">
            <ul className="space-y-3">
              {project.comments.map((comment) => (
                <li key={comment.id} className="rounded-md border p-3 text-sm">
                  <div className="flex items-baseline justify-between gap-2">
                    <span className="font-medium">{comment.author}</span>
                    <span className="text-xs text-muted-foreground">{comment.timestamp}</span>
                  </div>
                  <p className="mt-1">{comment.text}</p>
                </li>
              ))}
            </ul>
          </TabsContent>
          <TabsContent value="status" className="pt-2">
            <dl className="grid grid-cols-2 gap-3">
              <div className="rounded-md border p-4">
                <dt className="text-sm text-muted-foreground">Completed</dt>
                <dd className="text-2xl font-bold">{completed}</dd>
              </div>
              <div className="rounded-md border p-4">
                <dt className="text-sm text-muted-foreground">In Progress</dt>
                <dd className="text-2xl font-bold">{inProgress}</dd>
              </div>
            </dl>
          </TabsContent>
          <TabsContent value="raci" className="pt-2">
            <OnDemandPanel
              code={raciPanel}
              failedText="The RACI assignments could not be loaded. Please check your connection and try again."
            />
          </TabsContent>
        </div>
      </Tabs>
    </section>
  );
}
