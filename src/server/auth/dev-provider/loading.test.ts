import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_ENTRY } from "../../../build/build-state.mjs";
import { ensureServerBuild } from "../../../build/server-build.mjs";

// `import type` is erased at build time; dynamic `await import()` is not at the start of a line.
const STATIC_IMPORT =
  /^(?:import|export)\s(?!type\s)[^;]*?\sfrom\s+["']([^"']+)["']|^import\s+["']([^"']+)["']/gms;

function resolveLocal(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("@shared/")
    ? path.resolve("src/shared", specifier.slice("@shared/".length))
    : path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find(
    (file) => existsSync(file) && file.match(/\.(tsx?|mjs)$/),
  );
}

/** Every package a module loads through static imports, followed through the project's own files (or chunks). */
function staticPackages(entry: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, "utf8").matchAll(STATIC_IMPORT)) {
      const specifier = (match[1] ?? match[2])!;
      if (specifier.startsWith(".") || specifier.startsWith("@shared/")) {
        const target = resolveLocal(file, specifier);
        if (target) visit(target);
      } else {
        packages.add(specifier);
      }
    }
  };
  visit(path.resolve(entry));
  return packages;
}

describe("the development identity provider's code", () => {
  it("is never loaded by a server that does not mount it: nothing imports oidc-provider statically", () => {
    const packages = staticPackages("src/server/main.ts");
    expect(packages).toContain("openid-client"); // the walk does reach the sign-in code
    expect(packages).not.toContain("oidc-provider");
  });
});

describe("the server bundle npm start runs", () => {
  it("loads oidc-provider only from a chunk imported on first use", async () => {
    await ensureServerBuild();
    const packages = staticPackages(SERVER_ENTRY);
    expect(packages).toContain("openid-client");
    expect(packages).not.toContain("oidc-provider");

    const bundleDir = path.dirname(SERVER_ENTRY);
    const chunks = readdirSync(bundleDir).filter((name) => name.endsWith(".mjs"));
    expect(chunks.some((name) => staticPackages(path.join(bundleDir, name)).has("oidc-provider"))).toBe(true);
  });
});
