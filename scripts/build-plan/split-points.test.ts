import { describe, expect, it } from "vitest";
import { moduleName, splitPointProblems, type SplitPoint } from "./split-points";

const MIN = 2500;
const point = (importer: string, target: string, more: Partial<SplitPoint> = {}): SplitPoint => ({
  importer,
  target,
  placed: "apart",
  size: 4000,
  ...more,
});

// A build shaped like Pulse's: pages loaded by routes.tsx, a calendar and a package loaded on demand.
const PLAN = ["features/contact/contact-page.tsx", "components/ui/calendar.tsx", "sonner"];
const BUILD = [
  point("routes.tsx", "features/contact/contact-page.tsx"),
  point("components/ui/date-picker.tsx", "components/ui/calendar.tsx"),
  point("lib/toast.ts", "sonner"),
];

describe("the build plan's split points", () => {
  it("pass a build whose import() calls are the plan's, each in a chunk apart", () => {
    expect(splitPointProblems(BUILD, PLAN, MIN)).toEqual([]);
  });

  it("fail an import() of a module the plan does not name", () => {
    const build = [...BUILD, point("features/streams/stream-row.tsx", "features/streams/stream-panel.tsx")];
    expect(splitPointProblems(build, PLAN, MIN)).toEqual([
      "features/streams/stream-row.tsx loads features/streams/stream-panel.tsx on demand, which the plan does not name",
    ]);
  });

  it("fail a module of the plan that nothing loads on demand any more", () => {
    expect(splitPointProblems(BUILD.slice(1), PLAN, MIN)).toEqual([
      "features/contact/contact-page.tsx is in the plan, but nothing loads it on demand",
    ]);
  });

  it("fail a module loaded on demand whose code still sits in its importer's chunk or the entry", () => {
    const build = [
      point("routes.tsx", "features/contact/contact-page.tsx", { placed: "entry" }),
      point("components/ui/date-picker.tsx", "components/ui/calendar.tsx", { placed: "importer" }),
      point("lib/toast.ts", "sonner"),
    ];
    expect(splitPointProblems(build, PLAN, MIN)).toEqual([
      "routes.tsx loads features/contact/contact-page.tsx on demand, but its code (4000 B) is in the entry's chunk",
      "components/ui/date-picker.tsx loads components/ui/calendar.tsx on demand, but its code (4000 B) is in the importer's chunk",
    ]);
  });

  it("let code smaller than the minimum chunk size merge back, as the plan's own rule does", () => {
    const build = [point("routes.tsx", "features/contact/contact-page.tsx", { placed: "entry", size: 900 })];
    expect(splitPointProblems(build, PLAN.slice(0, 1), MIN)).toEqual([]);
  });

  it("names a module by its path under src/web, or by its package", () => {
    expect(moduleName("/repo/src/web/components/ui/calendar.tsx", "/repo/src/web")).toBe(
      "components/ui/calendar.tsx",
    );
    expect(moduleName("/repo/node_modules/sonner/dist/index.mjs", "/repo/src/web")).toBe("sonner");
    expect(moduleName("/repo/node_modules/@radix-ui/react-select/dist/index.mjs", "/repo/src/web")).toBe(
      "@radix-ui/react-select",
    );
  });
});
