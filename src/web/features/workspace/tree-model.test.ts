import { describe, expect, it } from "vitest";
import { DEMO_HIERARCHY, DEMO_PROJECTS, DEMO_TASKS } from "./demo-data";
import { findNode, initiallyExpanded, projectOf, visibleRows } from "./tree-model";

describe("the demo hierarchy", () => {
  it("has at least three projects, one with subtasks, every status, and details for each project", () => {
    expect(DEMO_HIERARCHY.length).toBeGreaterThanOrEqual(3);
    const all = DEMO_HIERARCHY.flatMap(function walk(n): (typeof n)[] {
      return [n, ...n.children.flatMap(walk)];
    });
    expect(all.some((n) => n.type === "subtask")).toBe(true);
    expect(new Set(all.map((n) => n.status))).toEqual(
      new Set(["planning", "in-progress", "completed", "blocked"]),
    );
    for (const project of DEMO_HIERARCHY) expect(DEMO_PROJECTS[project.id]?.name).toBe(project.name);
  });

  it("offers every task and subtask to RACI with its project's name", () => {
    expect(DEMO_TASKS).toContainEqual({
      id: "hero-section",
      title: "Hero Section",
      project_name: "Website Redesign",
    });
    expect(DEMO_TASKS).toContainEqual({
      id: "api-integration",
      title: "API Integration",
      project_name: "Mobile App Launch",
    });
  });
});

describe("tree model", () => {
  it("shows children only under open nodes, with levels and parents", () => {
    const rows = visibleRows(DEMO_HIERARCHY, new Set(["website-redesign"]));
    expect(rows.map((r) => [r.node.id, r.level, r.parentId])).toEqual([
      ["website-redesign", 1, undefined],
      ["design-system", 2, "website-redesign"],
      ["homepage-layout", 2, "website-redesign"],
      ["content-migration", 2, "website-redesign"],
      ["mobile-app-launch", 1, undefined],
      ["data-platform-migration", 1, undefined],
    ]);
  });

  it("starts with the nodes the demo data marks expanded", () => {
    expect([...initiallyExpanded(DEMO_HIERARCHY)]).toEqual(["website-redesign"]);
  });

  it("finds a node's project and the node itself", () => {
    expect(projectOf(DEMO_HIERARCHY, "typography")?.id).toBe("website-redesign");
    expect(projectOf(DEMO_HIERARCHY, "mobile-app-launch")?.id).toBe("mobile-app-launch");
    expect(projectOf(DEMO_HIERARCHY, "nope")).toBeUndefined();
    expect(findNode(DEMO_HIERARCHY, "beta-testing")?.name).toBe("Beta Testing");
  });
});
