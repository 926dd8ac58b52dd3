import type { HierarchyNode } from "./demo-data";

/** A row of the tree as shown: the node, its depth (1-based, as aria-level), and its parent's id. */
export interface VisibleRow {
  node: HierarchyNode;
  level: number;
  parentId: string | undefined;
}

/** The rows a person sees, top to bottom: children only under expanded nodes. */
export function visibleRows(nodes: readonly HierarchyNode[], expanded: ReadonlySet<string>): VisibleRow[] {
  const rows: VisibleRow[] = [];
  const walk = (list: readonly HierarchyNode[], level: number, parentId: string | undefined) => {
    for (const node of list) {
      rows.push({ node, level, parentId });
      if (node.children.length > 0 && expanded.has(node.id)) walk(node.children, level + 1, node.id);
    }
  };
  walk(nodes, 1, undefined);
  return rows;
}

/** Ids of the nodes that start open (the demo data's `expanded`). */
export function initiallyExpanded(nodes: readonly HierarchyNode[]): Set<string> {
  const ids = new Set<string>();
  const walk = (list: readonly HierarchyNode[]) => {
    for (const node of list) {
      if (node.expanded) ids.add(node.id);
      walk(node.children);
    }
  };
  walk(nodes);
  return ids;
}

/** The project a node belongs to (a project is its own). */
export function projectOf(nodes: readonly HierarchyNode[], id: string): HierarchyNode | undefined {
  const contains = (node: HierarchyNode): boolean => node.id === id || node.children.some(contains);
  return nodes.find(contains);
}

/** Finds a node anywhere in the tree. */
export function findNode(nodes: readonly HierarchyNode[], id: string): HierarchyNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}
