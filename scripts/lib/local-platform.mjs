// The whole platform on this machine, as `npm start` serves it and the browser tests test it: the
// deploy bundle in workerd through Miniflare (decision 088), the cron triggers of wrangler.toml on
// their schedule, and the stand-ins of the outside services it calls (decision 090).
import { unstable_readConfig } from "wrangler";
import {
  STANDIN_FALLBACK_ORIGIN,
  STANDIN_TOKEN,
  STANDIN_ZONE_ID,
  startCloudflareStandin,
} from "./cloudflare-standin.mjs";
import { scheduleCrons } from "./cron.mjs";
import { LOCAL_PAYMENT_KEYS_SECRET } from "./payment-keys-secret.mjs";
import { DEMO_SELLERS, platformContractVars } from "./platform-contract.mjs";
import { serveBundle } from "./production-worker.mjs";
import { serveHandler } from "./standin-server.mjs";
import { startOauthStandin } from "./oauth-standin.mjs";
import { startPortoneStandin } from "./portone-standin.mjs";
import { startTossStandin } from "./toss-standin.mjs";
import { startSolapiStandin } from "./solapi-standin.mjs";

export { LOCAL_PAYMENT_KEYS_SECRET };

/**
 * Serves the bundle in `bundleDir` on the state in `state` (see serveBundle).
 * - `cron`: the Worker's `scheduled` handler runs on wrangler.toml's schedule, as Cloudflare runs it.
 * - `cloudflarePort`: Cloudflare's custom hostnames API is stood in on that loopback port (0: any
 *   free one) and the Worker is configured to call it (decision 092).
 * - `tossPort`: Toss Payments is stood in on that port (0: any free one; issue 35): the Worker's
 *   TOSS_API_BASE and TOSS_SDK_URL point at it, and its deposit callbacks go to this Worker (Host
 *   kept, so each shop's /api/payments/toss/webhook gets its own). `tossHost` is where it listens and
 *   `tossPublicHost` the name browsers reach it by (both loopback unless a phone should reach it).
 * - `portonePort`, `oauthPort`: PortOne's identity verification and Kakao/Naver login are stood in
 *   on those ports (0: any free one; issue 37, decision 113), on `tossHost`/`tossPublicHost` like
 *   Toss's; the Worker gets their addresses and the local apps' keys. Kakao's and Naver's only
 *   registered redirect URIs are the platform host's /auth/{kakao,naver}/callback, and Kakao's
 *   unlink notice goes to its /auth/kakao/unlink on this Worker.
 * - `solapiPort`: SOLAPI's message API (알림톡/SMS, decision 131) is stood in on that loopback port
 *   (0: any free one); the Worker gets its address, the local key and secret, channel, sender and
 *   templates. Its page `/_standin/` lists what was "sent".
 * - `requestLines`: the Worker's JSON line per request is printed (decision 093).
 * Resolves to `{ mf, crons, cloudflare, toss, portone, oauth, solapi, stop }`; `stop()` ends the schedule,
 * the stand-ins and the server.
 */
