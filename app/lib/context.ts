import type { ShopInfo } from "~/shared/contracts";
import type { PersonalNotes } from "~/shared/personal";
import type { ShopApi } from "~/shared/api-client.server";
import type { Config, RequestEnv } from "../../functions/env";
import type { Member } from "../../functions/auth/member";
import type { Log } from "../../functions/log";

/** Built once per request by functions/worker.ts and handed to every loader and action. */
export type AppContext = {
  env: RequestEnv;
  config: Config;
  /** The shop this request's host belongs to. Requests for unknown hosts never reach Remix. */
  shop: ShopInfo;
  api: ShopApi;
  /** The logged-in member, or null for a guest. Read once per request in the Worker. */
  member: Member | null;
  storageUrl: string;
  /** This response's script nonce (its Content-Security-Policy allows inline scripts carrying it). */
  nonce: string;
  waitUntil: (promise: Promise<unknown>) => void;
  /** This request's logger: its id (shown on error pages) and its JSON lines (functions/log.ts). */
  log: Log;
  /**
   * The guest's device id was minted by this very request (their first product page or post): it
   * owns nothing yet, so its cart, likes and orders are not looked up (issue 15's round trips).
   */
  newDevice: boolean;
  /**
   * Present when this page view carries no cookie that could make it personal (no session, cart or
   * device): a page the same for every such visitor says so with sharePage() and the Worker keeps
   * it at the edge (functions/page-cache.ts, decision 077). Null otherwise.
   */
  shared: SharedPage | null;
};

/** What a page's loader tells the edge page cache. */
export type SharedPage = {
  /** The page may be kept and given to every visitor of its variant. */
  keep: boolean;
  /** A product page's view, which the Worker records for each visitor it gives the page to. */
  viewed: number | null;
  /**
   * The page may also be given to visitors with a session or device, filled in for each by the
   * Worker (decision 122): which ♡ it shows. Null: such visitors get it drawn for them.
   */
  personal: PersonalNotes | null;
};

declare module "@remix-run/cloudflare" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}

declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}
