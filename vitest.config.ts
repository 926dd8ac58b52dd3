import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config";

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      root: ".",
      testTimeout: 20_000,
      hookTimeout: 60_000,
      pool: "forks",
      reporters: ["default", "json"],
      outputFile: { json: "test-results/vitest.json" },
      projects: [
        {
          extends: true,
          test: {
            name: "node",
            root: ".",
            include: ["src/server/**/*.test.ts", "src/shared/**/*.test.ts", "scripts/**/*.test.ts"],
            environment: "node",
          },
        },
        {
          extends: true,
          test: {
            name: "web",
            root: ".",
            include: ["src/web/**/*.test.{ts,tsx}"],
            environment: "jsdom",
            setupFiles: ["src/testing/setup-web.ts"],
          },
        },
      ],
    },
  }),
);
