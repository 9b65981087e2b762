/**
 * Remix classic compiler, targeting workerd (the settings Hydrogen's classic skeleton used).
 * The server build is a plain ESM module that functions/worker.ts imports; wrangler bundles both.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  // Tests live in test/, so app/routes/_shop.test.tsx is the spec's /test page, not a test file.
  ignoredRouteFiles: ["**/.*", "**/*.css.ts"],
  serverBuildPath: "build/index.js",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  serverPlatform: "neutral",
  serverConditions: ["workerd", "worker", "browser"],
  serverDependenciesToBundle: "all",
  serverMainFields: ["browser", "module", "main"],
  serverModuleFormat: "esm",
  serverMinify: false,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
