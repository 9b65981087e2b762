import type { ShopInfo } from "~/shared/contracts";
import { isShopApiError, upstreamTransport, type ShopApi } from "~/shared/api-client.server";
import { koErrors } from "~/shared/messages/shop/errors";
import { koRequestErrors } from "~/shared/messages/shop/request-errors";
import { ApiError, errorResponse } from "./api/http";
import type { Member } from "./auth/member";

/**
 * The upstream shop API (SHOP_API_ORIGIN set), as the Worker talks to it (issue 7, decision 043):
 * every call names the shop in headers only the Worker sets; the browser's calls are forwarded
 * with a fresh, minimal set of headers; upstream failures never reach the browser as they are.
 */

/** Headers that name the shop of the request's host. Set by the Worker, never taken from a client. */
export const SHOP_HOST_HEADER = "x-shop-host";
export const SHOP_ID_HEADER = "x-shop-id";
/** The shopper's address: Cloudflare replaces CF-Connecting-IP on a Worker's own requests. */
export const SHOP_CLIENT_IP_HEADER = "x-shop-client-ip";

export function shopHeaders(
  host: string | null,
  shop: ShopInfo | null,
  clientIp?: string | null,
): Record<string, string> {
  const headers: Record<string, string> = {};
  if (host) headers[SHOP_HOST_HEADER] = host;
  if (shop) headers[SHOP_ID_HEADER] = String(shop.shopid);
  if (clientIp) headers[SHOP_CLIENT_IP_HEADER] = clientIp;
  return headers;
}

/** What a browser's call keeps on its way upstream; everything else (X-Forwarded-*, Forwarded, X-Real-IP …) stays behind. */
const FORWARDED = [
  "accept",
  "accept-language",
  "content-type",
  "cookie",
  "user-agent",
  "origin",
  "referer",
  // The logout navigation tells a link followed from another site by it (decision 013).
  "sec-fetch-site",
];

/**
 * A path that could mean something else once decoded upstream: encoded dots, slashes or
 * backslashes, path parameters, or dot segments. (Whole "%2e%2e" segments never get here: the URL
 * parser resolves them before the Worker sees the request.)
 */
export function isTraversal(rawPath: string): boolean {
  return /%2e|%2f|%5c|;|\\/i.test(rawPath) || rawPath.split("/").some((s) => s === "." || s === "..");
}

/** The raw path as the client sent it (the URL parser would already have resolved dot segments). */
function rawPathOf(request: Request): string {
  const match = /^[a-z]+:\/\/[^/]+(\/[^?#]*)/i.exec(request.url);
  return match?.[1] ?? "/";
}

export async function proxyApi(
  request: Request,
  origin: string,
  host: string | null,
  shop: ShopInfo | null,
  fetcher: typeof fetch = fetch,
): Promise<Response> {
  if (isTraversal(rawPathOf(request))) {
    return errorResponse(new ApiError(400, "BAD_PATH", koRequestErrors.badRequest));
  }
  // The client's address as Cloudflare saw it, for the upstream's own throttling and orders.
  const headers = new Headers(shopHeaders(host, shop, request.headers.get("cf-connecting-ip")));
  for (const name of FORWARDED) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const forwarded = new Request(request.url, {
    method: request.method,
    headers,
    body: request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer(),
  });
  let response: Response;
  try {
    response = await upstreamTransport(origin, fetcher)(forwarded);
  } catch {
    return errorResponse(new ApiError(502, "UPSTREAM_UNREACHABLE", koErrors.upstream));
  }
  if (response.status >= 500) {
    // Whatever the upstream says about its failure (stack traces, internal names) stays there.
    await response.body?.cancel();
    return errorResponse(new ApiError(502, "UPSTREAM_ERROR", koErrors.upstream));
  }
  return response;
}

/**
 * Who is asking, in upstream mode: the upstream's answer to the contract's userinfo call for this
 * request's cookies (D1 here holds no sessions of the upstream's). Not logged in: null.
 */
export async function memberFromApi(api: ShopApi): Promise<Member | null> {
  try {
    const info = await api.call("userInfo");
    return { uid: info.uid, name: info.name, admin: info.admin, profile: info.profile };
  } catch (error) {
    if (isShopApiError(error) && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}
