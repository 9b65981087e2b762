import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isShopApiError } from "~/shared/api-client.server";
import { MAX_CART_LINES } from "~/shared/limits";

/**
 * Delivery fees for the quantities on screen (get/delivery_fee/v3), loaded by the cart view's
 * fetcher 1 s after a change. `l` is "pid2.pid3.qty,…"; the answer echoes it so the page knows
 * which state the fees belong to.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const sig = new URL(request.url).searchParams.get("l") ?? "";
  const data = sig
    .split(",")
    .slice(0, MAX_CART_LINES)
    .flatMap((part) => {
      const m = /^(\d{1,12})\.(\d{1,12})\.(\d{1,3})$/.exec(part);
      return m ? [{ pid2: Number(m[1]), pid3: Number(m[2]), qty: Number(m[3]) }] : [];
    });
  try {
    const fees = data.length > 0 ? await context.api.call("deliveryFee", { body: [{ data }] }) : [];
    return Response.json({ sig, fees }, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    if (isShopApiError(error)) return Response.json({ sig: null, fees: [] }, { status: 502 });
    throw error;
  }
}
