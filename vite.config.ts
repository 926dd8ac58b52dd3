import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { onBuildWarning } from "./scripts/build-warnings";
import { PURE_FUNCTIONS, pureModules } from "./scripts/pure-modules";
import { routePreloadsPlugin } from "./scripts/route-preloads";

const devServerPort = Number(process.env.PORT ?? 3000);

/** In `npm run dev`, put the server's public settings into the page the way the server does in production. */
function devPublicConfig(): Plugin {
  return {
    name: "pulse-dev-public-config",
    apply: "serve",
    async transformIndexHtml(html) {
      try {
        const res = await fetch(`http://127.0.0.1:${devServerPort}/api/config`);
        const json = JSON.stringify(await res.json()).replace(/</g, "\\u003c");
        return html.replace(
          "</head>",
          `<script type="application/json" id="pulse-config">${json}</script></head>`,
        );
      } catch {
        return html;
      }
    },
  };
}

export default defineConfig({
  root: "src/web",
  publicDir: fileURLToPath(new URL("./src/web/public", import.meta.url)),
  plugins: [react(), tailwindcss(), devPublicConfig(), routePreloadsPlugin(), pureModules()],
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./src/web", import.meta.url)),
      "@shared": fileURLToPath(new URL("./src/shared", import.meta.url)),
    },
  },
  build: {
    outDir: fileURLToPath(new URL("./dist/web", import.meta.url)),
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: "es2022",
    rollupOptions: {
      onwarn: onBuildWarning,
      treeshake: { manualPureFunctions: PURE_FUNCTIONS },
      output: {
        // Rollup merges chunks of under 2.5 KB that run nothing when loaded into a chunk loaded in similar cases: a
        // signed-in page asked for 12-17 files beside its entry, most of a few hundred bytes, and on a slow connection
        // each held a share of the bandwidth for a round trip before its first byte (docs/performance.md, "First
        // paint"). At 4 KB Rollup merges pages' own chunks too, which the route preloads refuse
        // (scripts/route-preloads.ts). Icon and Radix modules count as running nothing (scripts/pure-modules.ts).
        experimentalMinChunkSize: 2500,
      },
    },
  },
  server: {
    // `npm run dev`: Vite serves the web app with hot reload and forwards everything else to the Pulse server.
    port: 5173,
    proxy: {
      "^/(api|functions|dev|healthz|realtime)": {
        target: `http://127.0.0.1:${devServerPort}`,
        changeOrigin: false,
        ws: true,
      },
    },
  },
});
