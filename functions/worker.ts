import { createRequestHandler } from "@remix-run/cloudflare";
import * as build from "virtual:remix-build";
import { withApiFailurePages } from "~/shared/api-failures.server";
import type { AppContext, SharedPage } from "~/lib/context";
import {
  createShopApi,
  isShopApiError,
  upstreamTransport,
  type ShopApi,
  type Transport,
} from "~/shared/api-client.server";
import type { ShopInfo } from "~/shared/contracts";
import { koAuth } from "~/shared/messages/auth";
import { readConfig, type Config, type Env, type RequestEnv } from "./env";
import { bookmarkCookie, countQueries, openSession } from "./db/session";
import { classifyHost, requestHost, shopOrigin } from "./host";
import { handlePlatform } from "./platform/handler";
import { closedShopApi, closedShopPage, mayPassSuspension } from "./platform/suspension";
import { resolveShop } from "./tenant";
import { createApiContext } from "./api/context";
import { RECOMMENDATION_COUNT } from "./api/catalogue";
import { ReadAhead } from "./db/catalogue";
import { ApiError, errorResponse } from "./api/http";
import { handleApi, isApiPath } from "./api/router";
import { isCallbackPath } from "./api/doors";
import { isOAuthPath, socialFormOrigins } from "./oauth/flow";
import { OAuthStore } from "./db/oauth";
import { EMBEDDED_STORAGE_URL } from "./api/shops";
import { readMember, type Member } from "./auth/member";
import { crossSitePage } from "./auth/pages";
import { ensureDevice, withSetCookie } from "./cart/device";
import { TableStore } from "./db/tables";
import { ShopStore } from "./db/shops";
import { RecentStore } from "./db/favourites";
import { deviceOwner } from "./db/cart";
import { clearedFirstViewCookie, firstViewCookie, readDeviceId, readFirstView } from "~/shared/device";
import { crossSiteReason } from "./csrf";
import { runScheduledTransitions } from "./db/order-transitions";
import { reconcileDue } from "./payments/reconcile";
import { dailyReconciliation, RECONCILIATION_CRON } from "./payments/ledger";
import { runPayouts } from "./payments/payouts";
import { Stores } from "./api/stores";
import { LivePublisher } from "./live/publisher";
import { serveFile } from "./files";
import { serverErrorPage, shopNotFoundPage, upstreamErrorPage } from "./pages";
import { guardBody, methodRefusal } from "./request-guard";
import { uploadPages, windowPages } from "./upload-pages";
import { newNonce, withSecurityHeaders, type CspSources } from "./response-headers";
import { POSTCODE_PROVIDERS } from "~/shared/postcode";
import { paymentWindowCsp } from "./payments/csp";
import { identityWindowCsp } from "./identity/csp";
import { trackingCsp, trackingIds } from "~/shared/tracking";
import { ServerEventStore } from "./db/server-events";
import { eventSink, retryServerEvents } from "./events/provider";
import { CustomDomainStore } from "./db/custom-domains";
import { customHostnames } from "./domains/cloudflare";
import { recheckWaiting } from "./domains/connect";
import { memberFromApi, proxyApi, shopHeaders } from "./upstream";
import { answerShared, filledAnswer, currentShop, pageKey, sharedVariant, type PageCacheState } from "./page-cache";
import { claimedUid, sessionFromRequest } from "./auth/session";
import { shopOwnerUid } from "~/shared/shop-owner";
import {
  fillable,
  fillingOf,
  NOBODY,
  overlayOf,
  ownsShop,
  readVisitor,
  withoutPersonalCookies,
  type Asker,
} from "./personal";
import { Log, newId, redact, requestId } from "./log";
import { countedSearch } from "./search-count";
import { SearchCounts } from "./db/search";
import { clientKey } from "./auth/throttle";
import { Notifier } from "./notify/notify";
import { NotifyStore } from "./db/notify";
import { koErrors } from "~/shared/messages/shop/errors";

// Every loader and action maps an API failure it did not handle to the 404 or 502 page.
const remix = createRequestHandler(withApiFailurePages(build), "production");
/** The pages whose forms carry a file, as their route modules say (the same for every shop). */
const uploads = uploadPages(build.routes);
// The pages that open a provider's window, as each declares it (issue 53 item 2).
const windows = windowPages(build.routes);
/** A request's line stays short whatever address it was sent to. */
const MAX_LOGGED_PATH = 200;
/** Where Remix answers lazy route discovery (v3_lazyRouteDiscovery; this app has no basename). */
const ROUTE_MANIFEST_PATH = "/__manifest";

