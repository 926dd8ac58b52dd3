import { useState } from "react";
import { usePageTitle } from "@/lib/use-page-title";
import { AssistantPanel } from "./assistant-panel";
import { DEMO_HIERARCHY, DEMO_PROJECTS } from "./demo-data";
import { DetailsPanel } from "./details-panel";
import { HierarchyPanel } from "./hierarchy-panel";
import { initiallyExpanded, projectOf } from "./tree-model";
import { useAssistantChat } from "./use-assistant-chat";
import { WorkspaceLayout } from "./workspace-layout";

/**
 * The Console (SPEC §2 Project workspace page) at /dashboard and, for a signed-in authorised user, at /
 * (docs/decisions/0031-console-selection-and-details.md). Everything is demo data; nothing is sent anywhere.
 */
export default function WorkspacePage() {
  usePageTitle("Console");
  const [expanded, setExpanded] = useState(() => initiallyExpanded(DEMO_HIERARCHY));
  const [selectedId, setSelectedId] = useState<string | undefined>(undefined);
  const [search, setSearch] = useState("");
  const chat = useAssistantChat();
  const project = selectedId ? projectOf(DEMO_HIERARCHY, selectedId) : undefined;

  const toggle = (id: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div className="h-[calc(100dvh-4rem)] min-h-[32rem] border-b">
      <h1 className="sr-only">Console</h1>
      <WorkspaceLayout
        hierarchy={
          <HierarchyPanel
            nodes={DEMO_HIERARCHY}
            expanded={expanded}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onToggle={toggle}
            search={search}
            onSearchChange={setSearch}
          />
        }
        details={<DetailsPanel project={project ? DEMO_PROJECTS[project.id] : undefined} />}
        assistant={<AssistantPanel chat={chat} hasContext={project !== undefined} />}
      />
    </div>
  );
}
