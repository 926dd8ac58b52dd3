// Naming the server bundle's code by its sources, for the profilers of bench/ (bench:profile, bench:instructions):
// a frame in a bundle (dist/server/, or a build copied elsewhere in the project) is mapped through the source map
// beside it; any other frame is left as it is.
import { existsSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Locate } from "./cpu-profile";

const maps = new Map<string, SourceMap | undefined>();

/** A bundle's frame mapped through its linked source map; other frames as they are. */
export function locateBundleFrame(frame: Parameters<Locate>[0]): ReturnType<Locate> {
  const map = sourceMapOf(frame.url);
  const found = map?.findEntry(frame.lineNumber, frame.columnNumber);
  if (!found || !("originalSource" in found) || !found.originalSource) return frame;
  const source = path.resolve(path.dirname(fileURLToPath(frame.url)), found.originalSource);
  return { url: `file://${source}`, lineNumber: found.originalLine };
}

function sourceMapOf(url: string): SourceMap | undefined {
  if (!maps.has(url)) {
    // Pulse's own bundles only: packages ship maps whose sources are not in the package.
    const file =
      url.startsWith("file://") && url.endsWith(".mjs") && !url.includes("/node_modules/")
        ? `${fileURLToPath(url)}.map`
        : undefined;
    maps.set(
      url,
      file && existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, "utf8")) as never) : undefined,
    );
  }
  return maps.get(url);
}
