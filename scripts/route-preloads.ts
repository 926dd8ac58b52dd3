import path from "node:path";
import type { Plugin } from "vite";
import {
  ROUTE_PRELOADS_FILE,
  SIGNED_IN_GETS_FILE,
  SIGNED_IN_PRELOADS_FILE,
  type RouteGets,
  type RoutePreloads,
} from "../src/shared/route-preloads";
import { routeDataFor } from "../src/web/app/route-data/route-data-paths";
import { publicPages, signedInPages, type PageRoute } from "../src/web/route-table";

/** The parts of a built chunk this needs (Rollup's OutputChunk has them). */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  /** Absolute paths of the modules whose code it holds. */
  moduleIds: string[];
  /** File names of the chunks it imports statically. */
  imports: string[];
}

/**
 * For each page route, the files its page needs that the entry does not already bring, the page's own chunk first.
 * A page without a chunk of its own (imported statically somewhere, so the entry carries it) fails the build:
 * route-table.ts promises that every page is lazily loaded.
 */
export function routePreloads(
  chunks: readonly BuiltChunk[],
  pages: readonly PageRoute[],
  moduleId: (page: PageRoute["page"]) => string,
): RoutePreloads {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (chunk: BuiltChunk, seen: Set<string>): string[] => {
    if (seen.has(chunk.fileName)) return [];
    seen.add(chunk.fileName);
    return [
      chunk.fileName,
      ...chunk.imports.flatMap((f) => {
        const imported = byFile.get(f);
        return imported ? closure(imported, seen) : [];
      }),
    ];
  };
  const entryFiles = new Set<string>();
  for (const entry of chunks.filter((c) => c.isEntry)) closure(entry, entryFiles);

  // A page's chunk holds its module and no other page's: it may also hold code that chunks loaded later import from
  // it (what a tab or a picker fetches on demand shares with the page), so it is told by what it holds, not by
  // Rollup's facade.
  const pageIds = new Set(pages.map((p) => moduleId(p.page)));
  const preloads: RoutePreloads = {};
  for (const { path: route, page } of pages) {
    const chunk = chunks.find((c) => c.moduleIds.includes(moduleId(page)));
    const others = chunk?.moduleIds.filter((id) => id !== moduleId(page) && pageIds.has(id)) ?? [];
    if (!chunk || chunk.isEntry || others.length > 0)
      throw new Error(`route-table.ts: ${page} (${route}) has no chunk of its own`);
    preloads[route] = closure(chunk, new Set(entryFiles));
  }
  return preloads;
}

/** The first GETs of each signed-in page that makes any, by route (src/web/app/route-data/route-data-paths.ts). */
export function signedInGets(pages: readonly PageRoute[] = signedInPages()): RouteGets {
  const gets: RouteGets = {};
  for (const { path: route } of pages) {
    const paths = routeDataFor(route);
    if (paths.length > 0) gets[route] = [...paths];
  }
  return gets;
}

const asJson = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * Writes ROUTE_PRELOADS_FILE, SIGNED_IN_PRELOADS_FILE and SIGNED_IN_GETS_FILE into the build, from the route table and the chunks Rollup
 * produced, so the server can name a page's chunks and first GETs in that page without a route list of its own.
 */
export function routePreloadsPlugin(): Plugin {
  let root = "";
  return {
    name: "pulse-route-preloads",
    // The browser's build only: the server-rendering bundle preloads nothing.
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((item) => (item.type === "chunk" ? [item] : []));
      const moduleId = (page: PageRoute["page"]) => path.resolve(root, page);
      for (const [fileName, pages] of [
        [ROUTE_PRELOADS_FILE, publicPages()],
        [SIGNED_IN_PRELOADS_FILE, signedInPages()],
      ] as const) {
        const preloads = routePreloads(chunks, pages, moduleId);
        this.emitFile({ type: "asset", fileName, source: asJson(preloads) });
      }
      this.emitFile({ type: "asset", fileName: SIGNED_IN_GETS_FILE, source: asJson(signedInGets()) });
    },
  };
}
