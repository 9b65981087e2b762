// The browser tests' server (decision 088): the bundle scripts/e2e.mjs made with
// `wrangler deploy --dry-run`, in workerd through Miniflare, on the database and bucket it seeded.
// Playwright starts it (playwright.config.ts) and stops it after the run.
import { writeFileSync } from "node:fs";
import {
  STANDIN_FALLBACK_ORIGIN,
  STANDIN_TOKEN,
  STANDIN_ZONE_ID,
  startCloudflareStandin,
} from "./lib/cloudflare-standin.mjs";
import { E2E_BUNDLE_DIR, E2E_STANDIN_FILE, E2E_STATE_DIR } from "./lib/e2e-paths.mjs";
import { serveBundle } from "./lib/production-worker.mjs";

const port = Number(process.argv[2] || process.env.E2E_PORT || 3334);
// Cloudflare's custom hostnames API, stood in on a free loopback port (decision 092); the tests
// find it through the file.
const cloudflare = await startCloudflareStandin();
writeFileSync(E2E_STANDIN_FILE, JSON.stringify({ url: cloudflare.url }));
// The shop's settings are read afresh on every request, as an owner's change must show at once.
const mf = await serveBundle({
  bundleDir: E2E_BUNDLE_DIR,
  state: E2E_STATE_DIR,
  port,
  vars: {
    SHOP_CACHE_TTL: "0",
    CF_API_BASE: cloudflare.apiBase,
    CF_ZONE_ID: STANDIN_ZONE_ID,
    CF_API_TOKEN: STANDIN_TOKEN,
    CF_FALLBACK_ORIGIN: STANDIN_FALLBACK_ORIGIN,
  },
});
console.log(`Serving the browser tests' Worker on http://127.0.0.1:${port}`);

async function stop() {
  await mf.dispose().catch(() => {});
  await cloudflare.close();
  process.exit(0);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
