import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { Member } from "../../functions/auth/member";
import { loginPath } from "~/shared/return-path";

/**
 * Protected pages (/message, /myshop, /user/info): the login check must give a positive number
 * (the member's uid, the same answer /api/user/test gives), otherwise the visitor goes to
 * /user/login with the return address and the shop's domain. Works the same with scripts off.
 */
export function requireMember(request: Request, context: AppLoadContext): Member {
  const uid = context.member?.uid ?? 0;
  if (context.member && uid > 0) return context.member;
  const url = new URL(request.url);
  throw redirect(loginPath(url.pathname + url.search, context.shop.dom));
}

/** The Set-Cookie values of an API response, to pass on to the browser. */
export function cookieHeaders(apiHeaders: Headers, extra?: HeadersInit): Headers {
  const headers = new Headers(extra);
  for (const c of apiHeaders.getSetCookie()) headers.append("set-cookie", c);
  return headers;
}

/** The shop's native app announces itself in its WebView's user agent (docs/decisions/016). */
export const NATIVE_APP_UA = /\bMyShopApp\//;

export function isNativeAppRequest(request: Request): boolean {
  return NATIVE_APP_UA.test(request.headers.get("user-agent") ?? "");
}
