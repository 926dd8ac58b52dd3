import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { onBuildWarning } from "./scripts/build-warnings";
import { chunking } from "./scripts/build-plan/chunking";
import { classMergePlugin } from "./scripts/build-plan/class-merge";
import { prePaintPlugin } from "./scripts/build-plan/pre-paint";

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

// How the web app is cut into files is decided in scripts/build-plan/chunking.ts only (docs/build.md).
const chunks = chunking();

export default defineConfig({
  root: "src/web",
  publicDir: fileURLToPath(new URL("./src/web/public", import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
    devPublicConfig(),
    classMergePlugin(),
    prePaintPlugin(),
    ...chunks.plugins,
  ],
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
      treeshake: chunks.treeshake,
      output: chunks.output,
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
