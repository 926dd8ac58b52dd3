import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import checkFile from "eslint-plugin-check-file";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** The folders under `path`: the layers and features are the folders themselves, never a copy of their names. */
const folders = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const WEB_FEATURES = folders("./src/web/features");
/** The server's infrastructure: the data layer and the platform. */
const SERVER_INFRASTRUCTURE = ["db", "platform"];
/**
 * Contracts between features and the external services behind them (the workflow service's port): above the
 * infrastructure, which knows them not, and below the features, which plug into them without importing each other.
 */
const SERVER_CONTRACTS = ["workflow-contract"];
/** Every other folder of src/server is a feature. */
const SERVER_LAYERS = [...SERVER_INFRASTRUCTURE, ...SERVER_CONTRACTS];
/** Entry points that wire features together, as app.ts and main.ts do: the operator commands. */
const SERVER_ENTRIES = ["cli"];
const SERVER_FEATURES = folders("./src/server").filter(
  (name) => !SERVER_LAYERS.includes(name) && !SERVER_ENTRIES.includes(name),
);

const FEATURES_APART = "Features do not import each other; move what they share down a layer.";

/**
 * Import direction (STYLE.md, issue #7), checked on resolved paths so relative and aliased imports are caught
 * alike. At the top level src sits below scripts, bench and e2e, and scripts below bench and e2e (issue 39): the
 * tools import the app, never the reverse, and only tests and bench use the test support (src/testing). Inside
 * src: shared knows neither side; web and server never import each other; components and lib know no feature and
 * not the app; features never import each other, on either side; the data layer and the platform know neither the
 * workflow contract nor any feature, and the contract knows no feature; and no import cycles anywhere.
 * scripts/lint-rules.test.ts proves each rule with a fixture.
 */
const LAYER_ZONES = [
  {
    target: "./src",
    from: ["./scripts", "./bench", "./e2e"],
    message: "src sits below scripts, bench and e2e: the tools import the app, never the reverse.",
  },
  { target: "./scripts", from: ["./bench", "./e2e"], message: "scripts sit below bench and e2e." },
  { target: "./src/shared", from: ["./src/server", "./src/web"], message: "src/shared knows no side." },
  { target: "./src/web", from: "./src/server", message: "The web app never imports server code." },
  { target: "./src/server", from: "./src/web", message: "The server never imports web code." },
  {
    target: ["./src/web/components", "./src/web/lib"],
    from: ["./src/web/features", "./src/web/app"],
    message: "components and lib sit below features and app.",
  },
  ...WEB_FEATURES.flatMap((feature) => [
    {
      target: `./src/web/features/${feature}`,
      from: "./src/web/features",
      except: [`./${feature}`],
      message: FEATURES_APART,
    },
    { target: `./src/web/features/${feature}`, from: "./src/web/app", message: "Features sit below app/." },
  ]),
  ...SERVER_FEATURES.map((feature) => ({
    target: `./src/server/${feature}`,
    from: SERVER_FEATURES.filter((other) => other !== feature).map((other) => `./src/server/${other}`),
    message: FEATURES_APART,
  })),
  {
    target: SERVER_LAYERS.map((layer) => `./src/server/${layer}`),
    from: SERVER_FEATURES.map((feature) => `./src/server/${feature}`),
    message:
      "The data layer, the platform and the workflow contract know no feature; features plug into them from app.ts.",
  },
  {
    target: SERVER_INFRASTRUCTURE.map((layer) => `./src/server/${layer}`),
    from: SERVER_CONTRACTS.map((contract) => `./src/server/${contract}`),
    message: "The data layer and the platform sit below the workflow contract.",
  },
  {
    target: [...SERVER_LAYERS, ...SERVER_FEATURES].map((folder) => `./src/server/${folder}`),
    from: SERVER_ENTRIES.map((entry) => `./src/server/${entry}`),
    message: "Nothing imports an entry point: the operator commands sit on top, as main.ts does.",
  },
];

const layerRules = [
  {
    files: ["src/**/*.{ts,tsx,mjs}", "scripts/**/*.{ts,mjs}", "e2e/**/*.ts", "bench/**/*.{ts,mjs}"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: LAYER_ZONES }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // The build and operator tools run without the test support; their tests may use it, as the app's tests do.
    files: ["scripts/**/*.{ts,mjs}"],
    ignores: ["scripts/**/*.test.ts"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            ...LAYER_ZONES,
            {
              target: "./scripts",
              from: "./src/testing",
              message: "Only tests and bench use src/testing: a script that needs it belongs in bench/.",
            },
          ],
        },
      ],
    },
  },
];

/**
 * Tests learn of the PostgreSQL server only through src/testing/test-database.ts: `npm test`'s PostgreSQL pass runs
 * the test files that import it (scripts/test.mjs), so a file reading TEST_DATABASE_URL itself would never run
 * there. scripts/lint-rules.test.ts proves the rule with a fixture.
 */
const TEST_DATABASE_URL_READS = [
  "MemberExpression[property.name='TEST_DATABASE_URL']",
  "MemberExpression[property.value='TEST_DATABASE_URL']",
  "ObjectPattern > Property[key.name='TEST_DATABASE_URL']",
];
const testDatabaseRules = [
  {
    files: ["src/**/*.{ts,tsx}", "scripts/**/*.test.ts", "bench/**/*.ts"],
    ignores: ["src/testing/test-database.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...TEST_DATABASE_URL_READS.map((selector) => ({
          selector,
          message:
            "Ask src/testing/test-database.ts (postgresServerUrl) for the PostgreSQL server: npm test's PostgreSQL pass runs only the files that import it.",
        })),
      ],
    },
  },
];

/**
 * One naming style (STYLE.md): file and folder names under src, e2e, scripts and bench are kebab-case, whatever
 * follows the first dot (`use-streams.test.ts`). scripts/lint-rules.test.ts proves it with a fixture.
 */
const CODE_FOLDERS = "{src,e2e,scripts,bench}";
const namingRules = [
  {
    files: [`${CODE_FOLDERS}/**/*.{ts,tsx,js,mjs,cjs}`],
    plugins: { "check-file": checkFile },
    rules: {
      "check-file/filename-naming-convention": [
        "error",
        { "**/*": "KEBAB_CASE" },
        { ignoreMiddleExtensions: true, errorMessage: "File names are kebab-case: {{ target }}" },
      ],
      "check-file/folder-naming-convention": [
        "error",
        { [`${CODE_FOLDERS}/**/`]: "KEBAB_CASE" },
        { errorMessage: "Folder names are kebab-case: {{ target }}" },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      ".data/**",
      // Code that must fail lint, linted on purpose by scripts/lint-rules.test.ts.
      "scripts/lint-fixtures/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["error", "warn", "info"] }],
    },
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    files: ["**/*.test.{ts,tsx}", "e2e/**/*.ts", "scripts/**/*.{ts,mjs}", "bench/**/*.ts"],
    rules: { "no-console": "off" },
  },
  {
    files: ["e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
  ...layerRules,
  ...testDatabaseRules,
  ...namingRules,
);
