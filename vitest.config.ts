import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { aliases } from "./remix.config.js";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig(async () => {
  const migrations = await readD1Migrations(`${root}migrations`);
  return {
    plugins: [
      // Components and the theme import .css.ts modules; compile them as the Remix build does.
      vanillaExtractPlugin(),
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: { TEST_MIGRATIONS: migrations, SHOP_CACHE_TTL: "0", PAGE_CACHE_SECONDS: "0" },
        },
      }),
    ],
    resolve: {
      alias: Object.fromEntries(Object.entries(aliases).map(([name, path]) => [name, `${root}${path}`])),
    },
    test: {
      include: ["test/worker/**/*.test.ts"],
      setupFiles: ["./test/worker/setup.ts"],
      // Some tests make dozens of requests in a row (limits, 200-line carts); on a busy two-core
      // machine that takes longer than vitest's default 5 s. A limit, not a timed assertion.
      testTimeout: 30_000,
      // Remix's server runtime is CommonJS with circular requires; pre-bundle it for workerd.
      deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/server-runtime"] } } },
    },
  };
});
