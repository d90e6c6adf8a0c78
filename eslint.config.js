import { readdirSync } from "node:fs";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import importX, { createNodeResolver } from "eslint-plugin-import-x";

/** Feature folders that compose others: the shell (header, menus) and home (a page made of features). */
const COMPOSING_FEATURES = ["shell", "home"];
/**
 * Web features that must not import one another: every folder under features/, so a new feature is
 * fenced the day it appears (decision 053).
 */
const FEATURES = readdirSync(new URL("./apps/web/src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !COMPOSING_FEATURES.includes(entry.name))
  .map((entry) => entry.name);
/** The web's lower floors: features and app/ build on them, never the reverse. */
const FOUNDATIONS = ["lib", "components", "i18n", "config", "boot"];

const capacitorOnlyInNative = {
  group: ["@capacitor/*", "@capacitor-community/*", "@capgo/*", "@aparajita/*", "@codetrix-studio/*"],
  message: "Only apps/web/src/lib/native.ts may import Capacitor plugins.",
};

/** lib/native.ts (and with it Capacitor) reaches the web bundle only through native-loader's dynamic import. */
const nativeOnlyThroughLoader = {
  files: ["apps/web/src/**/*.{ts,tsx}"],
  ignores: ["apps/web/src/lib/native-loader.ts", "apps/web/src/**/*.test.{ts,tsx}"],
  rules: {
    "@typescript-eslint/no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            group: ["**/lib/native", "./native"],
            allowTypeImports: true,
            message: "Import types only; load the bridge with nativeLoader.load() (lib/native-loader.ts).",
          },
        ],
      },
    ],
  },
};

const featureBoundaries = {
  files: ["apps/web/src/**/*.{ts,tsx}"],
  plugins: { "import-x": importX },
  settings: { "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".json"] })] },
  rules: {
    "import-x/no-restricted-paths": [
      "error",
      {
        zones: FEATURES.map((feature) => ({
          target: `./apps/web/src/features/${feature}`,
          from: "./apps/web/src/features",
          except: [`./${feature}`],
          message: "Features do not import each other: move shared code to components/, lib/ or packages/shared.",
        })).concat(
          // Nothing below app/ composition may reach up into it, and shared UI stays feature-free.
          [
            {
              target: "./apps/web/src/features",
              from: "./apps/web/src/app",
              message: "app/ composes features, not the reverse.",
            },
          ],
          FOUNDATIONS.flatMap((foundation) => [
            {
              target: `./apps/web/src/${foundation}`,
              from: "./apps/web/src/features",
              message: `${foundation}/ is below the features: move what it needs from a feature down into ${foundation}/.`,
            },
            {
              target: `./apps/web/src/${foundation}`,
              from: "./apps/web/src/app",
              message: `${foundation}/ is below app/: app/ composes it, not the reverse.`,
            },
          ]),
        ),
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/dist-ssr/**",
      "**/node_modules/**",
      "data/**",
      "**/public/**",
      "**/test-results/**",
      "**/test-results-lts/**",
      "**/playwright-report/**",
      "bench/results/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        projectService: { allowDefaultProject: ["*.ts", "*.js", "scripts/*.mjs"] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-imports": ["error", { patterns: [capacitorOnlyInNative] }],
    },
  },
  { files: ["**/*.js", "**/*.mjs"], ...tseslint.configs.disableTypeChecked },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  featureBoundaries,
  nativeOnlyThroughLoader,
  // The shell's config types itself with @capacitor/cli, and the tests' plugin fakes implement the
  // plugins' own interfaces: neither reaches the bundle.
  {
    files: ["apps/web/src/lib/native.ts", "apps/web/capacitor.config.ts", "apps/web/test/fake-capacitor.ts"],
    rules: { "no-restricted-imports": "off" },
  },
  // vitest's own waits give up after 1 s, which a loaded machine overruns: web tests wait through
  // test/eventually.ts, on the budget findBy*/waitFor have (decision 053).
  {
    files: ["apps/web/src/**/*.test.{ts,tsx}", "apps/web/test/**/*.{ts,tsx}"],
    ignores: ["apps/web/test/eventually.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(waitFor|waitUntil)$/]",
          message: "Use eventually() from test/eventually.ts: vi.waitFor gives up after 1 s.",
        },
      ],
    },
  },
  // Every e2e spec takes `test` from support/test, whose fixture fails on React hydration problems
  // (decision 027): a spec importing Playwright's own would silently skip that check.
  {
    files: ["e2e/tests/**/*.spec.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@playwright/test",
              message: "Import test and expect from ./support/test: it fails on hydration warnings.",
            },
          ],
        },
      ],
    },
  },
);
