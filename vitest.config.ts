import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { importAliases } from "./remix.config.js";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * A file's text as `import.meta.glob(…, { query: "?source", import: "default" })`, for tests that
 * read the sources (test/worker/platform/styles.test.ts). Vite's own ?raw does not do for stylesheets:
 * vanilla-extract's plugin drops the query of a .css.ts import and compiles the file instead. The
 * module id ends in ".source", so no other plugin takes it for what the file is.
 */
const sourceText = {
  name: "source-text",
  enforce: "pre" as const,
  resolveId(id: string, importer?: string) {
    const [path, query] = id.split("?");
    if (query !== "source" || !path || !importer) return null;
    return `\0source:${resolve(dirname(importer), path)}.source`;
  },
  load(id: string) {
    if (!id.startsWith("\0source:")) return null;
    return `export default ${JSON.stringify(readFileSync(id.slice("\0source:".length, -".source".length), "utf8"))};`;
  },
};

export default defineConfig(async () => {
  const migrations = await readD1Migrations(`${root}migrations`);
  return {
    plugins: [
      sourceText,
      // Components and the theme import .css.ts modules; compile them as the Remix build does.
      vanillaExtractPlugin(),
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            SHOP_CACHE_TTL: "0",
            PAGE_CACHE_SECONDS: "0",
            // Custom domains (decision 092): Cloudflare's calls go to an address no test reaches
            // unless it routes them to the stand-in (test/worker/console/custom-domains.test.ts).
            CF_API_BASE: "https://cloudflare.invalid/client/v4",
            CF_ZONE_ID: "0123456789abcdef0123456789abcdef",
            CF_API_TOKEN: "test-cf-api-token-never-shown",
            CF_FALLBACK_ORIGIN: "customers.localhost",
            // Seals shops' payment keys (decision 101); test/worker/console/payment-keys.test.ts.
            PAYMENT_KEYS_SECRET: "test-payment-keys-secret-of-32-chars-or-more",
            // Signs known-device cookies (decision 157); test/worker/accounts/known-device.test.ts.
            KNOWN_DEVICE_SECRET: "test-known-device-secret-of-32-chars-or-more",
            // Toss Payments (issue 35): tests route these to the stand-in's handler
            // (scripts/lib/toss-standin.mjs), as for Cloudflare above.
            TOSS_API_BASE: "https://toss.invalid",
            TOSS_SDK_URL: "https://toss.invalid/v2/standard",
            // The platform's own contract (decision 178): test keys the stand-in takes, and its
            // security key as the stand-in derives it (securityKeyOf in toss-payouts-standin.mjs).
            PLATFORM_TOSS_CLIENT_KEY: "test_ck_platform_local_0001",
            PLATFORM_TOSS_SECRET_KEY: "test_sk_platform_local_0001",
            PLATFORM_TOSS_SECURITY_KEY: "f697e502ce3970a40e6ebf678166a9f8e2df5bd68350b54e1de4f6efa2d0f277",
            // Identity verification and Kakao/Naver login (issue 37): tests route these to the
            // stand-ins' handlers (scripts/lib/portone-standin.mjs, scripts/lib/oauth-standin.mjs).
            // 알림톡 (decision 131): routed to scripts/lib/solapi-standin.mjs by the tests that send.
            SOLAPI_API_BASE: "https://solapi.invalid",
            SOLAPI_API_KEY: "NCSSTANDINLOCAL0",
            SOLAPI_API_SECRET: "solapi-standin-api-secret-local-only-0000",
            SOLAPI_PFID: "KA01PF_STANDIN_LOCAL",
            SOLAPI_SENDER: "0212345678",
            SOLAPI_TEMPLATES:
              "account=KA01TP_ACCOUNT,paid=KA01TP_PAID,shipped=KA01TP_SHIPPED,answer=KA01TP_ANSWER,new_order=KA01TP_NEW_ORDER,new_message=KA01TP_NEW_MESSAGE,payment_canceled=KA01TP_PAYMENT_CANCELED",
            PORTONE_API_BASE: "https://portone.invalid",
            PORTONE_SDK_URL: "https://portone.invalid/v2/browser-sdk.js",
            // The stand-in's own local secret, store and channel (decision 114's tests).
            PORTONE_API_SECRET: "portone-standin-api-secret-local-only",
            PORTONE_STORE_ID: "store-00000000-0000-4000-8000-000000000037",
            PORTONE_CHANNEL_KEY: "channel-key-00000000-0000-4000-8000-000000000037",
            IDENTITY_SUBJECT_SECRET: "test-identity-subject-secret",
            KAKAO_AUTH_BASE: "https://kakao.invalid/kakao",
            KAKAO_API_BASE: "https://kakao.invalid/kakao",
            NAVER_AUTH_BASE: "https://naver.invalid/naver",
            NAVER_API_BASE: "https://naver.invalid/naver",
            // The stand-in's local app keys (scripts/lib/oauth-standin.mjs), for the login flow's tests.
            KAKAO_REST_KEY: "kakao-standin-rest-api-key",
            KAKAO_CLIENT_SECRET: "kakao-standin-client-secret",
            KAKAO_ADMIN_KEY: "kakao-standin-admin-key",
            // The stand-in's app has Kakao Sync's consent items (decision 177).
            KAKAO_SYNC_SCOPES: "name,phone_number,shipping_address",
            NAVER_CLIENT_ID: "naver-standin-client-id",
            NAVER_CLIENT_SECRET: "naver-standin-secret",
          },
        },
      }),
    ],
    resolve: {
      alias: Object.fromEntries(Object.entries(importAliases).map(([name, path]) => [name, `${root}${path}`])),
    },
    test: {
      include: ["test/worker/**/*.test.ts"],
      // A file no longer gets a workerd and the Worker's modules of its own: starting those took
      // about 3 s a file, most of the suite's time. Two workerd processes each load the Worker
      // once and run half the files; setup.ts wipes and reseeds storage before each file
      // (decision 100). Two, not vitest's default of cores − 1 (one here): much of a test's time
      // is waiting on D1 and the loopback, which the other process fills.
      isolate: false,
      maxWorkers: 2,
      setupFiles: ["./test/worker/setup.ts"],
      // The Worker's JSON line per request (functions/log.ts) would bury the report; a test that
      // reads them spies on console.log (test/worker/platform/logs.test.ts). Errors still fail their test.
      onConsoleLog: (log: string, type: "stdout" | "stderr") => !(type === "stdout" && log.startsWith('{"level":')),
      // Some tests make dozens of requests in a row (limits, 200-line carts); on a busy two-core
      // machine that takes longer than vitest's default 5 s. A limit, not a timed assertion.
      testTimeout: 30_000,
      // Remix's server runtime is CommonJS with circular requires; pre-bundle it for workerd.
      deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/server-runtime"] } } },
    },
  };
});
