/**
 * Remix classic compiler, targeting workerd (the settings Hydrogen's classic skeleton used).
 * The server build is a plain ESM module that functions/worker.ts imports; wrangler bundles both.
 *
 * Everything registered by hand lives here, in three lists: the routes that are not folder
 * routes under app/routes (handRoutes, docs/decisions/050), the second addresses of pages
 * (routeAliases, docs/decisions/097) and the module aliases (importAliases). vitest.config.ts
 * reads `importAliases`; tsconfig.json and wrangler.toml cannot import, so
 * test/worker/platform/layout.test.ts checks that they say the same.
 */

/** Import aliases: "~/…" is app/, and the Worker imports the Remix server build by this name. */
export const importAliases = {
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
  { path: "shop/view/:sid", file: "pages/shop-view-id/route.tsx", id: "shop-view-id", parent: "routes/_shop" },
  { path: "*", file: "pages/not-found/route.tsx", id: "not-found" },
];

/**
 * Second addresses of a page (spec §2 names several): the same route module under the id a flat
 * route file of that name would have had, so the page cache, the islands and the tests see the
 * ids they always did. `path` is relative to `parent`, as in a folder route of that name; `index`
 * marks an index route. Remix 2.17.5's manifest points every id of a file at one browser chunk; the
 * identical twins its esbuild writes per id are dropped by scripts/lib/rechunk.mjs (decision 097).
 */
export const routeAliases = [
  // The account area's login is /user/login's page (the footer hidden there too).
  { path: "my/login", file: "routes/_auth.user.login/route.tsx", id: "routes/_auth.my.login", parent: "routes/_auth" },
  // The cart under the external-domain prefix and inside the account area.
  {
    path: "exmy/user/checkout",
    file: "routes/_shop.user.checkout/route.tsx",
    id: "routes/_shop.exmy.user.checkout",
    parent: "routes/_shop",
  },
  {
    path: "checkout",
    file: "routes/_shop.user.checkout/route.tsx",
    id: "routes/_shop.myorder.checkout",
    parent: "routes/_shop.myorder",
  },
  {
    path: "order",
    file: "routes/_shop.user.order/route.tsx",
    id: "routes/_shop.myorder.order",
    parent: "routes/_shop.myorder",
  },
  {
    path: "order_complete",
    file: "routes/_shop.user.order_complete/route.tsx",
    id: "routes/_shop.myorder.order_complete",
    parent: "routes/_shop.myorder",
  },
  // /shop is the full product list.
  {
    path: "shop",
    index: true,
    file: "routes/_shop.shop.list/route.tsx",
    id: "routes/_shop.shop._index",
    parent: "routes/_shop",
  },
  { path: "error/404", file: "pages/not-found/route.tsx", id: "routes/error.404" },
  // The cart's fee and save endpoints under each of the cart's addresses.
  {
    path: "exmy/user/checkout/fees",
    file: "routes/user.checkout.fees/route.tsx",
    id: "routes/exmy.user.checkout.fees",
  },
  {
    path: "exmy/user/checkout/save",
    file: "routes/user.checkout.save/route.tsx",
    id: "routes/exmy.user.checkout.save",
  },
  { path: "myorder/checkout/fees", file: "routes/user.checkout.fees/route.tsx", id: "routes/myorder.checkout.fees" },
  { path: "myorder/checkout/save", file: "routes/user.checkout.save/route.tsx", id: "routes/myorder.checkout.save" },
  // /message/list is /message.
  { path: "message/list", file: "routes/message._index/route.tsx", id: "routes/message.list" },
];

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Tests live in test/, so app/routes/_shop.test/ is the spec's /test page, not a test file.
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
  routes: (defineRoutes) => {
    const manual = [...handRoutes, ...routeAliases];
    const routes = defineRoutes((route) => {
      for (const r of manual) route(r.path, r.file, { id: r.id, index: r.index });
    });
    // defineRoutes nests only inside routes it defines itself; the layouts are folder routes, so
    // a route names its layout by id instead of the layout being declared here a second time.
    for (const r of manual) if (r.parent) routes[r.id].parentId = r.parent;
    return routes;
  },
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
