import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The layer rules of eslint.config.js (issue #7), each proved by code that must fail lint. The code is linted as
 * if it lived at `filePath`; what it imports is real, so the rules see resolved paths as they do in the tree.
 */
const eslint = new ESLint();

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === "import-x/no-restricted-paths" || m.ruleId === "import-x/no-cycle")
    .map((m) => m.message);
}

const FIXTURES: { rule: string; filePath: string; code: string; message: RegExp }[] = [
  {
    rule: "shared knows no side",
    filePath: "src/shared/layer-fixture.ts",
    code: 'import { loadConfig } from "../server/config";\nexport const x = loadConfig;\n',
    message: /src\/shared knows no side/,
  },
  {
    rule: "web never imports server",
    filePath: "src/web/lib/layer-fixture.ts",
    code: 'import { loadConfig } from "../../server/config";\nexport const x = loadConfig;\n',
    message: /The web app never imports server code/,
  },
  {
    rule: "server never imports web",
    filePath: "src/server/platform/layer-fixture.ts",
    code: 'import { cn } from "../../web/lib/cn";\nexport const x = cn;\n',
    message: /The server never imports web code/,
  },
  {
    rule: "components know no feature (relative import)",
    filePath: "src/web/components/ui/layer-fixture.tsx",
    code: 'import LandingPage from "../../features/landing/landing-page";\nexport const x = LandingPage;\n',
    message: /components and lib sit below features and app/,
  },
  {
    rule: "lib knows no app (alias import)",
    filePath: "src/web/lib/layer-fixture.ts",
    code: 'import { routes } from "@/routes";\nimport { SiteLayout } from "@/app/layout/site-layout";\nexport const x = [routes, SiteLayout];\n',
    message: /components and lib sit below features and app/,
  },
  {
    rule: "web features never import each other (relative import)",
    filePath: "src/web/features/contact/layer-fixture.tsx",
    code: 'import LandingPage from "../landing/landing-page";\nexport const x = LandingPage;\n',
    message: /Features do not import each other/,
  },
  {
    rule: "web features never import each other (alias import)",
    filePath: "src/web/features/contact/layer-fixture.tsx",
    code: 'import LandingPage from "@/features/landing/landing-page";\nexport const x = LandingPage;\n',
    message: /Features do not import each other/,
  },
  {
    rule: "web features sit below app",
    filePath: "src/web/features/contact/layer-fixture.tsx",
    code: 'import { SiteLayout } from "../../app/layout/site-layout";\nexport const x = SiteLayout;\n',
    message: /Features sit below app/,
  },
  {
    rule: "server features never import each other",
    filePath: "src/server/auth/layer-fixture.ts",
    code: 'import { contactRoutes } from "../contact/routes";\nexport const x = contactRoutes;\n',
    message: /Features do not import each other/,
  },
  {
    rule: "the data layer knows no feature",
    filePath: "src/server/db/layer-fixture.ts",
    code: 'import { loadSessionUser } from "../auth/users";\nexport const x = loadSessionUser;\n',
    message: /The data layer, the platform and the workflow contract know no feature/,
  },
  {
    rule: "the platform knows no feature",
    filePath: "src/server/platform/layer-fixture.ts",
    code: 'import { requireUser } from "../auth/guard";\nexport const x = requireUser;\n',
    message: /The data layer, the platform and the workflow contract know no feature/,
  },
  {
    rule: "the workflow contract knows no feature",
    filePath: "src/server/workflow-contract/layer-fixture.ts",
    code: 'import { connectorsRoutes } from "../connectors/routes";\nexport const x = connectorsRoutes;\n',
    message: /The data layer, the platform and the workflow contract know no feature/,
  },
  {
    rule: "the platform sits below the workflow contract",
    filePath: "src/server/platform/layer-fixture.ts",
    code: 'import { WorkflowCallError } from "../workflow-contract/workflow-webhooks";\nexport const x = WorkflowCallError;\n',
    message: /The data layer and the platform sit below the workflow contract/,
  },
  {
    rule: "the data layer sits below the workflow contract",
    filePath: "src/server/db/layer-fixture.ts",
    code: 'import { WorkflowCallError } from "../workflow-contract/workflow-webhooks";\nexport const x = WorkflowCallError;\n',
    message: /The data layer and the platform sit below the workflow contract/,
  },
  {
    rule: "src never imports scripts (test support included)",
    filePath: "src/testing/layer-fixture.ts",
    code: 'import { buildWeb } from "../../scripts/build.mjs";\nexport const x = buildWeb;\n',
    message: /src sits below scripts, bench and e2e/,
  },
  {
    rule: "src never imports scripts (plain JavaScript, as the server build is)",
    filePath: "src/build/layer-fixture.mjs",
    code: 'import { buildWeb } from "../../scripts/build.mjs";\nexport const x = buildWeb;\n',
    message: /src sits below scripts, bench and e2e/,
  },
  {
    rule: "src never imports bench",
    filePath: "src/server/layer-fixture.ts",
    code: 'import { prepareDatabase } from "../../bench/fixtures";\nexport const x = prepareDatabase;\n',
    message: /src sits below scripts, bench and e2e/,
  },
  {
    rule: "src never imports e2e",
    filePath: "src/testing/layer-fixture.ts",
    code: 'import { CHROMIUM_PATH } from "../../e2e/fixtures/chromium";\nexport const x = CHROMIUM_PATH;\n',
    message: /src sits below scripts, bench and e2e/,
  },
  {
    rule: "scripts never import bench",
    filePath: "scripts/layer-fixture.ts",
    code: 'import { prepareDatabase } from "../bench/fixtures";\nexport const x = prepareDatabase;\n',
    message: /scripts sit below bench and e2e/,
  },
  {
    rule: "scripts (their tests aside) never import the test support",
    filePath: "scripts/layer-fixture.ts",
    code: 'import { startPulse } from "../src/testing/pulse-process";\nexport const x = startPulse;\n',
    message: /Only tests and bench use src\/testing/,
  },
  {
    rule: "scripts never import e2e",
    filePath: "scripts/layer-fixture.ts",
    code: 'import { CHROMIUM_PATH } from "../e2e/fixtures/chromium";\nexport const x = CHROMIUM_PATH;\n',
    message: /scripts sit below bench and e2e/,
  },
];

