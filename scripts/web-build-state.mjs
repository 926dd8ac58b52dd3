import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = ["src/web", "src/shared", "vite.config.ts", "scripts/route-preloads.ts", "package-lock.json"];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(target)) {
    if (name.endsWith(".test.ts") || name.endsWith(".test.tsx")) continue;
    newest = Math.max(newest, newestMtime(path.join(target, name)));
  }
  return newest;
}

/** True when dist/web is missing or older than any web source. */
export function webBuildIsStale() {
  const index = path.resolve("dist/web/index.html");
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.resolve(s)) > built);
}
