import { Plus, Search } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { HierarchyNode } from "./demo-data";
import { ProjectTree } from "./project-tree";

interface HierarchyPanelProps {
  nodes: readonly HierarchyNode[];
  expanded: ReadonlySet<string>;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  onToggle: (id: string) => void;
  search: string;
  onSearchChange: (value: string) => void;
}

/** SPEC §2 Hierarchy panel. The search text is held but filters nothing and the add button does nothing (demo). */
export function HierarchyPanel({ search, onSearchChange, ...tree }: HierarchyPanelProps) {
  return (
    <section aria-labelledby="hierarchy-title" className="flex h-full flex-col">
      <div className="flex items-center justify-between gap-2 border-b p-3">
        <h2 id="hierarchy-title" className="font-semibold">
          Project Hierarchy
        </h2>
        <Button type="button" variant="ghost" size="icon" className="size-8" aria-label="Add project">
          <Plus aria-hidden="true" />
        </Button>
      </div>
      <div className="border-b p-3">
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search projects"
            placeholder="Search projects..."
            value={search}
            onChange={(e) => onSearchChange(e.target.value)}
            className="h-9 pl-9"
          />
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        <ProjectTree aria-labelledby="hierarchy-title" {...tree} />
      </div>
    </section>
  );
}
