import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { cn } from "../../src/web/lib/cn";
import { CLASS_MERGE_MODULE, classMergePlugin, sourceClasses } from "./class-merge";

describe("cn(), with tailwind-merge's class list cut to Pulse's classes (virtual:class-merge-config)", () => {
  const classes = sourceClasses();

  it("finds the web app's classes, variants and arbitrary values included", () => {
    expect(classes).toEqual(
      expect.arrayContaining(["h-10", "h-9", "px-4", "hover:bg-accent", "sm:text-4xl"]),
    );
    expect(classes.length).toBeGreaterThan(300);
  });

  it("merges every pair of them as the whole list does", () => {
    // A class list is merged from its last class back, each kept class ruling out the groups it conflicts with:
    // what a list becomes follows from what each pair does, so agreeing on every pair is agreeing on every list.
    const differ: string[] = [];
    for (const first of classes) {
      for (const second of classes) {
        const pair = `${first} ${second}`;
        if (cn(pair) !== twMerge(pair)) differ.push(`"${pair}": "${cn(pair)}", not "${twMerge(pair)}"`);
      }
    }
    expect(differ, "scripts/build-plan/class-merge.ts cuts the list wrongly for these classes").toEqual([]);
  });

  it("lets a later class win over an earlier one of its kind, and keeps the rest", () => {
    expect(cn("h-10 px-4 py-2", "h-9 px-3")).toBe("py-2 h-9 px-3");
    expect(cn("p-4", "px-2")).toBe("p-4 px-2");
    expect(cn("px-2", "p-4")).toBe("p-4");
    expect(cn("text-sm text-muted-foreground", "text-lg")).toBe("text-muted-foreground text-lg");
    expect(cn("bg-primary", "hover:bg-accent", "bg-card")).toBe("hover:bg-accent bg-card");
    expect(cn("rounded-md", false, undefined, "my-own-class", "rounded-xl")).toBe("my-own-class rounded-xl");
  });
});

describe("the class-merge plugin", () => {
  type Load = (id: string) => string | null;
  type ResolveId = (id: string) => string | null;
  type HotUpdate = (context: { file: string }) => void;

  it("serves the list cut to the sources' classes, and cuts it again once a source changes", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "pulse-class-merge-"));
    try {
      writeFileSync(path.join(dir, "card.tsx"), 'export const card = "px-4 rounded-md";\n');
      const plugin = classMergePlugin([dir]);
      const id = (plugin.resolveId as ResolveId)(CLASS_MERGE_MODULE)!;
      const load = () => (plugin.load as Load)(id) ?? "";
      expect(load()).toContain('"px":');
      expect(load()).not.toContain('"grid-cols":');

      writeFileSync(path.join(dir, "grid.tsx"), 'export const grid = "grid-cols-3";\n');
      expect(load(), "not cut again before a source changes").not.toContain('"grid-cols":');
      (plugin.handleHotUpdate as HotUpdate)({ file: path.join(dir, "grid.tsx") });
      expect(load()).toContain('"grid-cols":');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
