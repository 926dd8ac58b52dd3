import path from "node:path";
import type { Plugin } from "vite";

/** One `import()` in the web app's own code, as the build placed it. */
export interface SplitPoint {
  /** The importing module's name, relative to src/web. */
  importer: string;
  /** The loaded module's name: a path relative to src/web, or a package's name for a module under node_modules. */
  target: string;
  /**
   * Where the build put the loaded module's code: "apart" (a chunk loaded on demand), "importer" (the importer's
   * own chunk, as when it also imports it statically), "entry" (downloaded at start), or "nowhere" (its code was
   * all tree-shaken).
   */
  placed: "apart" | "importer" | "entry" | "nowhere";
  /** The length of the loaded module's code in the build. */
  size: number;
}

/**
 * What is wrong with the web app's split points, given the ones the build plan declares (chunking.ts): an
 * `import()` of a module the plan does not name, a named module that nothing loads on demand, and a module
 * loaded on demand whose code the build still put in the importer's chunk or the entry (a static import elsewhere
 * pulled it in, so the split saves nothing). Code smaller than `minChunkSize` may be merged there by the plan's
 * own rule (the not-found page is).
 */
export function splitPointProblems(
  points: readonly SplitPoint[],
  planned: readonly string[],
  minChunkSize: number,
): string[] {
  const plannedSet = new Set(planned);
  const problems: string[] = [];
  for (const { importer, target, placed, size } of points) {
    if (!plannedSet.has(target))
      problems.push(`${importer} loads ${target} on demand, which the plan does not name`);
    else if ((placed === "importer" || placed === "entry") && size >= minChunkSize)
      problems.push(
        `${importer} loads ${target} on demand, but its code (${size} B) is in the ${placed}'s chunk`,
      );
  }
  const loaded = new Set(points.map((p) => p.target));
  for (const name of planned)
    if (!loaded.has(name)) problems.push(`${name} is in the plan, but nothing loads it on demand`);
  return problems;
}

/** The name of module `id` in the plan: its path relative to `root`, or its package's name. */
export function moduleName(id: string, root: string): string {
  const inPackages = id.split(/[\\/]node_modules[\\/]/);
  if (inPackages.length > 1) {
    const parts = inPackages.at(-1)!.split(/[\\/]/);
    return parts[0]!.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  return path.relative(root, id).split(path.sep).join("/");
}

/**
 * Fails the browser's build when its split points are not the plan's (`planned()`: pages and on-demand modules,
 * relative to src/web): the plan is the one place a chunk boundary is decided, so an `import()` it does not name is
 * a mistake to correct there, not a second place.
 */
export function splitPointsPlugin(planned: () => readonly string[], minChunkSize: number): Plugin {
  let root = "";
  return {
    name: "pulse-split-points",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((item) => (item.type === "chunk" ? [item] : []));
      const chunkOf = new Map(chunks.flatMap((chunk) => chunk.moduleIds.map((id) => [id, chunk] as const)));
      const points: SplitPoint[] = [];
      for (const id of this.getModuleIds()) {
        if (id.startsWith("\0") || /[\\/]node_modules[\\/]/.test(id)) continue;
        for (const target of this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
          const chunk = chunkOf.get(target);
          points.push({
            importer: moduleName(id, root),
            target: moduleName(target, root),
            placed: !chunk
              ? "nowhere"
              : chunk.isEntry
                ? "entry"
                : chunk === chunkOf.get(id)
                  ? "importer"
                  : "apart",
            size: chunk?.modules[target]?.renderedLength ?? 0,
          });
        }
      }
      const problems = splitPointProblems(points, planned(), minChunkSize);
      if (problems.length > 0)
        this.error(
          `The web app's split points differ from scripts/build-plan/chunking.ts (docs/build.md): ${problems.join("; ")}.`,
        );
    },
  };
}
