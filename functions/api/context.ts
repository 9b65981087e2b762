import type { z } from "zod";
import type { Api, ApiName } from "~/lib/api/contracts";
import type { Config, Env } from "../env";
import { CatalogueStore } from "../db/catalogue";
import type { ShopInfo } from "~/lib/api/contracts";
import { ShopStore } from "../db/shops";
import { readMember, type Member } from "../auth/member";

/** What every embedded API handler gets: validated input plus per-request services. */
export type ApiContext = {
  env: Env;
  config: Config;
  request: Request;
  url: URL;
  /** The shop whose host the request came in on; null for calls on the bare platform domain. */
  hostShop: ShopInfo | null;
  shops: ShopStore;
  catalogue: CatalogueStore;
  /** The logged-in member, read once on first use. */
  member: () => Promise<Member | null>;
  /** Headers added to the handler's response (the accounts calls set cookies here). */
  responseHeaders: Headers;
};

export function createApiContext(env: Env, config: Config, request: Request, hostShop: ShopInfo | null): ApiContext {
  return {
    env,
    config,
    request,
    url: new URL(request.url),
    hostShop,
    shops: new ShopStore(env.DB),
    catalogue: new CatalogueStore(env.DB),
    member: once(() => readMember(env, request)),
    responseHeaders: new Headers(),
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