describe("the layer rules", () => {
  for (const { rule, filePath, code, message } of FIXTURES) {
    it(`refuse: ${rule}`, async () => {
      const messages = await restrictedImports(filePath, code);
      expect(
        messages.some((m) => message.test(m)),
        messages.join("\n"),
      ).toBe(true);
    });
  }

  it("let allowed imports through (a feature using components, lib and shared; the server using db)", async () => {
    expect(
      await restrictedImports(
        "src/web/features/contact/layer-fixture.tsx",
        'import { Button } from "@/components/ui/button";\nimport { cn } from "../../lib/cn";\nimport { CONTACT_MESSAGES } from "@shared/contact";\nexport const x = [Button, cn, CONTACT_MESSAGES];\n',
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        "src/server/auth/layer-fixture.ts",
        'import { openDatabase } from "../db/client";\nimport { HttpError } from "../platform/errors";\nexport const x = [openDatabase, HttpError];\n',
      ),
    ).toEqual([]);
    // Features plug into the workflow contract, and the contract stands on the platform.
    expect(
      await restrictedImports(
        "src/server/connectors/layer-fixture.ts",
        'import { WorkflowCallError } from "../workflow-contract/workflow-webhooks";\nexport const x = WorkflowCallError;\n',
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        "src/server/workflow-contract/layer-fixture.ts",
        'import { HttpError } from "../platform/errors";\nexport const x = HttpError;\n',
      ),
    ).toEqual([]);
    // The tools import the app, and the scripts' tests the test support; bench and e2e import scripts.
    expect(
      await restrictedImports(
        "scripts/layer-fixture.ts",
        'import { loadConfig } from "../src/server/config";\nimport { SERVER_ENTRY } from "../src/build/build-state.mjs";\nexport const x = [loadConfig, SERVER_ENTRY];\n',
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        "scripts/layer-fixture.test.ts",
        'import { startPulse } from "../src/testing/pulse-process";\nexport const x = startPulse;\n',
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        "bench/layer-fixture.ts",
        'import { BUDGETS } from "../scripts/bundle-size";\nimport { CHROMIUM_PATH } from "../e2e/fixtures/chromium";\nexport const x = [BUDGETS, CHROMIUM_PATH];\n',
      ),
    ).toEqual([]);
  });

  it("refuse file and folder names that are not kebab-case, under src, e2e, scripts and bench", async () => {
    const naming = new ESLint({ ignore: false });
    const results = await naming.lintFiles(["scripts/lint-fixtures/Bad_Folder/NamingFixture.ts"]);
    const messages = results
      .flatMap((r) => r.messages)
      .filter((m) => m.ruleId?.startsWith("check-file/"))
      .map((m) => m.message);
    expect(messages).toEqual([
      "File names are kebab-case: NamingFixture.ts",
      "Folder names are kebab-case: Bad_Folder",
    ]);
    for (const filePath of ["src/web/lib/TopNav.tsx", "e2e/signedIn.spec.ts", "bench/load_test.ts"]) {
      const [result] = await eslint.lintText("export const x = 1;\n", { filePath });
      expect(
        result?.messages.map((m) => m.ruleId),
        filePath,
      ).toContain("check-file/filename-naming-convention");
    }
    // Kebab-case with any suffix after the first dot passes.
    const [kebab] = await eslint.lintText("export const x = 1;\n", {
      filePath: "src/web/lib/use-x.test.tsx",
    });
    expect(kebab?.messages.filter((m) => m.ruleId?.startsWith("check-file/"))).toEqual([]);
  });

  it("refuse an import cycle", async () => {
    const cyclic = new ESLint({ ignore: false });
    const results = await cyclic.lintFiles(["scripts/lint-fixtures/cycle-a.ts"]);
    const cycles = results.flatMap((r) => r.messages).filter((m) => m.ruleId === "import-x/no-cycle");
    expect(cycles.map((m) => m.message)).toEqual([expect.stringMatching(/Dependency cycle detected/)]);
  });
});

describe("the PostgreSQL server reaches tests through one module", () => {
  const READS = [
    "export const a = process.env.TEST_DATABASE_URL;",
    'export const b = process.env["TEST_DATABASE_URL"];',
    "const { TEST_DATABASE_URL } = process.env;\nexport const c = TEST_DATABASE_URL;",
  ];
  const restrictedSyntax = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message);
  };

  it("refuses a test, a test helper or a bench tool reading TEST_DATABASE_URL itself", async () => {
    for (const filePath of [
      "src/server/db/env-fixture.test.ts",
      "src/testing/env-fixture.ts",
      "bench/env-fixture.ts",
    ]) {
      for (const code of READS) {
        const messages = await restrictedSyntax(filePath, code);
        expect(messages, `${filePath}: ${code}`).toEqual([expect.stringMatching(/postgresServerUrl/)]);
      }
    }
  });

  it("lets src/testing/test-database.ts read it", async () => {
    for (const code of READS)
      expect(await restrictedSyntax("src/testing/test-database.ts", code)).toEqual([]);
  });
});
