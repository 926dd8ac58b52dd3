import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SERVER_ENTRY, serverBuildIsStale } from "../src/build/build-state.mjs";
import { buildServer, ensureServerBuild } from "../src/build/server-build.mjs";

// A project shaped like Pulse's server side, small enough to bundle in a moment.
const PROJECT: Record<string, string> = {
  "tsconfig.json": JSON.stringify({
    compilerOptions: { baseUrl: ".", paths: { "@shared/*": ["src/shared/*"] } },
  }),
  "package-lock.json": "{}",
  "src/build/server-build.mjs": "// the build script counts as a source",
  "src/shared/greeting.ts": 'export const GREETING = "hello";',
  "src/server/main.ts": [
    'import { GREETING } from "@shared/greeting";',
    'import { readdirSync } from "node:fs";',
    'import { fileURLToPath } from "node:url";',
    'const migrations = fileURLToPath(new URL("./migrations", import.meta.url));',
    "console.log(GREETING, readdirSync(migrations).join(','));",
    'if (process.env.LATER) await import("./later");',
  ].join("\n"),
  "src/server/later.ts": 'console.log("loaded later");',
  "src/server/main.test.ts": "// tests are not part of the bundle",
  "src/server/db/migrations/0001_init.sql": "CREATE TABLE t (id int);",
};

const T0 = new Date("2026-01-01T00:00:00Z");
const later = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

let root: string;
const file = (name: string) => path.join(root, name);
const touch = (name: string, at: Date) => utimesSync(file(name), at, at);

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "pulse-server-build-"));
  for (const [name, body] of Object.entries(PROJECT)) {
    mkdirSync(path.dirname(file(name)), { recursive: true });
    writeFileSync(file(name), body);
    touch(name, T0);
  }
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Writes a stand-in bundle built at `at`, so staleness is decided by times set here, not by the clock. */
function builtAt(at: Date) {
  mkdirSync(path.dirname(file(SERVER_ENTRY)), { recursive: true });
  writeFileSync(file(SERVER_ENTRY), "");
  touch(SERVER_ENTRY, at);
}

describe("serverBuildIsStale", () => {
  it("is stale with no bundle, and fresh once the bundle is newer than every server source", () => {
    expect(serverBuildIsStale(root)).toBe(true);
    builtAt(later(10));
    expect(serverBuildIsStale(root)).toBe(false);
  });

  it.each([
    "src/server/main.ts",
    "src/server/db/migrations/0001_init.sql",
    "src/shared/greeting.ts",
    "tsconfig.json",
    "package-lock.json",
    "src/build/server-build.mjs",
  ])("turns stale when %s changes after the build", (source) => {
    builtAt(later(10));
    touch(source, later(20));
    expect(serverBuildIsStale(root)).toBe(true);
  });

  it("turns stale when a server source is added", () => {
    builtAt(later(10));
    writeFileSync(file("src/server/new-feature.ts"), "export {};");
    touch("src/server/new-feature.ts", later(20));
    expect(serverBuildIsStale(root)).toBe(true);
  });

  it("stays fresh when only a test changes", () => {
    builtAt(later(10));
    touch("src/server/main.test.ts", later(20));
    expect(serverBuildIsStale(root)).toBe(false);
  });
});

describe("buildServer", () => {
  it("bundles the server with its path aliases, splits dynamic imports and puts the migrations beside it", async () => {
    await buildServer({ root });
    const main = readFileSync(file(SERVER_ENTRY), "utf8");
    expect(main).toContain('"hello"'); // @shared/greeting resolved through tsconfig paths and inlined
    expect(main).not.toContain("loaded later"); // the dynamic import stays a chunk of its own
    expect(existsSync(file("dist/server/migrations/0001_init.sql"))).toBe(true);
    expect(serverBuildIsStale(root)).toBe(false);
  });

  it("dates the bundle from the start of the build, so a source saved during the build still counts", async () => {
    await buildServer({ root });
    // The migrations are written during the build, before the bundle itself.
    expect(statSync(file(SERVER_ENTRY)).mtimeMs).toBeLessThanOrEqual(
      statSync(file("dist/server/migrations/0001_init.sql")).mtimeMs,
    );
  });

  it("leaves no file of an earlier build behind", async () => {
    mkdirSync(file("dist/server"), { recursive: true });
    writeFileSync(file("dist/server/later-OLDHASH.mjs"), "");
    await buildServer({ root });
    expect(existsSync(file("dist/server/later-OLDHASH.mjs"))).toBe(false);
  });
});

describe("ensureServerBuild", () => {
  it("builds when a server source changed, and not again while nothing did", async () => {
    expect(await ensureServerBuild({ root })).toBe(true);
    expect(await ensureServerBuild({ root })).toBe(false);

    touch(SERVER_ENTRY, later(10));
    writeFileSync(file("src/shared/greeting.ts"), 'export const GREETING = "bonjour";');
    touch("src/shared/greeting.ts", later(20));
    expect(await ensureServerBuild({ root })).toBe(true);
    expect(readFileSync(file(SERVER_ENTRY), "utf8")).toContain('"bonjour"');
  });
});
