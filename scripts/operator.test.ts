import { spawn } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SERVER_ENTRY, serverBuildIsStale } from "../src/build/build-state.mjs";
import { buildServer } from "../src/build/server-build.mjs";

// A project shaped like Pulse's server side with two operator commands, a module they share and a test.
const PROJECT: Record<string, string> = {
  "package.json": JSON.stringify({ name: "operator-fixture", private: true, type: "module" }),
  "tsconfig.json": JSON.stringify({
    compilerOptions: { baseUrl: ".", paths: { "@shared/*": ["src/shared/*"] } },
  }),
  "package-lock.json": "{}",
  "src/shared/greeting.ts": 'export const GREETING = "hello";',
  "src/server/main.ts": 'import { GREETING } from "@shared/greeting";\nconsole.log("server", GREETING);',
  "src/server/db/migrations/0001_init.sql": "CREATE TABLE t (id int);",
  "src/server/cli/lib/shout.ts": "export const shout = (s: string) => s.toUpperCase();",
  // Prints what a command sees: its arguments, whether it is the main module, and sets its exit code.
  "src/server/cli/say-hello.ts": [
    'import { fileURLToPath } from "node:url";',
    'import { GREETING } from "@shared/greeting";',
    'import { shout } from "./lib/shout";',
    "const main = process.argv[1] === fileURLToPath(import.meta.url);",
    "console.log(JSON.stringify({ said: shout(GREETING), args: process.argv.slice(2), main }));",
    "process.exitCode = Number(process.env.EXIT_CODE ?? 0);",
  ].join("\n"),
  "src/server/cli/say-bye.ts": 'import { shout } from "./lib/shout";\nconsole.log(shout("bye"));',
  "src/server/cli/say-hello.test.ts": "// tests are no command",
};

const LAUNCHER = ["scripts/operator.mjs", "src/build/build-state.mjs", "src/build/server-build.mjs"];

let root: string;
const file = (name: string) => path.join(root, name);
const past = new Date("2026-01-01T00:00:00Z");

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "pulse-operator-"));
  for (const [name, body] of Object.entries(PROJECT)) {
    mkdirSync(path.dirname(file(name)), { recursive: true });
    writeFileSync(file(name), body);
    utimesSync(file(name), past, past);
  }
  for (const name of LAUNCHER) {
    mkdirSync(path.dirname(file(name)), { recursive: true });
    copyFileSync(name, file(name));
    utimesSync(file(name), past, past);
  }
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** The build tools of a full install: this project's node_modules (esbuild). */
function withBuildTools() {
  symlinkSync(path.resolve("node_modules"), file("node_modules"), "dir");
}

function launch(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["scripts/operator.mjs", ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

describe("buildServer: the operator commands", () => {
  it("bundles each file of src/server/cli beside the server, not the modules they share nor the tests", async () => {
    await buildServer({ root });
    const entries = readdirSync(file("dist/server")).filter((name) => /^[a-z-]+\.mjs$/.test(name));
    expect(entries.sort()).toEqual(["main.mjs", "say-bye.mjs", "say-hello.mjs"]);
    // The server's entry is written last and dated from the build's start: it is what says the build is whole.
    for (const name of ["say-bye.mjs", "say-hello.mjs"])
      expect(statSync(file(SERVER_ENTRY)).mtimeMs).toBeLessThanOrEqual(
        statSync(file(`dist/server/${name}`)).mtimeMs,
      );
    expect(serverBuildIsStale(root)).toBe(false);
    utimesSync(file("src/server/cli/say-bye.ts"), new Date(), new Date(Date.now() + 60_000));
    expect(serverBuildIsStale(root)).toBe(true);
  });
});

describe("scripts/operator.mjs", () => {
  it("with the sources and esbuild, builds when stale, then runs the command as main with its arguments and exit code", async () => {
    withBuildTools();
    const first = await launch(["say-hello", "--json", "a b"], { EXIT_CODE: "3" });
    expect(first.stderr).toBe("Building the server…\n");
    expect(JSON.parse(first.stdout)).toEqual({ said: "HELLO", args: ["--json", "a b"], main: true });
    expect(first.code).toBe(3);

    const again = await launch(["say-hello"]);
    expect(again.stderr).toBe("");
    expect(again.code).toBe(0);

    writeFileSync(file("src/shared/greeting.ts"), 'export const GREETING = "bonjour";');
    utimesSync(file("src/shared/greeting.ts"), new Date(), new Date(Date.now() + 60_000));
    const changed = await launch(["say-hello"]);
    expect(changed.stderr).toBe("Building the server…\n");
    expect(JSON.parse(changed.stdout)).toMatchObject({ said: "BONJOUR" });
  });

  it("without the build tools (a production install), runs the built command as it is", async () => {
    await buildServer({ root });
    // As scripts/production-install.sh makes it: no src/, the module the launcher reads copied beside it.
    copyFileSync(file("src/build/build-state.mjs"), file("scripts/build-state.mjs"));
    rmSync(file("src"), { recursive: true });
    // Newer than the build, as a copied lock may be: nothing to rebuild with, and nothing to rebuild from.
    utimesSync(file("package-lock.json"), new Date(), new Date(Date.now() + 60_000));
    const ran = await launch(["say-bye"]);
    expect(ran).toEqual({ code: 0, stdout: "BYE\n", stderr: "" });
  });

  it("refuses an unknown command, naming those there are, with exit code 2", async () => {
    await buildServer({ root });
    const unknown = await launch(["say-nothing"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown operator command "say-nothing"');
    expect(unknown.stderr).toContain("Commands: say-bye, say-hello");
    // Neither the server nor a shared chunk is a command.
    expect((await launch(["main"])).code).toBe(2);
    expect((await launch([])).code).toBe(2);
  });

  it("with the sources, runs no command whose source is gone, even though an old build still holds it", async () => {
    withBuildTools();
    await buildServer({ root });
    rmSync(file("src/server/cli/say-bye.ts"));
    const gone = await launch(["say-bye"]);
    expect(gone.code).toBe(2);
    expect(gone.stderr).toContain("Commands: say-hello");
    expect(existsSync(file("dist/server/say-bye.mjs"))).toBe(true);
  });
});
