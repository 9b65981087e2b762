import { isbot } from "isbot";
import { DEVICE_KEY, deviceCookie, newDeviceId, readDeviceId } from "~/shared/device";

/**
 * The first change a guest posts (add to cart, save, order) mints their device id: the request is
 * handed on with the new cookie, so the API and the Remix action already see it, and the
 * response sets it in the browser. So does the first product page a person opens (its view is
 * remembered, decision 056); other pages, prefetches and robots never mint one.
 */
export function ensureDevice(request: Request): { request: Request; setCookie: string | null } {
  if (!mints(request) || readDeviceId(request.headers.get("cookie"))) return { request, setCookie: null };
  const id = newDeviceId();
  const headers = new Headers(request.headers);
  // A malformed id is replaced, not kept beside the new one.
  const others = (request.headers.get("cookie") ?? "")
    .split(";")
    .filter((part) => part.trim() && part.split("=")[0]!.trim() !== DEVICE_KEY);
  headers.set("cookie", [...others.map((p) => p.trim()), `${DEVICE_KEY}=${id}`].join("; "));
  const secure = new URL(request.url).protocol === "https:";
  return { request: new Request(request, { headers }), setCookie: deviceCookie(id, secure) };
}

export function withSetCookie(response: Response, ...setCookies: (string | null)[]): Response {
  const lines = setCookies.filter((line): line is string => line !== null);
  if (lines.length === 0) return response;
  const copy = new Response(response.body, response);
  for (const line of lines) copy.headers.append("set-cookie", line);
  return copy;
}

function mints(request: Request): boolean {
  if (request.method === "POST") return true;
  if (request.method !== "GET" || !new URL(request.url).pathname.startsWith("/shop/view/")) return false;
  const purpose = request.headers.get("sec-purpose") ?? request.headers.get("purpose") ?? "";
  return !/prefetch/i.test(purpose) && !isbot(request.headers.get("user-agent") ?? "");
}
