import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildWeb } from "./build.mjs";

// Vite's build stands in: what matters is the NODE_ENV it runs under, which decides React's build.
const seen = vi.hoisted(() => ({ nodeEnv: [] as (string | undefined)[] }));
vi.mock("vite", () => ({
  build: vi.fn(async () => {
    seen.nodeEnv.push(process.env.NODE_ENV);
    writeFileSync(path.resolve("dist/web/index.html"), "<!doctype html>" + " ".repeat(2048));
  }),
}));

const cwd = process.cwd();
let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "pulse-web-build-"));
  mkdirSync(path.join(root, "dist/web"), { recursive: true });
  process.chdir(root);
  seen.nodeEnv.length = 0;
});
afterEach(() => {
  process.chdir(cwd);
  rmSync(root, { recursive: true, force: true });
});

describe("buildWeb", () => {
  it.each([["test"], ["development"], [undefined]])(
    "builds for production when the caller's NODE_ENV is %s, and gives it back",
    async (nodeEnv) => {
      const before = process.env.NODE_ENV;
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
      try {
        await buildWeb({ quiet: true });
        // The browser's build, then the server-rendering bundle of the public pages.
        expect(seen.nodeEnv).toEqual(["production", "production"]);
        expect(process.env.NODE_ENV).toBe(nodeEnv);
      } finally {
        if (before === undefined) delete process.env.NODE_ENV;
        else process.env.NODE_ENV = before;
      }
      // The text assets are precompressed beside the build.
      expect(readFileSync(path.join(root, "dist/web/index.html.gz")).length).toBeGreaterThan(0);
    },
  );
});
