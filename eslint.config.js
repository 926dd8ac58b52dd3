import { readdirSync } from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** The web app's features: every folder under src/web/features (the folders are the list, not a copy of it). */
const FEATURES = readdirSync(new URL("./src/web/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Import direction (STYLE.md): shared ← server/web; in the web app components/ui ← features ← app. */
const layerRules = [
  {
    files: ["src/shared/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/server/**", "**/web/**", "@/*"],
              message: "src/shared imports nothing from server or web.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/server/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/web/**", "@/*", "react", "react-dom"],
              message: "The server never imports web code.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/web/components/**/*.{ts,tsx}", "src/web/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/features/*", "@/app/*", "**/features/**", "**/app/**"],
              message: "components/ui and lib sit below features and app.",
            },
            { group: ["**/server/**"], message: "The web app never imports server code." },
          ],
        },
      ],
    },
  },
  ...FEATURES.map((feature) => ({
    files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: FEATURES.filter((f) => f !== feature).flatMap((f) => [
                `@/features/${f}/*`,
                `**/features/${f}/**`,
              ]),
              message:
                "Features do not import each other; move what they share down to components/ui or lib.",
            },
            { group: ["@/app/*", "**/app/**"], message: "Features sit below app/." },
            { group: ["**/server/**"], message: "The web app never imports server code." },
          ],
        },
      ],
    },
  })),
];

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "test-results/**", "playwright-report/**", ".data/**"] },
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
    files: ["**/*.test.{ts,tsx}", "e2e/**/*.ts", "scripts/**/*.{ts,mjs}"],
    rules: { "no-console": "off" },
  },
  {
    files: ["e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
  ...layerRules,
);
