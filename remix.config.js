/**
 * Remix classic compiler, targeting workerd (the settings Hydrogen's classic skeleton used).
 * The server build is a plain ESM module that functions/worker.ts imports; wrangler bundles both.
 *
 * Everything registered by hand lives here, in two lists: the routes that are not flat-route
 * files (docs/decisions/050) and the module aliases. vitest.config.ts reads `aliases`; tsconfig.json
 * and wrangler.toml cannot import, so test/worker/platform/hygiene.test.ts checks that they say the same.
 */

/** Import aliases: "~/…" is app/, and the Worker imports the Remix server build by this name. */
export const aliases = {
  "~": "app",
  "virtual:remix-build": "build/index.js",
};

/**
 * Routes outside app/routes. A route file with a URL parameter is named with "$"
 * (…view.$sid-HASH.js), and the static asset server answers such names with a redirect to "%24":
 * one more round trip on every product page. So these live in app/pages under ids without "$";
 * the product page's id is the spec's route name. `parent` nests a page in a layout route.
 */
export const handRoutes = [
  { path: "shop/view/:sid", file: "pages/shop-view-id.tsx", id: "shop-view-id", parent: "routes/_shop" },
  { path: "*", file: "pages/not-found.tsx", id: "not-found" },
];

/** The layout routes that hand routes nest in, with the ids flat routes give them. */
const layouts = { "routes/_shop": "routes/_shop.tsx" };

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Tests live in test/, so app/routes/_shop.test.tsx is the spec's /test page, not a test file.
  ignoredRouteFiles: ["**/.*", "**/*.css.ts"],
  serverBuildPath: "build/index.js",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  serverPlatform: "neutral",
  serverConditions: ["workerd", "worker", "browser"],
  // Everything but what the Worker's own code imports too: zod, isbot (the page cache asks it too)
  // and Remix's server runtime stay imports here, so wrangler bundles one copy of each instead of
  // one in this build and one for functions/ (React and @remix-run/react stay inside: one copy of
  // React, used only here; and the router too, which a CommonJS module in here requires: an import
  // wrangler could not resolve).
  serverDependenciesToBundle: [/^(?!(zod|isbot|@remix-run\/(cloudflare|server-runtime))(\/|$)).*/],
  serverMainFields: ["browser", "module", "main"],
  serverModuleFormat: "esm",
  serverMinify: false,
  routes: (defineRoutes) =>
    defineRoutes((route) => {
      for (const [id, file] of Object.entries(layouts)) {
        route(undefined, file, { id }, () => {
          for (const r of handRoutes.filter((r) => r.parent === id)) route(r.path, r.file, { id: r.id });
        });
      }
      for (const r of handRoutes.filter((r) => !r.parent)) route(r.path, r.file, { id: r.id });
    }),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
