import { describe, expect, it } from "vitest";
import { routePreloads, type BuiltChunk } from "./route-preloads";

const chunk = (fileName: string, more: Partial<BuiltChunk> = {}): BuiltChunk => ({
  fileName,
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  ...more,
});

// A build shaped like Pulse's: the entry and a chunk it shares with the contact page, and the page's own chunks.
const chunks = [
  chunk("assets/index-1.js", {
    isEntry: true,
    facadeModuleId: "/web/main.tsx",
    imports: ["assets/shared-1.js"],
  }),
  chunk("assets/shared-1.js"),
  chunk("assets/contact-page-9.js", {
    facadeModuleId: "/web/features/contact/contact-page.tsx",
    imports: ["assets/index-1.js", "assets/shared-1.js", "assets/field-2.js"],
  }),
  chunk("assets/field-2.js", { imports: ["assets/index-1.js", "assets/icon-3.js"] }),
  chunk("assets/icon-3.js"),
  chunk("assets/about-page-4.js", {
    facadeModuleId: "/web/features/marketing/about-page.tsx",
    imports: ["assets/index-1.js"],
  }),
];
const moduleId = (page: string) => `/web/${page}`;

describe("routePreloads", () => {
  it("lists each route's page chunk first, then what it imports, leaving out what the entry already brings", () => {
    expect(
      routePreloads(
        chunks,
        [
          { path: "/contact", page: "features/contact/contact-page.tsx" },
          { path: "/about", page: "features/marketing/about-page.tsx" },
        ],
        moduleId,
      ),
    ).toEqual({
      "/contact": ["assets/contact-page-9.js", "assets/field-2.js", "assets/icon-3.js"],
      "/about": ["assets/about-page-4.js"],
    });
  });

  it("fails the build when a page of the table has no chunk of its own", () => {
    expect(() =>
      routePreloads(chunks, [{ path: "/terms", page: "features/legal/terms-page.tsx" }], moduleId),
    ).toThrow("route-table.ts: features/legal/terms-page.tsx (/terms) has no chunk of its own");
  });
});
