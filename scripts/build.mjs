// Builds the web app into dist/web and precompresses its text assets (gzip and brotli) so the server can send
// them compressed without spending CPU per request.
import { build } from "vite";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const OUT = path.resolve("dist/web");
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;

export async function buildWeb({ quiet = false } = {}) {
  // Vite sets NODE_ENV=production for the build; the server that may start next in this process must not see it.
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build({ configFile: path.resolve("vite.config.ts"), logLevel: quiet ? "warn" : "info" });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  for (const file of walk(OUT)) {
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

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildWeb();
}
