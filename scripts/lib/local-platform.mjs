// The whole platform on this machine, as `npm start` serves it and the browser tests test it: the
// deploy bundle in workerd through Miniflare (decision 088), the cron triggers of wrangler.toml on
// their schedule, and (later) the stand-ins of the outside services. Decision 090.
import { unstable_readConfig } from "wrangler";
import { scheduleCrons } from "./cron.mjs";
import { serveBundle } from "./production-worker.mjs";

/**
 * Serves the bundle in `bundleDir` on the state in `state` (see serveBundle). With `cron`, the
 * Worker's `scheduled` handler runs on wrangler.toml's schedule, as Cloudflare runs it; with
 * `requestLines`, the Worker's JSON line per request is printed (decision 093).
 * Resolves to `{ mf, stop }`; `stop()` ends the schedule and the server.
 */
export async function startLocalPlatform({
  bundleDir,
  state,
  port,
  host,
  vars = {},
  cron = false,
  persistLive = false,
}) {
  const mf = await serveBundle({ bundleDir, state, port, host, vars, persistLive });
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
    async stop() {
      stopCrons();
      await mf.dispose();
    },
  };
}
