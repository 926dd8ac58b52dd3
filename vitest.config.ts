import { availableParallelism } from "node:os";
import path from "node:path";
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
      // One test file per core, where Vitest's default leaves one core to itself (one worker on a 2-core machine):
      // most files spend their time waiting on a database, a spawned server or a child process, not computing, and
      // on these machines the fresh-clone CI ran a third faster this way (docs/testing.md, "Where the time goes").
      maxWorkers: availableParallelism(),
      reporters: ["default", "json"],
      outputFile: { json: "test-results/vitest.json" },
      projects: [
        {
          extends: true,
          test: {
            name: "node",
            root: ".",
            include: [
              "src/server/**/*.test.ts",
              "src/shared/**/*.test.ts",
              "scripts/**/*.test.ts",
              "bench/**/*.test.ts",
            ],
            exclude: ["**/*.pg.test.ts", "**/node_modules/**"],
            environment: "node",
            globalSetup: ["src/testing/database-template.ts"],
            // The server's files share one module graph per worker instead of importing it afresh each (a quarter of
            // the project's time here: docs/testing.md). Each file still builds its own app on its own database, and
            // restores any timer or global it fakes; the web project stays isolated (jsdom, module mocks).
            isolate: false,
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
                  globalSetup: ["src/testing/database-template.ts"],
                  // As the node project's files, which this pass runs again beside these.
                  isolate: false,
                },
              },
            ]
          : []),
        {
          extends: true,
          resolve: {
            alias: {
              // Under Vitest the package resolves to its server-rendering build, which leaves out the layout effects
              // that give the separators their ARIA values and keyboard handling; jsdom tests need the browser build.
              "react-resizable-panels": path.resolve(
                "node_modules/react-resizable-panels/dist/react-resizable-panels.browser.js",
              ),
            },
          },
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
