/**
 * A shop a platform admin suspended (decision 108). Shoppers get "잠시 문을 닫았습니다" with 503
 * (a closure meant to end: search engines keep the pages and come back) and noindex; its owner and
 * platform admins pass, and anyone may reach the log-in pages so the owner can get in.
 */
import type { ShopInfo } from "~/shared/contracts";
import { koPlatform } from "~/shared/messages/platform";
import { shopOwnerUid } from "~/shared/shop-owner";
import type { Member } from "../auth/member";
import { ApiError, errorResponse } from "../api/http";
import { plainPage } from "../pages";

const OPEN_PATHS = ["/user/login", "/user/forget", "/api/user/"];

export function mayPassSuspension(shop: ShopInfo, member: Member | null, pathname: string): boolean {
  if (member && (member.admin || member.uid === shopOwnerUid(shop))) return true;
  // The console's own door answers a stranger with its 404 or the log-in page.
  if (pathname === "/admin" || pathname.startsWith("/admin/")) return true;
  return OPEN_PATHS.some((p) => pathname === p || (p.endsWith("/") && pathname.startsWith(p)));
}

export function closedShopPage(requestId: string): Response {
  const response = plainPage(503, koPlatform.closedTitle, koPlatform.closedBody, requestId);
  response.headers.set("retry-after", "3600");
  response.headers.set("x-robots-tag", "noindex");
  return response;
}

export const closedShopApi = () => errorResponse(new ApiError(503, "SHOP_SUSPENDED", koPlatform.closedTitle));