function embeddedTransport(
  env: RequestEnv,
  config: Config,
  hostShop: () => ShopInfo | null,
  page: Request,
  log: Log,
  whoIs: (request: Request) => Promise<Member | null>,
  waitUntil: (work: Promise<unknown>) => void,
): Transport {
  // A page that only reads may have its next questions read ahead in one batch (decision 076).
  const readAhead = page.method === "GET" || page.method === "HEAD" ? new ReadAhead(RECOMMENDATION_COUNT) : null;
  return (request) =>
    handleApi(createApiContext(env, config, request, hostShop(), () => whoIs(request), readAhead, log, waitUntil));
}

/**
 * Who is asking, read once per cookie header for a page that only reads: the Worker and each of
 * the page's API calls (the root's, the frame's, the page's) asked D1 for the same session up to
 * five times. A post reads it anew each time: its action may end or start a session before the
 * loaders run in the same request.
 */
function sessionReads(env: RequestEnv, page: Request): (request: Request) => Promise<Member | null> {
  if (page.method !== "GET" && page.method !== "HEAD") return (request) => readMember(env, request);
  const reads = new Map<string, Promise<Member | null>>();
  return (request) => {
    const cookie = request.headers.get("cookie") ?? "";
    let read = reads.get(cookie);
    if (!read) reads.set(cookie, (read = readMember(env, request)));
    return read;
  };
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

/** What the entry learns while answering, for the headers it sets on the way out and the request's log line. */
type Answer = {
  nonce: string;
  /** The request's id (functions/log.ts): its X-Request-Id header, its log lines, its error page. */
  requestId: string;
  /** Which door answered, for the log line: refused before any, a stored file, the route manifest, the API or a page. */
  kind: "refused" | "file" | "manifest" | "api" | "page";
  /** D1 round trips, once the response is there. */
  roundTrips?: number;
  /** The same answer for every host and visitor (a stored file, Remix's route manifest). */
  sameForAll?: boolean;
  serverTiming?: string;
  pageCache?: PageCacheState;
  /** A cookie the Worker sets besides the device's and the bookmark's (the first view's, decision 081). */
  setCookie?: string;
} & CspSources;

/** A page view that may get the page every visitor without cookies gets (functions/page-cache.ts). */
type Shared = { request: Request; variant: string };

// The live rooms' Durable Object classes (wrangler.toml binds them as LIVE and LIVE_ADDRESSES).
export { LiveRoom } from "./live/room";
export { LiveAddress } from "./live/address";

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const started = Date.now();
    const { pathname } = new URL(request.url);
    // The path, never the query (an order lookup's phone, a reset token); no cookie, no client address.
    const log = new Log(requestId(request), {
      method: request.method,
      host: requestHost(request),
      path: redact(pathname.slice(0, MAX_LOGGED_PATH)),
    });
    const answer: Answer = { nonce: newNonce(), requestId: log.id, kind: "refused" };
    let response: Response;
    try {
      response = await answerRequest(request, env, ctx, answer, log);
    } catch (error) {
      // Nothing below caught it: logged with its stack, and a page with the id to quote.
      log.error("request failed", error);
      response = isApiPath(pathname)
        ? errorResponse(new ApiError(500, "INTERNAL", koErrors.unexpected))
        : serverErrorPage(log.id);
    }
    const { status } = response;
    // One line per request, written when the response starts (a streamed page's end is not waited for).
    log.info(
      "request",
      { kind: answer.kind, status, ms: Date.now() - started, d1: answer.roundTrips, cache: answer.pageCache },
      status >= 500 ? "error" : "info",
    );
    return withSecurityHeaders(response, request, answer);
  },

  /**
   * Cron, every minute: unpaid orders past their deadline are cancelled (stock returned); shipped
   * orders count as delivered, and delivered ones as confirmed, after their days (decision 054);
   * then payments Toss may hold that no order records yet are finished (decision 142).
   */
  async scheduled(controller: ScheduledController, env: Env): Promise<void> {
    const started = Date.now();
    const log = new Log(newId(), { cron: controller.cron });
    try {
      const config = readConfig(env);
      // First: a sheet that expired is one a payment Toss took late can no longer fill.
      const orders = await runScheduledTransitions(env.DB, controller.scheduledTime);
      const work: Promise<unknown>[] = [];
      const deps = {
        db: new Stores(env.DB, config),
        config,
        log,
        later: (p: Promise<unknown>) => void work.push(p),
        live: new LivePublisher(env.LIVE, log),
      };
      if (controller.cron === RECONCILIATION_CRON) {
        // The morning's payouts to shops paid through the platform (decision 178), before 정산 대사
        // (which fails the run loudly on a difference).
        const payouts = await runPayouts(deps, controller.scheduledTime);
        log.info("scheduled", { payoutsRequested: payouts.requested, payoutsRetried: payouts.retried });
        // Yesterday's 정산 대사, a few shops a run through the early morning (decision 144).
        const daily = await dailyReconciliation(deps, controller.scheduledTime);
        log.info("scheduled", { reconciledShops: daily.shops, ms: Date.now() - started });
        // Loudly: a run whose 정산 대사 found money and orders apart is a failed run.
        if (daily.differences > 0 || daily.unavailable > 0) {
          throw new Error(
            `정산 대사: ${daily.differences} differences, ${daily.unavailable} shops Toss could not be asked for`,
          );
        }
        return;
      }
      const [payments, tableLines, events, domains, oauthRows, notify] = await Promise.all([
        reconcileDue(deps, controller.scheduledTime),
        // Carts of meals that ended (smart order) are dropped.
        new TableStore(env.DB).purgeEnded(controller.scheduledTime),
        // Server events whose endpoint failed get another try.
        retryServerEvents(new ServerEventStore(env.DB), eventSink(config), controller.scheduledTime),
        // Custom domains Cloudflare has not settled yet: a few asked again (decision 092).
        recheckWaiting(customHostnames(config), new CustomDomainStore(env.DB), controller.scheduledTime, log),
        // Social login's states and tickets past their expiry (decision 115).
        new OAuthStore(env.DB).purge(Math.floor(controller.scheduledTime / 1000)),
        // 알림톡 that failed, tried again up to three attempts in all (decision 131).
        new Notifier(new NotifyStore(env.DB), config, log, undefined, () => controller.scheduledTime).retry(),
      ]);
      await Promise.allSettled(work);
      // One line per run: what it changed, and how long it took.
      log.info("scheduled", {
        ...orders,
        ...Object.fromEntries(Object.entries(payments).map(([k, v]) => [`payments_${k}`, v])),
        tableLines,
        events,
        domains,
        oauthRows,
        notifyRetried: notify.retried,
        notifySent: notify.sent,
        ms: Date.now() - started,
      });
    } catch (error) {
      log.error("scheduled run failed", error, { ms: Date.now() - started });
      throw error;
    }
  },
} satisfies ExportedHandler<Env>;

