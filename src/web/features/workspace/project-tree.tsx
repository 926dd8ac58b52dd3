import { ChevronRight, FileText, Folder, ListTodo } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { cn } from "@/lib/cn";
import type { HierarchyNode } from "./demo-data";
import { StatusBadge } from "./status-badge";
import { visibleRows } from "./tree-model";

interface ProjectTreeProps {
  nodes: readonly HierarchyNode[];
  expanded: ReadonlySet<string>;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  onToggle: (id: string) => void;
  "aria-labelledby"?: string;
}

const TYPE_ICON = { project: Folder, task: ListTodo, subtask: FileText } as const;

/**
 * The hierarchy as a WAI-ARIA tree: one tab stop (roving tabindex), arrows move and open/close, Home/End jump,
 * Enter/Space select. Mouse: a project row selects and toggles, a task or subtask row selects, the chevron toggles
 * alone (SPEC §2 Hierarchy panel).
 */
export function ProjectTree({ nodes, expanded, selectedId, onSelect, onToggle, ...aria }: ProjectTreeProps) {
  const rows = visibleRows(nodes, expanded);
  const [activeId, setActiveId] = useState<string | undefined>(undefined);
  // The tab stop: the row last moved to, else the selected row, else the first row.
  const focusId = rows.some((r) => r.node.id === activeId)
    ? activeId
    : rows.some((r) => r.node.id === selectedId)
      ? selectedId
      : rows[0]?.node.id;
  const items = useRef(new Map<string, HTMLLIElement>());
  // Focus follows the keyboard only; rendering or a mouse click elsewhere never steals it.
  const [pendingFocus, setPendingFocus] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (pendingFocus) {
      items.current.get(pendingFocus)?.focus();
      setPendingFocus(undefined);
    }
  }, [pendingFocus]);

  const moveTo = (id: string | undefined) => {
    if (!id) return;
    setActiveId(id);
    setPendingFocus(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const index = rows.findIndex((r) => r.node.id === focusId);
    const row = rows[index];
    if (!row) return;
    const { node } = row;
    const hasChildren = node.children.length > 0;
    const isOpen = expanded.has(node.id);
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    switch (event.key) {
      case "ArrowDown":
        handled();
        moveTo(rows[index + 1]?.node.id);
        break;
      case "ArrowUp":
        handled();
        moveTo(rows[index - 1]?.node.id);
        break;
      case "ArrowRight":
        handled();
        if (hasChildren && !isOpen) onToggle(node.id);
        else if (hasChildren) moveTo(node.children[0]?.id);
        break;
      case "ArrowLeft":
        handled();
        if (hasChildren && isOpen) onToggle(node.id);
        else moveTo(row.parentId);
        break;
      case "Home":
        handled();
        moveTo(rows[0]?.node.id);
        break;
      case "End":
        handled();
        moveTo(rows.at(-1)?.node.id);
        break;
      case "Enter":
      case " ":
        handled();
        onSelect(node.id);
        break;
    }
  };

  const renderNodes = (list: readonly HierarchyNode[], level: number) =>
    list.map((node, position) => {
      const hasChildren = node.children.length > 0;
      const isOpen = hasChildren && expanded.has(node.id);
      const Icon = TYPE_ICON[node.type];
      const labelId = `tree-${node.id}-label`;
      const statusId = `tree-${node.id}-status`;
      return (
        <li
          key={node.id}
          ref={(el) => {
            if (el) items.current.set(node.id, el);
            else items.current.delete(node.id);
          }}
          role="treeitem"
          aria-level={level}
          aria-setsize={list.length}
          aria-posinset={position + 1}
          aria-expanded={hasChildren ? isOpen : undefined}
          aria-selected={node.id === selectedId}
          aria-labelledby={labelId}
          aria-describedby={statusId}
          data-type={node.type}
          tabIndex={node.id === focusId ? 0 : -1}
          onFocus={(event) => {
            if (event.target === event.currentTarget) setActiveId(node.id);
          }}
          className="group/item rounded-md outline-none"
        >
          <div
            onClick={() => {
              setActiveId(node.id);
              onSelect(node.id);
              if (node.type === "project") onToggle(node.id);
            }}
            style={{ paddingLeft: `${(level - 1) * 1.25 + 0.25}rem` }}
            className={cn(
              "flex cursor-pointer items-center gap-1.5 rounded-md py-1.5 pr-2 text-sm hover:bg-accent/60",
              "group-focus-visible/item:outline-2 group-focus-visible/item:outline-offset-[-2px] group-focus-visible/item:outline-ring",
              node.id === selectedId && "bg-accent text-accent-foreground",
            )}
          >
            {hasChildren ? (
              // Mouse only: keyboard users open and close with the arrow keys (one tab stop per tree).
              <span
                aria-hidden="true"
                data-testid={`toggle-${node.id}`}
                onClick={(event) => {
                  event.stopPropagation();
                  onToggle(node.id);
                }}
                className="flex size-5 shrink-0 items-center justify-center rounded hover:bg-accent"
              >
                <ChevronRight className={cn("size-4 transition-transform", isOpen && "rotate-90")} />
              </span>
            ) : (
              <span aria-hidden="true" className="size-5 shrink-0" />
            )}
            <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <span id={labelId} className="min-w-0 flex-1 truncate">
              {node.name}
            </span>
            <StatusBadge id={statusId} status={node.status} className="shrink-0" />
          </div>
          {isOpen && <ul role="group">{renderNodes(node.children, level + 1)}</ul>}
        </li>
      );
    });

  return (
    <ul role="tree" onKeyDown={onKeyDown} className="space-y-0.5" {...aria}>
      {renderNodes(nodes, 1)}
    </ul>
  );
}
