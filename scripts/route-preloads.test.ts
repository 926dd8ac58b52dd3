import { describe, expect, it } from "vitest";
import { routePreloads, signedInGets, type BuiltChunk } from "./route-preloads";

const chunk = (fileName: string, more: Partial<BuiltChunk> = {}): BuiltChunk => ({
  fileName,
  isEntry: false,
  moduleIds: [],
  imports: [],
  ...more,
});

// A build shaped like Pulse's: the entry and a chunk it shares with the contact page, and the pages' own chunks; the
// about page's also holds a module that a chunk it loads on demand imports from it.
const chunks = [
  chunk("assets/index-1.js", {
    isEntry: true,
    moduleIds: ["/web/main.tsx", "/web/features/home/home-page.tsx"],
    imports: ["assets/shared-1.js"],
  }),
  chunk("assets/shared-1.js", { moduleIds: ["/web/lib/shared.ts"] }),
  chunk("assets/contact-page-9.js", {
    moduleIds: ["/web/features/contact/contact-page.tsx"],
    imports: ["assets/index-1.js", "assets/shared-1.js", "assets/field-2.js"],
  }),
  chunk("assets/field-2.js", {
    moduleIds: ["/web/ui/field.tsx"],
    imports: ["assets/index-1.js", "assets/icon-3.js"],
  }),
  chunk("assets/icon-3.js", { moduleIds: ["/node_modules/icon.js"] }),
  chunk("assets/about-page-4.js", {
    moduleIds: ["/web/features/marketing/messages.ts", "/web/features/marketing/about-page.tsx"],
    imports: ["assets/index-1.js"],
  }),
  chunk("assets/team-5.js", {
    moduleIds: ["/web/features/marketing/team.tsx"],
    imports: ["assets/about-page-4.js"],
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

  it("fails the build when a page is in the entry (imported statically somewhere)", () => {
    expect(() =>
      routePreloads(chunks, [{ path: "/", page: "features/home/home-page.tsx" }], moduleId),
    ).toThrow("route-table.ts: features/home/home-page.tsx (/) has no chunk of its own");
  });

  it("fails the build when two pages share a chunk", () => {
    const merged = [
      ...chunks,
      chunk("assets/legal-6.js", {
        moduleIds: ["/web/features/legal/terms-page.tsx", "/web/features/legal/privacy-page.tsx"],
      }),
    ];
    expect(() =>
      routePreloads(
        merged,
        [
          { path: "/terms", page: "features/legal/terms-page.tsx" },
          { path: "/privacy", page: "features/legal/privacy-page.tsx" },
        ],
        moduleId,
      ),
    ).toThrow("route-table.ts: features/legal/terms-page.tsx (/terms) has no chunk of its own");
  });
});

describe("signedInGets", () => {
  it("lists the first GETs of each signed-in page that makes any, from the app's route data", () => {
    expect(signedInGets()).toEqual({ "/projects": ["/api/streams/candidates?limit=50"] });
  });
});