async function answerRequest(request: Request, env: Env, ctx: ExecutionContext, answer: Answer, log: Log) {
  // Methods other than GET, HEAD and POST: 405, before anything else is looked at.
  const method = methodRefusal(request, log.id);
  if (method) return method;
  // Nothing that changes state is accepted from another origin, sibling shops included.
  const pathname = new URL(request.url).pathname;
  if (crossSiteReason(request) && !isCallbackPath(pathname)) {
    return isApiPath(pathname)
      ? errorResponse(new ApiError(403, "CROSS_SITE", koAuth.crossSite))
      : crossSitePage(log.id);
  }
  // A body within its cap, and for a page a form that parses (413, 415, 400 otherwise).
  const guarded = await guardBody(request, uploads, log.id);
  if (guarded instanceof Response) return guarded;
  // Read before a first product view mints a device id: that visitor gets the shared page too.
  const variant = sharedVariant(guarded);
  const shared = variant === null ? null : { request: guarded, variant };
  // A visitor with a session or device whose page may be the shared copy filled in for them
  // (decision 122): keyed as the visitor without those cookies.
  const asNobody = shared === null && fillable(guarded) ? withoutPersonalCookies(guarded) : null;
  const nobodyVariant = asNobody ? sharedVariant(asNobody) : null;
  const fillFrom = asNobody && nobodyVariant !== null ? { request: asNobody, variant: nobodyVariant } : null;
  // A guest's first posted change mints their device id (the cart's owner).
  const device = ensureDevice(guarded);
  // One D1 session per request: reads may come from a replica near the shopper, no older than
  // the bookmark of their last write (decision 074).
  const session = openSession(env.DB, device.request);
  const queries = countQueries(session);
  const started = Date.now();
  // A page whose visit minted the device id: nothing of that device to look up yet. (A post that
  // minted one looks as usual: what it wrote may be in the page it answers with.)
  const newDevice = device.setCookie !== null && request.method === "GET";
  const response = await handle(
    device.request,
    { ...env, DB: queries.db },
    ctx,
    answer,
    log,
    newDevice,
    shared,
    fillFrom,
  );
  // The D1 round trips started before the response was returned (a streamed part's included,
  // once its query is under way), the time to the response (issue 15's profile), and whether the
  // page came from the edge cache.
  answer.roundTrips = queries.roundTrips();
  answer.serverTiming = `d1;desc="${answer.roundTrips} round trips";dur=${queries.ms()}, app;dur=${Date.now() - started}`;
  if (answer.pageCache) answer.serverTiming += `, page;desc="${answer.pageCache}"`;
  return withSetCookie(response, device.setCookie, bookmarkCookie(device.request, session), answer.setCookie ?? null);
}

