import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PUBLIC_PAGE_MODULES } from "@shared/page-modules";

const source = (file: string) => readFileSync(path.resolve("src/web", file), "utf8");

describe("PUBLIC_PAGE_MODULES", () => {
  it("names the module each public route really renders, so the server preloads the right chunk", () => {
    const routes = source("routes.tsx");
    const gate = source("app/guards/root-gate.tsx");
    for (const [route, module] of Object.entries(PUBLIC_PAGE_MODULES)) {
      const importPath = module.replace(/\.tsx$/, "");
      if (route === "/") {
        expect(gate).toContain(`import("@/${importPath}")`);
        continue;
      }
      const component = new RegExp(`const (\\w+) = lazy\\(\\(\\) => import\\("\\./${importPath}"\\)\\)`).exec(
        routes,
      )?.[1];
      expect(component, `${route} → ${module}`).toBeDefined();
      expect(routes).toContain(`{ path: "${route}", element: page(${component}) }`);
    }
  });
});
