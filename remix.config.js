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
  // A route file with a URL parameter is named with "$" (…view.$sid-HASH.js), and the static
  // asset server answers such names with a redirect to "%24": one more round trip on every
  // product page. These two routes live in app/pages under ids without "$"; the product page's
  // id is the spec's route name. Everything else follows the flat-routes convention.
  routes: (defineRoutes) =>
    defineRoutes((route) => {
      route(undefined, "routes/_shop.tsx", { id: "routes/_shop" }, () => {
        route("shop/view/:sid", "pages/shop-view-id.tsx", { id: "shop-view-id" });
      });
      route("*", "pages/not-found.tsx", { id: "not-found" });
    }),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