export async function startLocalPlatform({
  bundleDir,
  state,
  port,
  host,
  vars = {},
  cron = false,
  persistLive = false,
  requestLines = false,
  cloudflarePort = null,
  tossPort = null,
  tossHost = "127.0.0.1",
  tossPublicHost,
  portonePort = null,
  oauthPort = null,
  solapiPort = null,
}) {
  const cloudflare = cloudflarePort === null ? null : await startCloudflareStandin({ port: cloudflarePort });
  let toss = null;
  try {
    toss =
      tossPort === null
        ? null
        : await startTossStandin({
            port: tossPort,
            host: tossHost,
            publicHost: tossPublicHost,
            deliverVia: `http://127.0.0.1:${port}`,
            // As a shop registered for both of Toss's webhooks (the console asks it to): deposits
            // and PAYMENT_STATUS_CHANGED, which the reconciler takes as a cue (decision 142).
            statusEvents: true,
            // The platform's contract (decision 178): its payout webhooks to the platform host,
            // and the demo's seller as registered before.
            payoutWebhookUrl: `http://localhost:${port}/api/payouts/toss/webhook`,
            sellers: DEMO_SELLERS,
          });
  } catch (error) {
    await cloudflare?.close();
    throw error;
  }
  let portone = null;
  let oauth = null;
  let solapi = null;
  const closeStandins = async () => {
    await cloudflare?.close();
    await toss?.close();
    await portone?.close();
    await oauth?.close();
    await solapi?.close();
  };
  try {
    const standinHost = { host: tossHost, publicHost: tossPublicHost };
    if (portonePort !== null) portone = await startPortoneStandin({ port: portonePort, ...standinHost });
    // Only the Worker calls SOLAPI: loopback, whatever the platform listens on.
    if (solapiPort !== null) solapi = await startSolapiStandin({ port: solapiPort });
    if (oauthPort !== null) {
      const platformOrigin = `http://localhost:${port}`;
      oauth = await startOauthStandin({
        port: oauthPort,
        ...standinHost,
        kakaoRedirectUris: [`${platformOrigin}/auth/kakao/callback`],
        naverRedirectUris: [`${platformOrigin}/auth/naver/callback`],
        unlinkUrl: `${platformOrigin}/auth/kakao/unlink`,
        deliverVia: `http://127.0.0.1:${port}`,
      });
    }
  } catch (error) {
    await closeStandins();
    throw error;
  }
  const portoneVars = portone
    ? {
        PORTONE_API_BASE: portone.apiBase,
        PORTONE_SDK_URL: portone.sdkUrl,
        PORTONE_API_SECRET: portone.apiSecret,
        PORTONE_STORE_ID: portone.storeId,
        PORTONE_CHANNEL_KEY: portone.channelKey,
        // Local only: keys the HMAC of CI when the stand-in's persona has no DI (decision 114).
        IDENTITY_SUBJECT_SECRET: "local-identity-subject-secret-not-for-production",
      }
    : {};
  const oauthVars = oauth
    ? {
        KAKAO_AUTH_BASE: oauth.kakao.authBase,
        KAKAO_API_BASE: oauth.kakao.apiBase,
        KAKAO_REST_KEY: oauth.kakao.clientId,
        KAKAO_CLIENT_SECRET: oauth.kakao.clientSecret,
        KAKAO_ADMIN_KEY: oauth.kakao.adminKey,
        // The stand-in's app has Kakao Sync's consent items (decision 177).
        // (beyond the nickname and e-mail every login asks for).
        KAKAO_SYNC_SCOPES: oauth.kakao.consentItems
          .filter((item) => item !== "profile_nickname" && item !== "account_email")
          .join(","),
        NAVER_AUTH_BASE: oauth.naver.authBase,
        NAVER_API_BASE: oauth.naver.apiBase,
        NAVER_CLIENT_ID: oauth.naver.clientId,
        NAVER_CLIENT_SECRET: oauth.naver.clientSecret,
      }
    : {};
  const solapiVars = solapi
    ? {
        SOLAPI_API_BASE: solapi.apiBase,
        SOLAPI_API_KEY: solapi.apiKey,
        SOLAPI_API_SECRET: solapi.apiSecret,
        SOLAPI_PFID: solapi.pfId,
        SOLAPI_SENDER: solapi.sender,
        SOLAPI_TEMPLATES: solapi.templates,
      }
    : {};
  // The client appends /v1/…: the base is the origin alone.
  const tossVars = toss
    ? { TOSS_API_BASE: toss.apiBase, TOSS_SDK_URL: toss.sdkUrl, ...(await platformContractVars()) }
    : {};
  const cloudflareVars = cloudflare
    ? {
        CF_API_BASE: cloudflare.apiBase,
        CF_ZONE_ID: STANDIN_ZONE_ID,
        CF_API_TOKEN: STANDIN_TOKEN,
        CF_FALLBACK_ORIGIN: STANDIN_FALLBACK_ORIGIN,
      }
    : {};
  let mf;
  try {
    mf = await serveBundle({
      bundleDir,
      state,
      port,
      host,
      vars: {
        PAYMENT_KEYS_SECRET: LOCAL_PAYMENT_KEYS_SECRET,
        // Local only, and public: signs the known-device cookies of logins and lookups (decision 157).
        KNOWN_DEVICE_SECRET: "local-known-device-secret-not-for-production",
        ...cloudflareVars,
        ...tossVars,
        ...portoneVars,
        ...oauthVars,
        ...solapiVars,
        ...vars,
      },
      persistLive,
      requestLines,
    });
  } catch (error) {
    await closeStandins();
    throw error;
  }
  const crons = cron ? (unstable_readConfig({ config: "wrangler.toml" }).triggers?.crons ?? []) : [];
  // Straight to the Worker: Miniflare's /cdn-cgi/handler/scheduled reaches the assets router in
  // front of it, which has no scheduled handler.
  const stopCrons = scheduleCrons(crons, async (expression, scheduledTime) => {
    const worker = await mf.getWorker();
    await worker.scheduled({ cron: expression, scheduledTime: new Date(scheduledTime) });
  });
  return {
    mf,
    crons,
    cloudflare,
    toss,
    portone,
    oauth,
    solapi,
    async stop() {
      stopCrons();
      await mf.dispose();
      await closeStandins();
    },
  };
}

/**
 * A loopback address that runs the Worker's scheduled handler once, at the moment a POST names
 * (`{scheduledTime, cron}`), as the edge would run it then: the browser tests' way to a later
 * morning, and `npm start`'s (README: see a payout without waiting two days).
 */
export function serveScheduler(platform, { port = 0 } = {}) {
  return serveHandler(
    async (request) => {
      if (request.method !== "POST") return new Response(null, { status: 405 });
      const { scheduledTime = Date.now(), cron = "* * * * *" } = await request.json().catch(() => ({}));
      try {
        const worker = await platform.mf.getWorker();
        await worker.scheduled({ cron, scheduledTime: new Date(Number(scheduledTime)) });
        return Response.json({ ok: true });
      } catch (error) {
        return Response.json({ ok: false, error: String(error?.message ?? error) }, { status: 500 });
      }
    },
    { port },
  );
}
