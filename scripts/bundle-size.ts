import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { SIGNED_IN_PRELOADS_FILE, type RoutePreloads } from "../src/shared/route-preloads";
import { ROUTE_TABLE } from "../src/web/route-table";

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * What an anonymous visitor downloads for "/" (gzip bytes). The budget follows the size reached (issues #2 and #23;
 * how it was reached: docs/performance.md, "First paint"), a little above it, so a saving cannot slip back unseen.
 */
export const BUDGETS = { js: 97 * 1024, css: 30 * 1024 } as const;

/**
 * How many files a signed-in page asks for beside the entry. On a slow connection each shares the bandwidth with the
 * entry from before its first byte, and their number held the signed-in pages' LCP back more than their bytes did
 * (issue #23; docs/performance.md, "First paint"): 12-17 files became 7-10 once what only opens on a press came on
 * demand and small chunks were merged.
 */
export const SIGNED_IN_FILES_BUDGET = 10;

/** The lazily loaded page that "/" renders for an anonymous visitor (the root gate's, from the route table). */
const ANONYMOUS_ROOT_PAGES = [ROUTE_TABLE.root.anonymous];

export interface PageWeight {
  files: { file: string; gzip: number }[];
  js: number;
  css: number;
}

/** Sums the gzip size of every JS and CSS file the browser fetches to render `pages`, from Vite's manifest. */
export function measureRoot(
  webDir = path.resolve("dist/web"),
  pages: readonly string[] = ANONYMOUS_ROOT_PAGES,
): PageWeight {
  const manifest = JSON.parse(readFileSync(path.join(webDir, ".vite/manifest.json"), "utf8")) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) throw new Error("No entry chunk in the Vite manifest");
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Missing manifest chunk ${key}`);
    files.add(chunk.file);
    chunk.css?.forEach((c) => files.add(c));
    chunk.imports?.forEach(visit);
  };
  visit(entry);
  for (const page of pages) visit(page);
  const measured = [...files].map((file) => ({
    file,
    gzip: gzipSync(readFileSync(path.join(webDir, file)), { level: 9 }).length,
  }));
  const sum = (ext: string) => measured.filter((f) => f.file.endsWith(ext)).reduce((n, f) => n + f.gzip, 0);
  return { files: measured, js: sum(".js"), css: sum(".css") };
}

/** For each signed-in page, the files it asks for beside the entry (the build's signed-in preloads) and their gzip size. */
export function measureSignedInPages(
  webDir = path.resolve("dist/web"),
): { page: string; files: number; gzip: number }[] {
  const preloads = JSON.parse(
    readFileSync(path.join(webDir, SIGNED_IN_PRELOADS_FILE), "utf8"),
  ) as RoutePreloads;
  return ROUTE_TABLE.protected.map(({ path: page }) => {
    const files = preloads[page] ?? [];
    const gzip = files.reduce(
      (n, file) => n + gzipSync(readFileSync(path.join(webDir, file)), { level: 9 }).length,
      0,
    );
    return { page, files: files.length, gzip };
  });
}
