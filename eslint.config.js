import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "public/build/",
      ".cache/",
      ".wrangler/",
      ".bench/",
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
  {
    // Playwright fixtures call their continuation `use`, which is no React hook.
    files: ["scripts/**", "*.config.*", "test/e2e/**"],
    rules: { "no-restricted-globals": "off", "react-hooks/rules-of-hooks": "off" },
  },
);
