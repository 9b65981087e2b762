import { createRequestHandler } from "@remix-run/cloudflare";
import * as build from "virtual:remix-build";
import type { AppContext } from "~/lib/context";
import {
  createShopApi,
  isShopApiError,
  upstreamTransport,
  type ShopApi,
  type Transport,
} from "~/lib/api/client.server";
import type { ShopInfo } from "~/lib/api/contracts";
import { koAuth } from "~/lib/messages-auth";
import { readConfig, type Config, type Env } from "./env";
import { requestHost } from "./host";
import { resolveShop } from "./tenant";
import { createApiContext } from "./api/context";
import { ApiError, errorResponse } from "./api/http";
import { handleApi, isApiPath } from "./api/router";
import { EMBEDDED_STORAGE_URL } from "./api/shops";
import { readMember } from "./auth/member";
import { crossSitePage } from "./auth/pages";
import { ensureDevice, withSetCookie } from "./cart/device";
import { crossSiteReason } from "./csrf";
import { cancelExpiredOrders } from "./db/orders";
import { serveFile } from "./files";
import { shopNotFoundPage, upstreamErrorPage } from "./pages";

const remix = createRequestHandler(build, "production");

function embeddedTransport(env: Env, config: Config, hostShop: () => ShopInfo | null): Transport {
  return (request) => handleApi(createApiContext(env, config, request, hostShop()));
}

// The file storage base belongs to the API, not to a shop: asked once per isolate and origin.
const storageUrls = new Map<string, Promise<string>>();

function storageUrl(config: Config, api: ShopApi): Promise<string> {
  if (!config.SHOP_API_ORIGIN) return Promise.resolve(EMBEDDED_STORAGE_URL);
  let url = storageUrls.get(config.SHOP_API_ORIGIN);
  if (!url) {
    url = api.call("storageUrl").then((r) => r.storage_url);
    url.catch(() => storageUrls.delete(config.SHOP_API_ORIGIN));
    storageUrls.set(config.SHOP_API_ORIGIN, url);
  }
  return url;
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    // Nothing that changes state is accepted from another origin, sibling shops included.
    if (crossSiteReason(request)) {
      return isApiPath(new URL(request.url).pathname)
        ? errorResponse(new ApiError(403, "CROSS_SITE", koAuth.crossSite))
        : crossSitePage();
    }
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
  const api = createShopApi(transport, {
    origin: url.origin,
    cookie: request.headers.get("cookie"),
    clientIp: request.headers.get("cf-connecting-ip"),
  });

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
    storageUrl(config, api).catch(() => EMBEDDED_STORAGE_URL),
    // A failed member lookup counts as "not logged in" (spec §8), never as an error page.
    readMember(env, request).catch((error: unknown) => {
      console.error("member lookup failed", error);
      return null;
    }),
  ]);
  const context: AppContext = {
    env,
    config,
    shop,
    api,
    member,
    storageUrl: storage,
    waitUntil: (p) => ctx.waitUntil(p),
  };
  return remix(request, context);
}
