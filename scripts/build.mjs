// `npm run build`: the web app into dist/web, its text assets precompressed (gzip and brotli) so the server can
// send them compressed without spending CPU per request; and the server into dist/server, one ES module bundle
// that Node runs without compiling TypeScript at start (docs/decisions/0080-server-bundle.md).
// Vite and esbuild are loaded only when used: `npm start` imports this module on every start.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { PRERENDER_OUT_DIR } from "../src/build/build-state.mjs";
import { buildServer, walk } from "../src/build/server-build.mjs";

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;

export async function buildWeb({ quiet = false } = {}) {
  const { build } = await import("vite");
  const out = path.resolve("dist/web");
  // Vite keeps a NODE_ENV it finds (Vitest's "test", a developer's "development"), and React then ships its
  // development build (an entry chunk 60 % larger): the web app is built for production whatever the caller's NODE_ENV.
  // The server that may start next in this process must not see it.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({ configFile: path.resolve("vite.config.ts"), logLevel: quiet ? "warn" : "info" });
    // The server's pre-render of the public pages (docs/decisions/0083-prerendering-public-pages.md): the same app
    // for Node, with its packages bundled in (the production install has no web packages); the server renders each
    // public page with it once, when it is ready.
    await build({
      configFile: path.resolve("vite.config.ts"),
      logLevel: quiet ? "warn" : "info",
      ssr: { noExternal: true },
      // React's production build, whatever NODE_ENV the server runs with (Vite leaves it to the runtime in SSR).
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
      build: {
        ssr: "entry-server.tsx",
        outDir: path.resolve(PRERENDER_OUT_DIR),
        emptyOutDir: true,
        manifest: false,
        copyPublicDir: false,
      },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  for (const file of walk(out)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const body = readFileSync(file);
    if (body.length < 1024) continue;
    writeFileSync(file + ".gz", gzipSync(body, { level: 9 }));
    writeFileSync(
      file + ".br",
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildWeb();
  await buildServer();
}
