import type { RaciRole, WorkItemStatus } from "./constants";

/** SPEC §3 Hierarchy node (demo). */
export interface HierarchyNode {
  id: string;
  name: string;
  type: "project" | "task" | "subtask";
  status: WorkItemStatus;
  expanded: boolean;
  children: HierarchyNode[];
}

/** SPEC §3 Comment (demo): the timestamp is already relative text. */
export interface ProjectComment {
  id: string;
  author: string;
  text: string;
  timestamp: string;
}

/** SPEC §3 Project detail (demo), plus the metadata the Metadata tab shows and the project's comments. */
export interface ProjectDetail {
  name: string;
  description: string;
  progress: number;
  status: WorkItemStatus;
  startDate: string;
  endDate: string;
  team: string[];
  tasks: { id: string; name: string; progress: number; status: WorkItemStatus }[];
  priority: string;
  category: string;
  budget: string;
  client: string;
  comments: ProjectComment[];
}

/** SPEC §3 RACI user option. */
export interface RaciUser {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
}

/** SPEC §3 RACI task option. */
export interface RaciTask {
  id: string;
  title: string;
  project_name: string;
}

/** SPEC §3 RACI assignment. */
export interface RaciAssignment {
  id: string;
  raci_role: RaciRole | string;
  task: { title: string; project_name: string };
  user_profile: { first_name: string; last_name: string; email: string };
}

const node = (
  id: string,
  name: string,
  type: HierarchyNode["type"],
  status: WorkItemStatus,
  children: HierarchyNode[] = [],
  expanded = false,
): HierarchyNode => ({ id, name, type, status, expanded, children });

/** Three projects; the first has subtasks and starts open; every status appears. */
export const DEMO_HIERARCHY: readonly HierarchyNode[] = [
  node(
    "website-redesign",
    "Website Redesign",
    "project",
    "in-progress",
    [
      node("design-system", "Design System", "task", "completed", [
        node("color-palette", "Color Palette", "subtask", "completed"),
        node("typography", "Typography", "subtask", "completed"),
      ]),
      node("homepage-layout", "Homepage Layout", "task", "in-progress", [
        node("hero-section", "Hero Section", "subtask", "in-progress"),
        node("navigation-menu", "Navigation Menu", "subtask", "planning"),
      ]),
      node("content-migration", "Content Migration", "task", "planning"),
    ],
    true,
  ),
  node("mobile-app-launch", "Mobile App Launch", "project", "blocked", [
    node("api-integration", "API Integration", "task", "blocked"),
    node("app-store-assets", "App Store Assets", "task", "in-progress"),
    node("beta-testing", "Beta Testing", "task", "planning"),
  ]),
  node("data-platform-migration", "Data Platform Migration", "project", "planning", [
    node("schema-audit", "Schema Audit", "task", "completed"),
    node("pipeline-rewrite", "Pipeline Rewrite", "task", "planning"),
  ]),
];

export const DEMO_PROJECTS: Readonly<Record<string, ProjectDetail>> = {
  "website-redesign": {
    name: "Website Redesign",
    description: "A refreshed marketing site with a new design system, faster pages and migrated content.",
    progress: 65,
    status: "in-progress",
    startDate: "2025-01-15",
    endDate: "2025-04-30",
    team: ["Alice Johnson", "Bob Smith", "Carol Davis", "David Lee"],
    tasks: [
      { id: "design-system", name: "Design System", progress: 100, status: "completed" },
      { id: "homepage-layout", name: "Homepage Layout", progress: 60, status: "in-progress" },
      { id: "content-migration", name: "Content Migration", progress: 0, status: "planning" },
    ],
    priority: "High",
    category: "Marketing",
    budget: "$45,000",
    client: "Acme Corp",
    comments: [
      {
        id: "c1",
        author: "Alice Johnson",
        text: "The design tokens are merged; components are next.",
        timestamp: "2 hours ago",
      },
      {
        id: "c2",
        author: "Bob Smith",
        text: "Hero section needs the final copy before review.",
        timestamp: "1 day ago",
      },
    ],
  },
  "mobile-app-launch": {
    name: "Mobile App Launch",
    description: "The first release of the iOS and Android apps, from API integration to store listing.",
    progress: 30,
    status: "blocked",
    startDate: "2025-02-01",
    endDate: "2025-06-15",
    team: ["Emma Wilson", "Frank Miller", "Grace Kim"],
    tasks: [
      { id: "api-integration", name: "API Integration", progress: 40, status: "blocked" },
      { id: "app-store-assets", name: "App Store Assets", progress: 50, status: "in-progress" },
      { id: "beta-testing", name: "Beta Testing", progress: 0, status: "planning" },
    ],
    priority: "Critical",
    category: "Product",
    budget: "$120,000",
    client: "Internal",
    comments: [
      {
        id: "c3",
        author: "Emma Wilson",
        text: "Blocked until the authentication API review is signed off.",
        timestamp: "3 hours ago",
      },
    ],
  },
  "data-platform-migration": {
    name: "Data Platform Migration",
    description: "Moving reporting pipelines to the new warehouse with no loss of history.",
    progress: 15,
    status: "planning",
    startDate: "2025-03-01",
    endDate: "2025-09-30",
    team: ["Henry Park", "Isla Brown"],
    tasks: [
      { id: "schema-audit", name: "Schema Audit", progress: 100, status: "completed" },
      { id: "pipeline-rewrite", name: "Pipeline Rewrite", progress: 0, status: "planning" },
    ],
    priority: "Medium",
    category: "Engineering",
    budget: "$80,000",
    client: "Globex Inc.",
    comments: [
      {
        id: "c4",
        author: "Henry Park",
        text: "Audit done: 42 tables, 6 need reshaping.",
        timestamp: "2 days ago",
      },
      {
        id: "c5",
        author: "Isla Brown",
        text: "Pipeline rewrite starts after the March freeze.",
        timestamp: "1 week ago",
      },
    ],
  },
};

/** The demo team the RACI form assigns. */
export const DEMO_USERS: readonly RaciUser[] = [
  { id: "u1", first_name: "Alice", last_name: "Johnson", email: "alice.johnson@acme.com" },
  { id: "u2", first_name: "Bob", last_name: "Smith", email: "bob.smith@acme.com" },
  { id: "u3", first_name: "Carol", last_name: "Davis", email: "carol.davis@acme.com" },
  { id: "u4", first_name: "Emma", last_name: "Wilson", email: "emma.wilson@acme.com" },
];

/** Every task and subtask of the demo hierarchy, with its project's name. */
export const DEMO_TASKS: readonly RaciTask[] = DEMO_HIERARCHY.flatMap((project) => {
  const tasks: RaciTask[] = [];
  const walk = (nodes: readonly HierarchyNode[]) => {
    for (const n of nodes) {
      tasks.push({ id: n.id, title: n.name, project_name: project.name });
      walk(n.children);
    }
  };
  walk(project.children);
  return tasks;
});

/** The project options: every project name. */
export const DEMO_PROJECT_NAMES: readonly string[] = DEMO_HIERARCHY.map((p) => p.name);
