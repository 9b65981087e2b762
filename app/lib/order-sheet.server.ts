import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { isShopApiError } from "~/shared/api-client.server";
import { fieldErrors, keptValues, type FieldErrors } from "~/shared/forms/errors";
import { OrderSheetForm } from "~/shared/forms/order";
import { ORDER_FIELD_NAMES, type OrderFieldName } from "~/shared/forms/order-fields";
import { koOrder } from "~/shared/messages/cart";
import { PAY_ERROR_TEXT, payErrorCode } from "~/shared/order-errors";
import { accountPath, loadOwnOrder, loginAgainIfExpired } from "./cart.server";
import { thirdPartyShops } from "~/shared/consents";
import { flowPath } from "./order-flow";

/**
 * 결제하기 on the order sheet (/user/order): the form is parsed with the sheet's schema (field by
 * field, in Korean), then the API takes the payment choice. Here rather than in the route so the
 * schema's zod never reaches the page's browser bundle.
 */
export type OrderSheetValues = Partial<
  Record<OrderFieldName | "pay_method" | "points" | "same_as_orderer" | "agree_order" | "agree_third_party", string>
>;

export async function payOrderSheet({ request, context }: ActionFunctionArgs) {
  const order = await loadOwnOrder(request, context);
  const form = await request.formData();
  const values: OrderSheetValues = keptValues(form, [
    ...ORDER_FIELD_NAMES,
    "pay_method",
    "points",
    "same_as_orderer",
    "agree_order",
    "agree_third_party",
  ]);
  const same = values.same_as_orderer === "on";
  const parsed = OrderSheetForm.safeParse(
    same ? { ...values, receiver_name: values.orderer_name, receiver_phone: values.orderer_phone } : values,
  );
  // 주문 내용 확인 및 결제 동의 is the schema's; handing the address to another shop that ships
  // part of the order (a pick) is asked only when there is one.
  const consents: FieldErrors = {};
  if (thirdPartyShops(order).length > 0 && values.agree_third_party !== "on") {
    consents.agree_third_party = koOrder.agreeThirdPartyError;
  }
  if (!parsed.success || Object.keys(consents).length > 0) {
    // Each message shows next to its field; what was typed stays.
    const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...consents };
    return data({ error: koOrder.invalidField, errors, toCart: false, values }, { status: 400 });
  }
  try {
    const result = await context.api.call("payOrder", { body: { id: order.id, ...parsed.data } });
    if (result.redirect_url) return redirect(result.redirect_url);
    // Points paid for everything: nothing to transfer, the order is paid.
    if (result.order.points_used > 0 && result.order.amount_due === 0) {
      return redirect(accountPath(`/user/order_point?id=${order.id}`, request, context), 303);
    }
  } catch (error) {
    loginAgainIfExpired(error, request);
    if (!isShopApiError(error)) throw error;
    const code = payErrorCode(error.code);
    // Stock that ran out since the sheet was made, or more than a guest may hold: the way forward
    // is the cart.
    const toCart = code === "CHECK_QTY_INFO" || code === "HOLD_TOO_LARGE";
    const message = PAY_ERROR_TEXT[code];
    const errors: FieldErrors = error.field ? { [error.field]: error.message } : {};
    return data({ error: message, errors, toCart, values }, { status: error.status === 400 ? 400 : 409 });
  }
  const complete = flowPath("order_complete", new URL(request.url).pathname);
  return redirect(accountPath(`${complete}?id=${order.id}`, request, context), 303);
}
