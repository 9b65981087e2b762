import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { z } from "zod";
import { isShopApiError } from "~/shared/api-client.server";
import { fieldErrors, keptValues, type FieldErrors } from "~/shared/forms/errors";
import { BuyerActionBody, OwnerActionBody } from "~/shared/forms/order-actions";
import { koOrder } from "~/shared/messages/cart";
import { isOrderAction, transitionOf, type OrderAction } from "~/shared/order-machine";
import { loginAgainIfExpired } from "./cart.server";

/** What an order action's form gets back when it did not go through (yet). */
export type OrderActionResult = {
  action?: OrderAction;
  /** The action waits for the second press of its confirm step. */
  confirm?: OrderAction;
  error?: string;
  errors?: FieldErrors;
  values?: Record<string, string>;
};

const FIELDS = [
  "id",
  "action",
  "reason",
  "note",
  "sale_reason",
  "courier",
  "tracking_no",
  "refund_bank",
  "refund_account",
  "refund_holder",
  "line",
];

/**
 * One press of an order action's button, as a plain form post (the buyer's order page and the
 * owner's console): checked with the action's schema, asked once more where money or stock moves
 * (`confirm=1` on the second press), then sent to the API. Success goes back to the page (303)
 * with `done=` for the notice; a refusal comes back with its message, next to its field if any.
 */
export async function submitOrderAction(request: Request, context: AppLoadContext, side: "buyer" | "owner") {
  const form = await request.formData();
  const values = keptValues(form, FIELDS);
  const action = values.action && isOrderAction(values.action) ? values.action : undefined;
  // A return's quantity per line (the owner's 반품 forms): one field per line, in line order.
  const returnQty = form.getAll("return_qty").map(String);
  if (returnQty.length > 0) values.return_qty = returnQty.join(",");
  const parsed =
    side === "buyer"
      ? BuyerActionBody.safeParse(values)
      : OwnerActionBody.safeParse({ ...values, return_qty: returnQty });
  if (!parsed.success || !action) {
    const errors = parsed.success ? {} : fieldErrors(parsed.error);
    return data<OrderActionResult>({ action, error: koOrder.invalidField, errors, values }, { status: 400 });
  }
  if (transitionOf(action).confirm && form.get("confirm") !== "1") {
    return data<OrderActionResult>({ action, confirm: action, values });
  }
  try {
    if (side === "buyer")
      await context.api.call("orderAction", { body: parsed.data as z.input<typeof BuyerActionBody> });
    else await context.api.call("adminOrderAction", { body: parsed.data as z.input<typeof OwnerActionBody> });
  } catch (error) {
    loginAgainIfExpired(error, request);
    if (!isShopApiError(error) || error.status >= 500) throw error;
    const errors: FieldErrors = error.field ? { [error.field]: error.message } : {};
    return data<OrderActionResult>({ action, error: error.message, errors, values }, { status: error.status });
  }
  const back = new URL(request.url);
  back.searchParams.set("done", action);
  return redirect(back.pathname + back.search, 303);
}
