import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { Plugin } from "vite";
import { PRE_PAINT_SCRIPT_FILE } from "../../src/shared/route-preloads";

/** The script's source: it imports the app's own rules (src/web/pre-paint/pre-paint.ts). */
export const PRE_PAINT_ENTRY = fileURLToPath(new URL("../../src/web/pre-paint/entry.ts", import.meta.url));

/**
 * Its budget, minified: it is written into every page, ahead of everything else, so it must stay the few rules it
 * needs. An import that drags in React or the API client passes it by far, and the build says so.
 */
export const PRE_PAINT_BUDGET_BYTES = 6 * 1024;

/** Refuses a built script the server could not inline, or one grown past its budget, naming the file to change. */
export function checkPrePaintScript(source: string, budget = PRE_PAINT_BUDGET_BYTES): string {
  if (/<\/script/i.test(source))
    throw new Error(
      `${PRE_PAINT_ENTRY} builds to a script containing "</script": the server cannot inline it`,
    );
  const size = Buffer.byteLength(source, "utf8");
  if (size > budget)
    throw new Error(
      `${PRE_PAINT_ENTRY} builds to ${size} bytes, over its ${budget}: it imports more than the small pure rules it ` +
        "needs (move the rule into a module without React or the API client, as src/web/lib/theme-choice.ts does)",
    );
  return source;
}

/** The pre-paint script as the browser runs it: one classic script (no module syntax), every import bundled in. */
export async function buildPrePaintScript(): Promise<string> {
  const result = await build({
    entryPoints: [PRE_PAINT_ENTRY],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    legalComments: "none",
    // The web app's aliases (@/, @shared/) come from tsconfig.json's paths.
    tsconfig: fileURLToPath(new URL("../../tsconfig.json", import.meta.url)),
    logLevel: "silent",
  });
  return checkPrePaintScript(result.outputFiles[0]!.text);
}

/**
 * Builds src/web/pre-paint/ into `/pre-paint.js`: a file of the browser build, which the server reads and writes into
 * every page with its hash in the CSP (src/server/platform/web-app/inline-script.ts), and served as a file by the dev
 * server, rebuilt on every request.
 */
export function prePaintPlugin(): Plugin {
  let ssr = false;
  return {
    name: "pulse-pre-paint",
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    configureServer(server) {
      server.middlewares.use(`/${PRE_PAINT_SCRIPT_FILE}`, (_req, res, next) => {
        buildPrePaintScript().then((source) => {
          res.setHeader("content-type", "text/javascript; charset=utf-8");
          res.setHeader("cache-control", "no-store");
          res.end(source);
        }, next);
      });
    },
    async generateBundle() {
      // The server-rendering bundle renders markup only; the script belongs to the browser build.
      if (ssr) return;
      this.emitFile({ type: "asset", fileName: PRE_PAINT_SCRIPT_FILE, source: await buildPrePaintScript() });
    },
  };
}
