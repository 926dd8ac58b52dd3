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
            exclude: ["**/*.pg.test.ts", "**/node_modules/**"],
            environment: "node",
          },
        },
        // Tests that need a PostgreSQL server (e.g. cutting its connection) exist only when one is given.
        ...(process.env.TEST_DATABASE_URL
          ? [
              {
                extends: true as const,
                test: {
                  name: "postgres",
                  root: ".",
                  include: ["src/server/**/*.pg.test.ts"],
                  environment: "node" as const,
                },
              },
            ]
          : []),
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
