// The browser tests' server (decision 088): the bundle scripts/e2e.mjs made with
// `wrangler deploy --dry-run`, served as `npm start` serves it (scripts/lib/local-platform.mjs,
// decision 090) on the database and bucket it seeded, with Cloudflare's custom hostnames API stood
// in on a free port (decision 092), and Toss Payments (issue 35), PortOne and Kakao/Naver (issue 37) likewise. Playwright starts it and stops it after the run. No cron: a
// test that needs the scheduled handler calls it.
import { writeFileSync } from "node:fs";
import { E2E_BUNDLE_DIR, E2E_STANDIN_FILE, E2E_STATE_DIR } from "./lib/e2e-paths.mjs";
import { serveScheduler, startLocalPlatform } from "./lib/local-platform.mjs";

const port = Number(process.argv[2] || process.env.E2E_PORT || 3334);
// The shop's settings are read afresh on every request, as an owner's change must show at once.
const platform = await startLocalPlatform({
  bundleDir: E2E_BUNDLE_DIR,
  state: E2E_STATE_DIR,
  port,
  vars: { SHOP_CACHE_TTL: "0" },
  cloudflarePort: 0,
  tossPort: 0,
  portonePort: 0,
  oauthPort: 0,
  solapiPort: 0,
});
// No cron runs here on its own: a test that needs the scheduled handler (the reconciler of
// decision 142 finding a sheet expired, say) asks for one run at the moment it names, as the edge
// would run it then: POST {scheduledTime, cron} to this loopback address.
const scheduler = await serveScheduler(platform);
// The tests find the stand-ins (to activate a domain as Cloudflare would, to pay a virtual account
// as a shopper would) through the file: readStandins() in scripts/lib/e2e-paths.mjs.
writeFileSync(
  E2E_STANDIN_FILE,
  JSON.stringify({
    url: platform.cloudflare.url,
    toss: { origin: platform.toss.origin, sdkUrl: platform.toss.sdkUrl },
    portone: {
      origin: platform.portone.origin,
      sdkUrl: platform.portone.sdkUrl,
      windowUrl: platform.portone.windowUrl,
    },
    oauth: {
      origin: platform.oauth.origin,
      kakao: platform.oauth.kakao.authBase,
      naver: platform.oauth.naver.authBase,
    },
    solapi: { origin: platform.solapi.origin },
    scheduler: { origin: scheduler.origin },
  }),
);
console.log(`Serving the browser tests' Worker on http://127.0.0.1:${port}`);

async function stop() {
  await scheduler.close().catch(() => {});
  await platform.stop().catch(() => {});
  process.exit(0);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
