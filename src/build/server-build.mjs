// The server bundle (docs/decisions/0080-server-bundle.md): built by `npm run build` and `npm start`
// (scripts/build.mjs, scripts/start.mjs), by the operator launcher in a full install (scripts/operator.mjs), and by
// the test launchers before they spawn the server (src/testing/server-command.ts). It sits under src, below all of
// them, so that nothing in src imports scripts/. Plain JavaScript: it runs before anything is compiled.
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { operatorCommandSources, SERVER_ENTRY, serverBuildIsStale } from "./build-state.mjs";

/** How far file times (the kernel's coarse clock) may lag Date.now(): a tick, rounded well up. */
const FILE_CLOCK_LAG_MS = 100;

/**
 * Bundles src/server/main.ts into dist/server/main.mjs, and each operator command into dist/server/<name>.mjs.
 * Packages stay external (loaded from node_modules as usual, PGlite's wasm included); the development stand-ins
 * stay separate chunks, loaded only where they mount; the entries share chunks of the code they have in common.
 * The migrations are copied beside the bundle, where db/migrate.ts looks for them.
 *
 * Several processes may build at once (test workers finding the bundle stale): every file is written whole under
 * a temporary name and renamed, the entry last, and the same sources give the same files. The entry's time is
 * set to FILE_CLOCK_LAG_MS before the build began, so a source saved during the build still counts as newer (one
 * saved just before it only costs one more build).
 */
export async function buildServer({ root = process.cwd() } = {}) {
  const { build } = await import("esbuild");
  const began = new Date(Date.now() - FILE_CLOCK_LAG_MS);
  const out = path.join(root, path.dirname(SERVER_ENTRY));
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: "src/server/main.ts", ...operatorCommandSources(root) },
    tsconfig: "tsconfig.json",
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    // Names stay as written: logs and errors show them. esbuild names each named function where it is made, with an
    // Object.defineProperty: code that runs per request makes no named closures (src/server/auth/guard.ts).
    keepNames: true,
    sourcemap: "linked",
    outdir: out,
    outExtension: { ".js": ".mjs" },
    // Every file in one folder, so import.meta.url-relative paths (the migrations) hold in any chunk.
    chunkNames: "[name]-[hash]",
    write: false,
    logLevel: "warning",
  });
  const migrationsFrom = path.join(root, "src/server/db/migrations");
  const files = [
    ...readdirSync(migrationsFrom)
      .filter((name) => name.endsWith(".sql"))
      .map((name) => ({
        path: path.join(out, "migrations", name),
        contents: readFileSync(path.join(migrationsFrom, name)),
      })),
    ...result.outputFiles,
  ];
  // The server's entry goes last, the commands' entries included before it: its time is what says the build is whole.
  const entry = path.join(root, SERVER_ENTRY);
  files.sort((a, b) => Number(a.path === entry) - Number(b.path === entry));
  for (const file of files) {
    mkdirSync(path.dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    if (file.path === entry) utimesSync(temporary, began, began);
    renameSync(temporary, file.path);
  }
  // Chunks of an earlier build go (not the temporary files of another build in flight).
  const written = new Set(files.map((f) => f.path));
  for (const file of walk(out)) {
    if (!written.has(file) && !file.endsWith(".tmp")) rmSync(file, { force: true });
  }
}

/** Builds the server bundle when it is missing or older than a server source; true when it built. */
export async function ensureServerBuild({ root = process.cwd() } = {}) {
  if (!serverBuildIsStale(root)) return false;
  await buildServer({ root });
  return true;
}

/** Every file under `dir`, folders walked. */
export function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}
