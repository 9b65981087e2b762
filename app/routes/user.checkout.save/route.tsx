import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { isShopApiError } from "~/shared/api-client.server";
import { loginAgainPath, readCartForm, saveCart } from "~/lib/cart.server";

/**
 * The cart view's background save (JavaScript only): the same form fields as the cart page, as
 * JSON back. Called with fetch (keepalive) or a beacon rather than through the router, so a
 * dropped connection is a failed save the page can show, not an error page.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { lines, remove } = readCartForm(await request.formData());
  const headers = { "cache-control": "private, no-store" };
  try {
    const saved = await saveCart(context, lines, remove);
    return Response.json({ saved }, { status: saved ? 200 : 502, headers });
  } catch (error) {
    // An ended session: the page sends the shopper to log in again (the cart page's own path).
    if (!isShopApiError(error) || error.code !== "SESSION_EXPIRED") throw error;
    const page = new URL(request.url);
    page.pathname = page.pathname.replace(/\/save$/, "");
    return Response.json({ saved: false, login: loginAgainPath(new Request(page)) }, { status: 401, headers });
  }
}
