import { createRequestHandler } from "@remix-run/cloudflare";
import * as build from "virtual:remix-build";
import type { AppContext } from "~/lib/context";
import { createShopApi, isShopApiError, upstreamTransport, type Transport } from "~/lib/api/client.server";
import { readConfig, type Config, type Env } from "./env";
import { requestHost } from "./host";
import { resolveShop } from "./tenant";
import { createApiContext } from "./api/context";
import { handleApi, isApiPath } from "./api/router";
import { serveFile } from "./files";
import { readMember } from "./auth/member";
import { shopNotFoundPage, upstreamErrorPage } from "./pages";
import { ensureDevice, withSetCookie } from "./cart/device";
import { cancelExpiredOrders } from "./db/orders";
import type { ShopInfo } from "~/lib/api/contracts";

const remix = createRequestHandler(build, "production");

function embeddedTransport(env: Env, config: Config, hostShop: () => ShopInfo | null): Transport {
  return (request) => handleApi(createApiContext(env, config, request, hostShop()));
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    // A guest's first posted change mints their device id (the cart's owner).
    const device = ensureDevice(request);
    return withSetCookie(await handle(device.request, env, ctx), device.setCookie);
  },

  /** Cron: unpaid orders past their deadline are cancelled and their stock returned. */
  async scheduled(controller: ScheduledController, env: Env): Promise<void> {
    await cancelExpiredOrders(env.DB, controller.scheduledTime);
  },
} satisfies ExportedHandler<Env>;

async function handle(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const url = new URL(request.url);
  const config = readConfig(env);

  // Stored files are the same for every host: no tenant needed.
  if (url.pathname.startsWith("/files/")) {
    return serveFile(env.FILES, decodeURIComponent(url.pathname.slice("/files/".length)), request);
  }

  let shop: ShopInfo | null = null;
  const transport = config.SHOP_API_ORIGIN
    ? upstreamTransport(config.SHOP_API_ORIGIN)
    : embeddedTransport(env, config, () => shop);
  const api = createShopApi(transport, { origin: url.origin, cookie: request.headers.get("cookie") });

  const host = requestHost(request);
  try {
    shop = await resolveShop(host, config.PLATFORM_DOMAIN, api, config.SHOP_CACHE_TTL);
  } catch (error) {
    if (isShopApiError(error)) return upstreamErrorPage();
    throw error;
  }

  if (isApiPath(url.pathname)) {
    // Browser calls to the shop API: proxied as they are, or answered here on D1.
    return config.SHOP_API_ORIGIN
      ? upstreamTransport(config.SHOP_API_ORIGIN)(request).catch(() => upstreamErrorPage())
      : handleApi(createApiContext(env, config, request, shop));
  }

  if (!shop) return shopNotFoundPage();

  const [storage, member] = await Promise.all([
    api.call("storageUrl").catch(() => ({ storage_url: "/files/" })),
    readMember(env, request),
  ]);
  const context: AppContext = {
    env,
    config,
    shop,
    api,
    member,
    storageUrl: storage.storage_url,
    waitUntil: (p) => ctx.waitUntil(p),
  };
  return remix(request, context);
}