async function handle(
  request: Request,
  env: RequestEnv,
  ctx: ExecutionContext,
  answer: Answer,
  log: Log,
  /** ensureDevice minted the guest's device id for this page view. */
  newDevice: boolean,
  /** The view as it came, when it carried no cookie that could make its page personal. */
  sharedView: Shared | null,
  /** The view without the visitor's own cookies, when its page may be the shared copy filled in. */
  fillView: Shared | null = null,
): Promise<Response> {
  const url = new URL(request.url);
  const config = readConfig(env);

  // Stored files are the same for every host: no tenant needed.
  if (url.pathname.startsWith("/files/")) {
    answer.sameForAll = true;
    answer.kind = "file";
    return serveFile(env.FILES, decodeURIComponent(url.pathname.slice("/files/".length)), request, env.IMAGES, log);
  }
  // Remix's lazy route discovery (which routes serve a page's links, for one build version) is the
  // build's answer: no shop, member or kept first view to look at (a discovery request after a first
  // product view is not the visitor's return, decision 081), and it reads no load context.
  if (url.pathname === ROUTE_MANIFEST_PATH) {
    answer.sameForAll = true;
    answer.kind = "manifest";
    return remix(request);
  }

  let shop: ShopInfo | null = null;
  const host = requestHost(request);
  const upstream = config.SHOP_API_ORIGIN;
  const whoIs = sessionReads(env, request);
  const transport = upstream
    ? upstreamTransport(upstream)
    : embeddedTransport(
        env,
        config,
        () => shop,
        request,
        log,
        whoIs,
        (work) => ctx.waitUntil(work),
      );
  const apiFor = (visitor: Request) =>
    createShopApi(transport, {
      origin: url.origin,
      cookie: visitor.headers.get("cookie"),
      clientIp: visitor.headers.get("cf-connecting-ip"),
      userAgent: visitor.headers.get("user-agent")?.slice(0, 500) ?? null,
      // An upstream is told the shop by the Worker, never by the browser.
      shopHeaders: () => (upstream ? shopHeaders(host, shop, visitor.headers.get("cf-connecting-ip")) : {}),
    });
  const api = apiFor(request);
  // The edge page cache: pages only, on the embedded API (whose shops have content versions).
  const shared =
    sharedView && config.PAGE_CACHE_SECONDS > 0 && !upstream && !isApiPath(url.pathname) ? sharedView : null;
  const fillFrom = fillView && config.PAGE_CACHE_SECONDS > 0 && !upstream ? fillView : null;

  try {
    // A page that may be kept is drawn from the shop's record as it is now, and keyed by its version:
    // the isolate's copy, if its version is still the database's (one small read a second at
    // most), else read anew.
    const isCurrent = shared || fillFrom ? currentShop(new ShopStore(env.DB), host) : undefined;
    shop = await resolveShop(host, config.PLATFORM_DOMAIN, api, config.SHOP_CACHE_TTL, undefined, isCurrent);
  } catch (error) {
    if (isShopApiError(error)) return upstreamErrorPage(log.id);
    throw error;
  }
  if (shop) log.note({ shop: shop.shopid });

  // A first view the visitor kept (decision 081) goes into their recently viewed before anything
  // here reads it.
  const device = readDeviceId(request.headers.get("cookie"));
  const firstView = readFirstView(request.headers.get("cookie"));
  if (firstView !== null && shop && !upstream) {
    const secure = url.protocol === "https:";
    answer.setCookie = clearedFirstViewCookie(secure);
    if (device && !newDevice) {
      await new RecentStore(env.DB)
        .recordFirst(shop.shopid, deviceOwner(device), firstView, Date.now())
        .catch((error: unknown) => log.error("recently viewed not recorded", error));
    }
  }

  // Kakao/Naver login's doors (decision 115) are the API's too, on shop hosts and the platform's.
  if (isApiPath(url.pathname) || (isOAuthPath(url.pathname) && !upstream)) {
    answer.kind = "api";
    // A suspended shop's storefront is closed, never its provider's callbacks (decision 142).
    if (shop?.suspended && !upstream && !isCallbackPath(url.pathname)) {
      const member = await readMember(env, request).catch(() => null);
      if (!mayPassSuspension(shop, member, url.pathname)) return closedShopApi();
    }
    // Browser calls to the shop API: proxied (fresh headers, the shop named by the Worker), or
    // answered here on D1.
    return upstream
      ? proxyApi(request, upstream, host, shop)
      : handleApi(createApiContext(env, config, request, shop, undefined, null, log, (work) => ctx.waitUntil(work)));
  }

  answer.kind = "page";
  if (!shop && classifyHost(host, config.PLATFORM_DOMAIN).kind === "platform" && !upstream) {
    // The platform's own pages (decision 108); opening a shop ends on the new shop's host.
    answer.formOrigins = [shopOrigin({ dom: "*", dom3: null }, config.PLATFORM_DOMAIN, url)];
    return handlePlatform(request, env, config, log);
  }
  if (!shop) return shopNotFoundPage(log.id);
  // A login on the shop's sub-domain may continue to its custom domain (decision 014): the
  // browser checks form-action on the redirects after a form post, so both origins are allowed.
  if (shop.dom3) {
    answer.formOrigins = [
      shopOrigin({ dom: shop.dom, dom3: null }, config.PLATFORM_DOMAIN, url),
      shopOrigin(shop, config.PLATFORM_DOMAIN, url),
    ];
  }
  // 연결하기 on /user/info posts to /auth/{provider}/start, which redirects to the provider (decision
  // 115). A document's policy holds for the pages scripts navigate to from it, so every shop page allows it.
  answer.formOrigins = [...(answer.formOrigins ?? []), ...socialFormOrigins(config, url)];

  // A page filled in for a member whose session id names them (decision 125): their session is
  // read in the fill's own batch, not before it. Not in a closed shop, nor for its owner (whose
  // pages are drawn for them).
  const session = fillFrom ? sessionFromRequest(request) : null;
  const claimed = session ? claimedUid(session.sid) : null;
  const checkInFill = session && claimed !== null && host && !shop.suspended && claimed !== shopOwnerUid(shop);
  const asker: Asker | null = checkInFill ? { session: { ...session, uid: claimed, host } } : null;
  const readTheMember = () =>
    // A failed member lookup counts as "not logged in" (spec §8), never as an error page. An
    // upstream is asked through the contract; the embedded API's sessions are read from D1.
    (upstream ? memberFromApi(api) : whoIs(request)).catch((error: unknown) => {
      log.error("member lookup failed", error);
      return null;
    });
  const [storage, member] = await Promise.all([
    storageUrl(config, api).catch(() => EMBEDDED_STORAGE_URL),
    asker ? null : readTheMember(),
  ]);
  // A suspended shop is closed to shoppers, not to its owner or a platform admin (decision 108).
  if (shop.suspended && !mayPassSuspension(shop, member, url.pathname)) return closedShopPage(log.id);
  answer.storageUrl = storage;
  // The postcode widget's script and frame, only when a provider is on (loaded on demand).
  const postcode = config.POSTCODE_PROVIDER === "off" ? null : POSTCODE_PROVIDERS[config.POSTCODE_PROVIDER];
  // The shop's ad and analytics tags, only those it configured (loaded after consent).
  const tags = trackingCsp(trackingIds(shop));
  // Toss's payment window, or PortOne's identity window (decision 114), on the pages that open them only.
  const opens = windows.at(url.pathname);
  const pay = opens === "toss" ? paymentWindowCsp(config) : opens === "portone" ? identityWindowCsp(config) : null;
  answer.scriptOrigins = [...(postcode?.scriptOrigins ?? []), ...tags.script, ...(pay?.script ?? [])];
  answer.frameOrigins = [...(postcode?.frameOrigins ?? []), ...tags.frame, ...(pay?.frame ?? [])];
  answer.connectOrigins = [...tags.connect, ...(pay?.connect ?? [])];
  answer.imgOrigins = tags.img;
  const context: AppContext = {
    env,
    config,
    shop,
    api,
    member,
    storageUrl: storage,
    nonce: answer.nonce,
    waitUntil: (p) => ctx.waitUntil(p),
    log,
    newDevice,
    shared: null,
  };
  // A search counts towards the shop's popular searches, after the answer (decision 129).
  const searched = upstream ? null : countedSearch(request, url);
  if (searched !== null) {
    ctx.waitUntil(
      new SearchCounts(env.DB)
        .count(shop.shopid, searched, clientKey(request), Date.now())
        .catch((error: unknown) => log.error("search not counted", error)),
    );
  }
  const fillKey =
    fillFrom && host && (asker || !ownsShop(member, shop))
      ? pageKey(fillFrom.request, host, shop, fillFrom.variant)
      : null;
  if (fillFrom && fillKey) {
    const who = asker ?? { member, sessionCookie: member === null && sessionFromRequest(request) !== null };
    const filled = await fillIn(
      fillKey,
      fillFrom.request,
      request,
      context,
      who,
      answer,
      newDevice,
      (asNobody, notes) =>
        remix(asNobody, { ...context, api: apiFor(asNobody), member: null, newDevice: false, shared: notes }),
    );
    if (filled) return filled;
  }
  // The page is drawn for its visitor after all: who they are is read now if it was left to the fill.
  if (asker) context.member = await readTheMember();
  const key = shared && host ? pageKey(shared.request, host, shop, shared.variant) : null;
  if (!shared || !key) return remix(request, context);
  // Drawn as the visitor came, before any device id was minted: the page everyone without cookies gets.
  const asCame = shared.request;
  const visitor = { ...context, api: apiFor(asCame), newDevice: false };
  const page = await answerShared(key, config.PAGE_CACHE_SECONDS, context.waitUntil, log, (notes) =>
    remix(asCame, { ...visitor, shared: notes }),
  );
  answer.pageCache = page.state;
  // A first product view's device id was minted for this visitor: their view is theirs to keep,
  // the first of their recently viewed. They keep it in a cookie until they come back.
  if (newDevice && device && page.viewed !== null) {
    answer.setCookie = firstViewCookie(page.viewed, url.protocol === "https:");
  }
  // Every mark out, nobody's parts shown: the page as it always was for them.
  return filledAnswer(page, fillingOf(NOBODY, shop, storage, null, answer.nonce));
}

