import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { readCartForm, saveCart } from "~/lib/cart.server";

/**
 * The cart view's background save (JavaScript only): the same form fields as the cart page, as
 * JSON back. Called with fetch (keepalive) or a beacon rather than through the router, so a
 * dropped connection is a failed save the page can show, not an error page.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { lines, remove } = readCartForm(await request.formData());
  const saved = await saveCart(context, lines, remove);
  return Response.json({ saved }, { status: saved ? 200 : 502, headers: { "cache-control": "no-store" } });
}
