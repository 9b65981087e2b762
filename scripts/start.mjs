// `npm start`: builds, makes the bundle `wrangler deploy` would upload, migrates and seeds the
// local database (.wrangler/state), and serves the demo shops on port 3333 from workerd through
// Miniflare, with the cron on its schedule (decision 090). Nothing watches or rebuilds: that is
// `npm run dev`, for development only.
//
// PORT (3333) and LISTEN_HOST (127.0.0.1; 0.0.0.0 lets a phone on the same network in) change
// where it listens.
import { execFileSync } from "node:child_process";
import { networkInterfaces } from "node:os";
import { unstable_readConfig } from "wrangler";
import { serveScheduler, startLocalPlatform } from "./lib/local-platform.mjs";
import { bundleWorker, seedState } from "./lib/production-worker.mjs";

const port = Number(process.env.PORT || 3333);
const host = process.env.LISTEN_HOST || "127.0.0.1";
const BUNDLE_DIR = ".wrangler/start-worker";
// wrangler's own default: `npx wrangler d1 execute DB --local` (README) reads the same database.
const STATE_DIR = ".wrangler/state";

console.log("\n▶ Building");
execFileSync("node", ["scripts/build.mjs"], { stdio: "inherit" });
console.log("\n▶ Bundling the Worker as `wrangler deploy` would");
bundleWorker(BUNDLE_DIR);
console.log("\n▶ Migrating the local database and loading the demo shops");
// What was changed in the demo shops is kept: the seed only adds what is missing.
seedState(STATE_DIR, { fresh: false, platformDemo: true });

// A phone on the network opens Toss's payment window too: when the platform listens beyond
// loopback, the Toss stand-in does as well, and pages name it by this machine's address.
const open = host !== "127.0.0.1" && host !== "localhost";
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === "IPv4" && !i.internal)?.address;

let platform;
try {
  platform = await startLocalPlatform({
    bundleDir: BUNDLE_DIR,
    state: STATE_DIR,
    port,
    host,
    cron: true,
    persistLive: true,
    requestLines: true,
    // A fixed port, so the README can say how to play Cloudflare's part (activate a domain).
    cloudflarePort: Number(process.env.CF_STANDIN_PORT || 3380),
    // Also fixed, so the README can point at its 개발자센터 page (pay a virtual account).
    tossPort: Number(process.env.TOSS_STANDIN_PORT || 3390),
    tossHost: open ? host : "127.0.0.1",
    tossPublicHost: open ? lanAddress : undefined,
    // Identity verification and Kakao/Naver login (issue 37, decision 113), likewise fixed.
    portonePort: Number(process.env.PORTONE_STANDIN_PORT || 3395),
    oauthPort: Number(process.env.OAUTH_STANDIN_PORT || 3396),
    // SOLAPI's 알림톡 (decision 131): fixed, so the README can point at its page of sent messages.
    solapiPort: Number(process.env.SOLAPI_STANDIN_PORT || 3397),
  });
} catch (error) {
  console.error(`\n✘ Could not serve on ${host}:${port}: ${error.message}`);
  console.error("  Is another server on that port? Stop it, or run with PORT=<another port>.");
  process.exit(1);
}

// The scheduled jobs at a moment of the person's choosing (a payout two mornings on, README).
const scheduler = await serveScheduler(platform, { port: Number(process.env.SCHEDULER_PORT || 3398) });

const { vars } = unstable_readConfig({ config: "wrangler.toml" });
const db = await platform.mf.getD1Database("DB");
const { results: shops } = await db.prepare("SELECT dom, dom3, name FROM shops ORDER BY id").all();
console.log(`\n✔ Serving ${shops.length} shops on http://${host}:${port}`);
for (const shop of shops) {
  const custom = shop.dom3 ? ` and http://${shop.dom3}:${port}` : "";
  console.log(`  ${shop.name}: http://${shop.dom}.${vars.PLATFORM_DOMAIN}:${port}${custom}`);
}
if (platform.crons.length > 0)
  console.log(`  The scheduled jobs run on their cron (${platform.crons.join(", ")}, UTC).`);
console.log(
  `  Cloudflare's custom hostnames API is stood in on ${platform.cloudflare.url} (README, "Custom domains").`,
);
console.log(
  `  Toss Payments is stood in on ${platform.toss.origin}: beauty and bistro take card payments with test keys,` +
    ` studio through the platform's contract; its 개발자센터 (테스트) page, ${platform.toss.devCenterUrl}, pays virtual` +
    ` accounts and payouts (README, "Card payments locally").`,
);
console.log(
  `  The scheduled jobs run at a moment you name: POST {"scheduledTime", "cron"} to ${scheduler.origin} (README).`,
);
console.log(
  `  PortOne's identity verification is stood in on ${platform.portone.origin} (its window: ${platform.portone.windowUrl}),` +
    ` Kakao's and Naver's login on ${platform.oauth.origin}/kakao and /naver (linked Kakao users: ${platform.oauth.kakao.authBase}/_standin/).`,
);
console.log(
  `  SOLAPI's 알림톡/SMS is stood in on ${platform.solapi.origin}: what was sent is on ${platform.solapi.pageUrl}` +
    ` (README, "Messages (알림톡/SMS) locally").`,
);
console.log("  Ctrl+C stops it.");

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await scheduler.close().catch(() => {});
  await platform.stop().catch(() => {});
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
