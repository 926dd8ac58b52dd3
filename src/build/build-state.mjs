// What the server build is made of, and whether the builds `npm start` runs are older than their sources (then it
// rebuilds them before starting). No dependency: the operator launcher reads this in a production install too.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** The web app's server-rendering bundle (scripts/build.mjs `buildWeb`; src/shared/prerender.ts finds it). */
export const PRERENDER_OUT_DIR = "dist/web-ssr";
const PRERENDER_ENTRY = `${PRERENDER_OUT_DIR}/entry-server.js`;

/** The server bundle `npm start` runs (./server-build.mjs `buildServer`). */
export const SERVER_ENTRY = "dist/server/main.mjs";

/**
 * The operator commands: every file directly in src/server/cli (tests aside) is one, bundled beside the server as
 * dist/server/<name>.mjs so that it runs wherever the server runs, a production install included (no tsx there).
 * Code the commands share lives in a folder below, so that it is no command of its own.
 */
const OPERATOR_COMMANDS = "src/server/cli";

/** The operator commands' sources by command name, e.g. { "sessions-revoke": "src/server/cli/sessions-revoke.ts" }. */
export function operatorCommandSources(root = process.cwd()) {
  const dir = path.join(root, OPERATOR_COMMANDS);
  const sources = {};
  if (!existsSync(dir)) return sources;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".ts") || /\.(test|d)\.ts$/.test(entry.name)) continue;
    const name = entry.name.slice(0, -".ts".length);
    // The server's entry is main.mjs: a command of that name would replace it.
    if (name === "main") throw new Error(`${OPERATOR_COMMANDS}/main.ts cannot be an operator command's name`);
    sources[name] = `${OPERATOR_COMMANDS}/${entry.name}`;
  }
  return sources;
}

/** Where the build puts an operator command. */
export function operatorCommandEntry(name) {
  return `${path.dirname(SERVER_ENTRY)}/${name}.mjs`;
}

/**
 * The operator commands a build holds (for an install without the sources): entries are named as written,
 * lowercase; the shared chunks carry an upper-case hash.
 */
export function builtOperatorCommands(root = process.cwd()) {
  const dir = path.join(root, path.dirname(SERVER_ENTRY));
  if (!existsSync(dir)) return [];
  const main = path.basename(SERVER_ENTRY);
  return readdirSync(dir)
    .filter((name) => /^[a-z0-9][a-z0-9-]*\.mjs$/.test(name) && name !== main)
    .map((name) => name.slice(0, -".mjs".length))
    .sort();
}

const WEB_SOURCES = [
  "src/web",
  "src/shared",
  "vite.config.ts",
  "scripts/build-plan",
  "scripts/route-preloads.ts",
  "package-lock.json",
];
const SERVER_SOURCES = [
  "src/server",
  "src/shared",
  "tsconfig.json",
  "package-lock.json",
  "src/build/server-build.mjs",
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

/** True when dist/web or its server-rendering bundle is missing or older than any web source. */
export function webBuildIsStale(root = process.cwd()) {
  return isStale(root, "dist/web/index.html", WEB_SOURCES) || isStale(root, PRERENDER_ENTRY, WEB_SOURCES);
}

/** True when the server bundle is missing or older than any server source (tests excepted). */
export function serverBuildIsStale(root = process.cwd()) {
  return isStale(root, SERVER_ENTRY, SERVER_SOURCES);
}
