import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** What code that may reach the browser must not import (decision 050). */
const browserSafe = [
  {
    regex: "(^|/)functions/",
    allowTypeImports: true,
    message: "Code that may reach the browser imports nothing from functions/ (types aside).",
  },
  {
    regex: "(^~/shared/|^(\\.\\./)+|^\\./)contracts(/|$)",
    allowTypeImports: true,
    message:
      "The contracts carry zod (93 KB gzip): browser code imports their types only; a constant it needs lives in a zod-free module (app/shared/limits.ts, sorts.ts).",
  },
];

/**
 * app/lib is below the pages and components (decision 097): what it imports from them, types
 * included, is an import circle waiting for the day they import it back.
 */
const libBelowPages = {
  regex: "^~/(components|routes|pages)(/|$)|^~/root$|^(\\.\\./)+(components|routes|pages)(/|$)|^(\\.\\./)+root$",
  message:
    "app/lib imports nothing from components, routes or pages (decision 097): shared server data goes in app/lib/<feature>.server.ts, taking plain arguments.",
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      "public/build/",
      ".cache/",
      ".wrangler/",
      ".bench/",
      ".bench-orders/",
      ".bench-account/",
      ".bench-live/",
      ".bench-scale/",
      ".scale/",
      ".bench-tracking/",
      ".bench-flash/",
      ".lighthouse/",
      ".loadtest/",
      ".memcheck/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
    ],
  },
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-globals": [
        "error",
        { name: "process", message: "Workers have no process: read configuration from env." },
      ],
    },
  },
  // Which code runs where (README, Layout): app/shared is the only part of app/ the Worker
  // imports; the browser never imports the Worker; shared code depends on nothing but itself.
  {
    files: ["functions/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(~/(?!shared/)|(\\.\\./)+app/(?!shared/))",
              allowTypeImports: true,
              message: "The Worker imports from app/shared only (types aside).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**"],
    ignores: ["app/**/*.server.ts", "app/**/*.server.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [...browserSafe] }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='toLocaleString']",
          message:
            "toLocaleString makes an Intl formatter at every call: use formatCount or formatKRW (app/shared/format.ts).",
        },
      ],
    },
  },
  // Later blocks replace the rule's options for the files they match, so app/lib's block repeats
  // the browser rules for the modules they apply to.
  {
    files: ["app/lib/**"],
    ignores: ["app/**/*.server.ts", "app/**/*.server.tsx"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [...browserSafe, libBelowPages] }] },
  },
  {
    files: ["app/lib/**/*.server.ts", "app/lib/**/*.server.tsx"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [libBelowPages] }] },
  },
  {
    files: ["app/shared/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^~/(?!shared/)|(^|/)(functions|lib|components|routes|pages)/|(^|/)root$",
              allowTypeImports: true,
              message: "app/shared depends on nothing outside app/shared (types aside).",
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures call their continuation `use`, which is no React hook.
    files: ["scripts/**", "*.config.*", "test/e2e/**"],
    rules: { "no-restricted-globals": "off", "react-hooks/rules-of-hooks": "off" },
  },
);
