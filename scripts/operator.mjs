// `npm run db:migrate`, `sessions:revoke`, `contact:list` …: `node scripts/operator.mjs <name> [args…]` runs the
// operator command src/server/cli/<name>.ts from its bundle, dist/server/<name>.mjs, with the arguments given and its
// exit code. In a full install (the sources and the build tools present) it rebuilds the server bundle first when a
// server source is newer, as `npm start` does; a production install (`npm ci --omit=dev`: no src/, no esbuild)
// runs the bundle as it was built.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
// What the build is made of: src/build/build-state.mjs in the sources; a production install has no src/ and carries
// the same module beside this launcher (scripts/production-install.sh).
const copied = path.join(here, "build-state.mjs");
const { builtOperatorCommands, operatorCommandEntry, operatorCommandSources, serverBuildIsStale } =
  await import(existsSync(copied) ? pathToFileURL(copied).href : "../src/build/build-state.mjs");
const [name, ...args] = process.argv.slice(2);

function canBuild() {
  if (!existsSync(path.join(root, "src/server"))) return false;
  try {
    createRequire(path.join(root, "package.json")).resolve("esbuild");
    return true;
  } catch {
    return false;
  }
}

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

const buildable = canBuild();
// With the sources present they say which commands exist (a deleted one must not run from an old bundle).
const known = buildable ? Object.keys(operatorCommandSources(root)).sort() : builtOperatorCommands(root);
if (!name || !known.includes(name)) {
  fail(
    `${name ? `Unknown operator command "${name}". ` : ""}Usage: node scripts/operator.mjs <command> [arguments]` +
      `\nCommands: ${known.length > 0 ? known.join(", ") : "none (run npm run build first)"}`,
  );
}

const entry = path.join(root, operatorCommandEntry(name));
if (buildable && (serverBuildIsStale(root) || !existsSync(entry))) {
  // On stderr: a command's stdout may be data (contact:list --json).
  process.stderr.write("Building the server…\n");
  const { buildServer } = await import("../src/build/server-build.mjs");
  await buildServer({ root });
}

// The command runs in this process as though node had been started with its bundle: a command knows it is the
// main module by process.argv[1], takes its arguments from process.argv and leaves its exit code in
// process.exitCode, which this process then ends with.
process.argv = [process.argv[0], entry, ...args];
await import(pathToFileURL(entry).href);