/**
 * The shared copy filled in for a visitor with a session or device (decision 122): drawn as for
 * nobody and kept when it is not already, then their parts written in from one D1 round trip.
 * Null when the page may not be filled in (its loader did not say so): it is drawn for them.
 */
async function fillIn(
  key: Request,
  asNobody: Request,
  request: Request,
  context: AppContext,
  asker: Asker,
  answer: Answer,
  newDevice: boolean,
  render: (asNobody: Request, notes: SharedPage) => Promise<Response>,
): Promise<Response | null> {
  const { config, log, shop } = context;
  const page = await answerShared(key, config.PAGE_CACHE_SECONDS, context.waitUntil, log, (notes) =>
    render(asNobody, notes),
  );
  if (!page.personal) {
    await page.response.body?.cancel();
    return null;
  }
  const cookie = request.headers.get("cookie");
  const device = newDevice ? null : readDeviceId(cookie);
  // A link prefetched on hover is no view (as the product page's loader says).
  const prefetch = /prefetch/i.test(request.headers.get("sec-purpose") ?? request.headers.get("purpose") ?? "");
  const viewed = prefetch ? null : page.viewed;
  const visitor = await readVisitor(context.env.DB, shop, asker, device, page.personal, viewed, Date.now());
  answer.pageCache = page.state;
  // A guest whose device this view minted keeps the view in a cookie, as on the shared page.
  const minted = readDeviceId(cookie);
  if (newDevice && minted && !visitor.member && viewed !== null) {
    answer.setCookie = firstViewCookie(viewed, new URL(request.url).protocol === "https:");
  }
  return filledAnswer(
    page,
    fillingOf(visitor, shop, context.storageUrl, overlayOf(visitor, page.personal), answer.nonce),
  );
}
