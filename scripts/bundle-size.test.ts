import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTE_TABLE } from "../src/web/route-table";
import { BUDGETS, measureRoot, measureSignedInPages, SIGNED_IN_FILES_BUDGET } from "./bundle-size";

// `npm test` builds the web app before this runs (run `npm run build` first when calling vitest alone).
describe("size budgets for / as an anonymous visitor", () => {
  if (!existsSync(path.resolve("dist/web/.vite/manifest.json"))) {
    throw new Error("dist/web is not built: run `npm run build` before the size tests");
  }
  const weight = measureRoot();

  it("keeps JavaScript within 97 KB gzip", () => {
    expect(weight.js).toBeGreaterThan(0);
    expect(weight.js).toBeLessThanOrEqual(BUDGETS.js);
  });

  it("keeps CSS within 30 KB gzip", () => {
    expect(weight.css).toBeGreaterThan(0);
    expect(weight.css).toBeLessThanOrEqual(BUDGETS.css);
  });

  it("does not download the signed-in area's code", () => {
    const names = weight.files.map((f) => path.basename(f.file));
    expect(names.some((f) => f.startsWith("landing-page-"))).toBe(true);
    for (const { page } of ROUTE_TABLE.protected) {
      // Vite names a page's chunk after its module: features/streams/streams-page.tsx → streams-page-<hash>.js.
      const chunk = `${path.basename(page, ".tsx")}-`;
      expect(names.filter((f) => f.startsWith(chunk))).toEqual([]);
    }
  });
});

describe("requests of a signed-in page", () => {
  it(`asks for at most ${SIGNED_IN_FILES_BUDGET} files beside the entry, on every signed-in page`, () => {
    const pages = measureSignedInPages();
    expect(pages.map((p) => p.page)).toEqual(ROUTE_TABLE.protected.map((p) => p.path));
    for (const page of pages) {
      // Every page has its own chunk at least.
      expect(page.files, page.page).toBeGreaterThan(0);
      expect(page.files, page.page).toBeLessThanOrEqual(SIGNED_IN_FILES_BUDGET);
    }
  });
});
