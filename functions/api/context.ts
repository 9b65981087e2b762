import { shopOwnerUid } from "~/shared/shop-owner";
import { LivePublisher } from "../live/publisher";
import type { z } from "zod";
import type { Api, ApiName, ShopInfo } from "~/shared/contracts";
import { koRequestErrors } from "~/shared/messages/shop/request-errors";
import type { Config, RequestEnv } from "../env";
import { readMember, type Member } from "../auth/member";
import { ApiError } from "./http";
import { Stores } from "./stores";
import type { ReadAhead } from "../db/catalogue";
import { Log, requestId } from "../log";

/**
 * What every embedded API handler gets: validated input plus per-request services. There is no
 * `env`: the database is reached through `db`'s stores, and who may do what through the guards
 * below, each with one error and one message wherever it is used.
 */
export type ApiContext = {
  config: Config;
  request: Request;
  url: URL;
  /** The shop whose host the request came in on; null for calls on the bare platform domain. */
  hostShop: ShopInfo | null;
  /** The D1 stores, each built on first use. */
  db: Stores;
  /** The logged-in member, read once on first use. */
  member: () => Promise<Member | null>;
  /**
   * The shop of the request's host (404 SHOP_NOT_FOUND on the bare platform domain). With
   * `shopid`, the call must also name that shop: no acting on another shop from this host.
   */
  requireHostShop: (shopid?: number) => ShopInfo;
  /** The logged-in member (401 LOGIN_REQUIRED otherwise). */
  requireMember: () => Promise<Member>;
  /**
   * The logged-in member who runs the host's shop: its owner, or a platform admin (401
   * LOGIN_REQUIRED, 403 NOT_SHOP_OWNER). `actor` says which, for the order timeline.
   */
  requireOwner: () => Promise<{ member: Member; shop: ShopInfo; actor: "owner" | "admin" }>;
  /** The live socket's rooms: events published after a write, and upgrades handed over. */
  live: LivePublisher;
  /** Headers added to the handler's response (the accounts calls set cookies here). */
  responseHeaders: Headers;
  /** The request's logger (functions/log.ts): failures are logged with the id its page shows. */
  log: Log;
  /**
   * Work that need not hold up the answer (mails after a write): kept alive by the Worker's
   * waitUntil. Its failures must be caught and logged by the work itself.
   */
  later: (work: Promise<unknown>) => void;
};

export const apiErrors = {
  shopNotFound: () => new ApiError(404, "SHOP_NOT_FOUND", koRequestErrors.shopNotFound),
  loginRequired: () => new ApiError(401, "LOGIN_REQUIRED", koRequestErrors.loginRequired),
  notShopOwner: () => new ApiError(403, "NOT_SHOP_OWNER", koRequestErrors.notShopOwner),
};

export function createApiContext(
  env: RequestEnv,
  config: Config,
  request: Request,
  hostShop: ShopInfo | null,
  /** Who is logged in; tests pass a member, the Worker reads the session. */
  readSession: () => Promise<Member | null> = () => readMember(env, request),
  /** The page request's read-ahead, when the call comes from a page that only reads (decision 076). */
  readAhead: ReadAhead | null = null,
  /** The page request's logger; tests get one of their own. */
  log: Log = new Log(requestId(request)),
  /** The request's waitUntil; without one (a test's context) the work simply runs on. */
  waitUntil: (work: Promise<unknown>) => void = (work) => void work,
): ApiContext {
  const member = once(readSession);
  const requireHostShop = (shopid?: number) => {
    if (!hostShop || (shopid !== undefined && hostShop.shopid !== shopid)) throw apiErrors.shopNotFound();
    return hostShop;
  };
  const requireMember = async () => {
    const signedIn = await member();
    if (!signedIn) throw apiErrors.loginRequired();
    return signedIn;
  };
  return {
    config,
    request,
    url: new URL(request.url),
    hostShop,
    db: new Stores(env.DB, config, readAhead),
    live: new LivePublisher(env.LIVE, log, env.LIVE_ADDRESSES),
    member,
    requireHostShop,
    requireMember,
    async requireOwner() {
      const shop = requireHostShop();
      const owner = await requireMember();
      if (owner.uid === shopOwnerUid(shop)) return { member: owner, shop, actor: "owner" };
      if (owner.admin) return { member: owner, shop, actor: "admin" };
      throw apiErrors.notShopOwner();
    },
    responseHeaders: new Headers(),
    log,
    later: waitUntil,
  };
}

export type Handler<N extends ApiName> = (
  input: { query: z.output<Api[N]["query"]>; body: z.output<Api[N]["body"]> },
  ctx: ApiContext,
) => Promise<z.input<Api[N]["response"]>>;

export type Handlers = { [N in ApiName]?: Handler<N> };

function once<T>(fn: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= fn());
}
