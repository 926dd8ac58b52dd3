import type { ReactNode } from "react";
import { ResizableHandle, ResizablePanel, ResizablePanelGroup } from "@/components/ui/resizable";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useMediaQuery } from "@/lib/use-media-query";
import { PANEL_KEYBOARD_STEP_PERCENT, WORKSPACE_LAYOUT_ID, WORKSPACE_PANELS } from "./constants";

interface WorkspaceLayoutProps {
  hierarchy: ReactNode;
  details: ReactNode;
  assistant: ReactNode;
}

/** Tailwind's md breakpoint: the three panels sit side by side from here up. */
const MD_UP = "(min-width: 48rem)";

/**
 * SPEC §2: three horizontally resizable panels whose layout is saved under one id (decision 0030). Below md there
 * is no room for three columns, so the panels become tabs (decision 0031); all three stay mounted, so the chat and
 * the tree keep their state when switching.
 */
export function WorkspaceLayout({ hierarchy, details, assistant }: WorkspaceLayoutProps) {
  const wide = useMediaQuery(MD_UP);
  if (!wide) {
    return (
      <Tabs defaultValue="hierarchy" className="flex h-full flex-col">
        <TabsList aria-label="Console panels" className="mx-3 mt-3 grid grid-cols-3">
          <TabsTrigger value="hierarchy">Hierarchy</TabsTrigger>
          <TabsTrigger value="details">Details</TabsTrigger>
          <TabsTrigger value="assistant">Assistant</TabsTrigger>
        </TabsList>
        {(
          [
            ["hierarchy", hierarchy],
            ["details", details],
            ["assistant", assistant],
          ] as const
        ).map(([value, panel]) => (
          <TabsContent
            key={value}
            value={value}
            forceMount
            className="min-h-0 flex-1 data-[state=inactive]:hidden"
          >
            {panel}
          </TabsContent>
        ))}
      </Tabs>
    );
  }
  return (
    <ResizablePanelGroup
      direction="horizontal"
      autoSaveId={WORKSPACE_LAYOUT_ID}
      keyboardResizeBy={PANEL_KEYBOARD_STEP_PERCENT}
    >
      <ResizablePanel id="hierarchy" order={1} {...WORKSPACE_PANELS.hierarchy}>
        {hierarchy}
      </ResizablePanel>
      <ResizableHandle withHandle aria-label="Resize the hierarchy and details panels" />
      <ResizablePanel id="details" order={2} {...WORKSPACE_PANELS.details}>
        {details}
      </ResizablePanel>
      <ResizableHandle withHandle aria-label="Resize the details and assistant panels" />
      <ResizablePanel id="assistant" order={3} {...WORKSPACE_PANELS.assistant}>
        {assistant}
      </ResizablePanel>
    </ResizablePanelGroup>
  );
}
