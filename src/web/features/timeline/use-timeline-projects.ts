import { useState } from "react";
import { newPulse, type TimelineProject } from "./timeline-model";
import { sampleProjects } from "./sample-projects";

/** A project as the Add Project dialog hands it over: everything but the id, progress and pulses. */
export type NewProject = Omit<TimelineProject, "id" | "progress" | "pulses">;

let nextId = 0;
const uniqueId = (prefix: string) => `${prefix}-${Date.now()}-${++nextId}`;

/**
 * SPEC §4 Timeline list: local state seeded with the 3 sample projects; nothing is persisted or sent. Only the first
 * `now` seeds them: the sample dates stay relative to the day the page opened, so as the clock moves on a pulse due
 * that day becomes overdue instead of being re-dated.
 */
export function useTimelineProjects(now: Date) {
  const [projects, setProjects] = useState(() => sampleProjects(now));

  const updatePulses = (
    projectId: string,
    change: (p: TimelineProject["pulses"]) => TimelineProject["pulses"],
  ) => setProjects((all) => all.map((p) => (p.id === projectId ? { ...p, pulses: change(p.pulses) } : p)));

  return {
    projects,
    togglePulse: (projectId: string, pulseId: string) =>
      updatePulses(projectId, (pulses) =>
        pulses.map((pulse) => (pulse.id === pulseId ? { ...pulse, completed: !pulse.completed } : pulse)),
      ),
    // Defaults are counted from the moment the pulse is added, not from when the page opened.
    addPulse: (projectId: string, title: string) =>
      updatePulses(projectId, (pulses) => [...pulses, newPulse(uniqueId("pulse"), title, new Date())]),
    // SPEC §5: a new project starts at progress 0 with no pulses.
    addProject: (project: NewProject) =>
      setProjects((all) => [...all, { ...project, id: uniqueId("project"), progress: 0, pulses: [] }]),
  };
}
