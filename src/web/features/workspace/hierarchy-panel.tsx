import { Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { SearchInput } from "@/components/ui/search-input";
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
        <SearchInput label="Search projects" value={search} onValueChange={onSearchChange} className="h-9" />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        <ProjectTree aria-labelledby="hierarchy-title" {...tree} />
      </div>
    </section>
  );
}
