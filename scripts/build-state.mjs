// Whether the builds `npm start` runs are older than their sources (then it rebuilds them before starting).
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** The server bundle `npm start` runs (scripts/build.mjs `buildServer`). */
export const SERVER_ENTRY = "dist/server/main.mjs";

const WEB_SOURCES = [
  "src/web",
  "src/shared",
  "vite.config.ts",
  "scripts/route-preloads.ts",
  "package-lock.json",
];
const SERVER_SOURCES = [
  "src/server",
  "src/shared",
  "tsconfig.json",
  "package-lock.json",
  "scripts/build.mjs",
];

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

function isStale(root, output, sources) {
  const built = path.join(root, output);
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((s) => newestMtime(path.join(root, s)) > builtAt);
}

/** True when dist/web is missing or older than any web source. */
export function webBuildIsStale(root = process.cwd()) {
  return isStale(root, "dist/web/index.html", WEB_SOURCES);
}

/** True when the server bundle is missing or older than any server source (tests excepted). */
export function serverBuildIsStale(root = process.cwd()) {
  return isStale(root, SERVER_ENTRY, SERVER_SOURCES);
}
