import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { accountPath } from "~/lib/cart.server";
import { isShopApiError } from "~/shared/api-client.server";

/** An order number: twelve digits. */
const ORDER_NO = /^\d{12}$/;

/**
 * /user and /user/{bk_order} (decision 071). /user is the account area's door: it leads to
 * /myshop. /user/{order number} is a bookmarked or shared order link: the order's own page for
 * whoever may see it (its member, its device, a browser that looked it up), 비회원 주문조회 with the
 * number filled in for anyone else, so the link never tells whether the order exists.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const order = params.bk_order;
  if (order === undefined) throw redirect(accountPath("/myshop", request, context));
  if (!ORDER_NO.test(order)) throw new Response(null, { status: 404 });
  try {
    await context.api.call("myOrder", { query: { id: Number(order) } });
  } catch (error) {
    if (!isShopApiError(error) || error.status >= 500) throw error;
    throw redirect(`/user/order_lookup?id=${order}`);
  }
  throw redirect(accountPath(`/myshop/order_view?id=${order}`, request, context));
}
