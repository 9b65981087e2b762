import {
  data,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
} from "@remix-run/cloudflare";
import { isShopApiError } from "~/shared/api-client.server";
import type { SavedAddress } from "~/shared/contracts/settings";
import { fieldErrors, keptValues, type FieldErrors } from "~/shared/forms/errors";
import { OrderSheetForm, type OrderSheetInput } from "~/shared/forms/order";
import { ORDER_FIELD_NAMES, type OrderFieldName } from "~/shared/forms/order-fields";
import { koOrder } from "~/shared/messages/cart";
import { parsePoints, pointsProblem, totalForArea } from "~/shared/money";
import { remoteArea } from "~/shared/remote-areas";
import { formatPhone } from "~/shared/phone";
import { PAY_ERROR_TEXT, payErrorCode } from "~/shared/order-errors";
import { paymentFailureCode, paymentFailureText } from "~/shared/payment-failures";
import type { OrderView, PaymentWindow } from "~/shared/contracts/cart";
import { thirdPartyShops } from "~/shared/consents";
import { accountPath, loadOwnOrder, loginAgainIfExpired } from "~/lib/cart.server";
import { flowPath } from "~/lib/order-flow";
import { receiverOf } from "./receiver";

/**
 * The order sheet's server side (/user/order): what the page loads, and its two posts — 결제하기,
 * and 적용, which recalculates the sheet with the points typed (the way without scripts). Here
 * rather than in the route so the schema's zod never reaches the page's browser bundle.
 */

/** What the sheet's form sends, as typed (kept for showing again). */
export type OrderSheetValues = Partial<
  Record<
    | OrderFieldName
    | "pay_method"
    | "points"
    | "same_as_orderer"
    | "agree_order"
    | "agree_third_party"
    | "escrow"
    | "agree_notify"
    | "save_address",
    string
  >
>;

/** What a post of the sheet answers when it does not leave the page. */
export type OrderSheetResult = {
  /** A card, wallet or virtual account chosen: the page opens Toss's window with this. */
  window?: PaymentWindow & { success_url: string; fail_url: string };
  /** `pay`: a refused 결제하기; `points`: the sheet recalculated with the points typed. */
  intent: "pay" | "points";
  /** The notice above the form (null for a recalculation that went through). */
  error: string | null;
  errors: FieldErrors;
  /** The way forward is the cart (stock gone, more than a guest may hold). */
  toCart: boolean;
  values: OrderSheetValues;
};

/** The points balance of a member of a shop that runs points; null when the sheet takes none. */
async function pointBalanceOf(context: AppLoadContext): Promise<number | null> {
  if (!context.member || !context.shop.point) return null;
  return context.api
    .call("isMember", { query: { shopid: context.shop.shopid } })
    .then((m) => (m.id !== null ? m.point : null))
    .catch(() => null);
}

/**
 * A member's sheet starts filled in: their name, their own phone (members.phone, decision 180)
 * for the orderer, and an address of their address book (/user/info) for the receiver: the one
 * picked (`?addr=`, the picker's links without scripts), else the default, whose phone is the
 * orderer's too when the account has none. A guest's starts empty.
 */
async function prefillOf(context: AppLoadContext, picked: string | null, order: OrderView) {
  // Back from Toss's window without a payment: what was typed before it opened (kept on the order).
  const typed = typedBefore(order);
  if (typed && !picked) {
    const addresses = context.member
      ? (await context.api.call("addresses").catch(() => ({ items: [] as SavedAddress[] }))).items
      : [];
    return { prefill: typed, addresses, pickedAddress: null };
  }
  if (!context.member) return { prefill: {}, addresses: [] as SavedAddress[], pickedAddress: null };
  const book = await context.api
    .call("addresses")
    .catch(() => ({ items: [] as SavedAddress[], phone: null as string | null }));
  const own = book.phone ? formatPhone(book.phone) : null;
  // A member without a saved address keeps the first one typed, unless they untick it.
  const base: OrderSheetValues = {
    orderer_name: context.member.name,
    ...(own ? { orderer_phone: own } : {}),
    ...(book.items.length === 0 ? { save_address: "on" } : {}),
  };
  const home = book.items.find((a) => String(a.id) === picked) ?? book.items.find((a) => a.is_default);
  if (!home) return { prefill: base, addresses: book.items, pickedAddress: null };
  return {
    addresses: book.items,
    pickedAddress: home.id,
    prefill: { ...base, orderer_phone: own ?? formatPhone(home.receiver_phone), ...receiverOf(home) },
  };
}

/**
 * Toss's window came back to the sheet (decision 102): `pay=done` with what it approved, which is
 * confirmed and placed, then the completion page; `pay=fail` with why not. Either way the answer
 * is a redirect, so a refresh or the back button repeats nothing; a refusal comes back as
 * `payment_error`, a code the sheet words (never Toss's text from the address).
 */
async function returnFromWindow(request: Request, context: AppLoadContext, id: number): Promise<Response | null> {
  const url = new URL(request.url);
  const q = url.searchParams;
  const pay = q.get("pay");
  if (pay !== "done" && pay !== "fail") return null;
  const sheet = (code: string) =>
    redirect(accountPath(`${url.pathname}?id=${id}&payment_error=${encodeURIComponent(code)}`, request, context));
  const checking = () => redirect(accountPath(`${url.pathname}?id=${id}&check=1`, request, context), 303);
  if (pay === "fail") {
    const code = paymentFailureCode(q.get("code") ?? "");
    await context.api
      .call("failPayment", {
        body: { id, order_id: q.get("orderId") ?? "", code: q.get("code") ?? "", message: q.get("message") ?? "" },
      })
      .catch(() => null);
    return sheet(code);
  }
  try {
    await context.api.call("confirmPayment", {
      body: {
        id,
        payment_key: q.get("paymentKey") ?? "",
        order_id: q.get("orderId") ?? "",
        amount: Number(q.get("amount") ?? NaN),
      },
    });
  } catch (error) {
    loginAgainIfExpired(error, request);
    if (!isShopApiError(error)) throw error;
    // Not this browser's order (a replayed address): nothing to show it.
    if (error.status === 404) throw new Response(null, { status: 404 });
    // Toss's answer is not known yet: the sheet says so and looks again (decision 142).
    if (error.code === "PAYMENT_PENDING") return checking();
    return sheet(paymentFailureCode(error.code));
  }
  const complete = flowPath("order_complete", url.pathname);
  return redirect(accountPath(`${complete}?id=${id}`, request, context), 303);
}

/** The buyer's details 결제하기 kept on the order before Toss's window opened, if any. */
function typedBefore(order: OrderView): OrderSheetValues | null {
  if (!order.orderer || !order.delivery) return null;
  const d = order.delivery;
  return {
    orderer_name: order.orderer.name,
    orderer_phone: order.orderer.phone,
    receiver_name: d.name,
    receiver_phone: d.phone,
    postcode: d.postcode,
    address: d.address,
    detail: d.detail,
    memo: d.memo,
  };
}

/**
 * A payment whose outcome Toss has not given yet (decision 142): the sheet asks again (the
 * reconciler's step, spaced by the API), and once the payment is recorded, a sheet that was
 * waiting for it goes on to the completion page.
 */
async function checkedAgain(request: Request, context: AppLoadContext, order: OrderView): Promise<OrderView> {
  const url = new URL(request.url);
  const now =
    order.payment_attempt?.state === "checking"
      ? await context.api
          .call("checkPayment", { body: { id: order.id } })
          .then((r) => r.order)
          .catch(() => order)
      : order;
  if (url.searchParams.get("check") === "1" && now.online && now.payment) {
    const complete = flowPath("order_complete", url.pathname);
    throw redirect(accountPath(`${complete}?id=${now.id}`, request, context), 303);
  }
  return now;
}

export async function loadOrderSheet({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const back = await returnFromWindow(request, context, Number(url.searchParams.get("id")));
  if (back) throw back;
  const order = await checkedAgain(request, context, await loadOwnOrder(request, context));
  // Why the last window did not pay: its address's code, or a confirmed window that ended without
  // a payment however the sheet was reached (decision 142).
  const attempt = order.payment_attempt;
  const failure = url.searchParams.get("payment_error") ?? (attempt?.state === "failed" ? attempt.code : null);
  return {
    paymentError: failure ? paymentFailureText(failure) : null,
    order,
    npay: url.searchParams.get("npay") === "1",
    // A member of a shop that runs points may use them on the sheet.
    pointBalance: await pointBalanceOf(context),
    pointRate: context.shop.point ? context.shop.point_rate : 0,
    ...(await prefillOf(context, url.searchParams.get("addr"), order)),
    cartPath: accountPath(flowPath("checkout", url.pathname), request, context),
  };
}

const SHEET_VALUES = [
  ...ORDER_FIELD_NAMES,
  "pay_method",
  "points",
  "same_as_orderer",
  "agree_order",
  "agree_third_party",
  "escrow",
  "agree_notify",
  "save_address",
];

/** The message for points the sheet cannot use, or null. */
function pointsMessage(
  typed: string | undefined,
  terms: { unit: number; total: number; balance: number | null },
): string | null {
  const points = parsePoints(typed);
  if (points === null) return koOrder.points.invalid;
  const problem = pointsProblem(points, terms);
  if (problem === "unit") return koOrder.points.unit(terms.unit);
  if (problem === "over_total") return koOrder.points.overTotal;
  if (problem === "short") return koOrder.points.short;
  if (problem === "invalid") return koOrder.points.invalid;
  return null;
}

/**
 * 결제하기 (the form parsed with the sheet's schema, field by field, in Korean; then the API takes
 * the payment choice), or 적용 (`intent=points`): the same page again with every value kept and the
 * totals after the points typed, or the points field's message.
 */
export async function submitOrderSheet({ request, context }: ActionFunctionArgs) {
  const order = await loadOwnOrder(request, context);
  const form = await request.formData();
  const values: OrderSheetValues = keptValues(form, SHEET_VALUES);

  if (form.get("intent") === "points") {
    const message = pointsMessage(values.points, {
      unit: context.shop.point_unit,
      // The total for the postcode typed: 적용 also recalculates the 제주/도서산간 extra.
      total: totalForArea(order, remoteArea((values.postcode ?? "").trim())),
      balance: await pointBalanceOf(context),
    });
    const errors: FieldErrors = message ? { points: message } : {};
    return data<OrderSheetResult>(
      { intent: "points", error: null, errors, toCart: false, values },
      { status: message ? 400 : 200 },
    );
  }

  const same = values.same_as_orderer === "on";
  // The total the page showed goes with the post, never kept: a sheet shown again shows its own.
  const shown = form.get("shown_total");
  const posted = { ...values, shown_total: typeof shown === "string" ? shown : undefined };
  const parsed = OrderSheetForm.safeParse(
    same ? { ...posted, receiver_name: values.orderer_name, receiver_phone: values.orderer_phone } : posted,
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
    return data<OrderSheetResult>(
      { intent: "pay", error: koOrder.invalidField, errors, toCart: false, values },
      { status: 400 },
    );
  }
  try {
    const result = await context.api.call("payOrder", { body: { id: order.id, ...parsed.data } });
    if (context.member && values.save_address === "on") await keepAddress(context, parsed.data);
    if (result.window) {
      // Back to this sheet, on the host the shopper is on (cookies are host-only).
      const here = new URL(request.url);
      const back = (pay: string) =>
        `${here.origin}${accountPath(`${here.pathname}?id=${order.id}&pay=${pay}`, request, context)}`;
      return data<OrderSheetResult>({
        intent: "pay",
        error: null,
        errors: {},
        toCart: false,
        values,
        window: { ...result.window, success_url: back("done"), fail_url: back("fail") },
      });
    }
    // Points paid for everything: nothing to transfer, the order is paid.
    if (result.order.points_used > 0 && result.order.amount_due === 0) {
      return redirect(accountPath(`/user/order_point?id=${order.id}`, request, context), 303);
    }
  } catch (error) {
    loginAgainIfExpired(error, request);
    if (!isShopApiError(error)) throw error;
    // A payment of this sheet is being confirmed (another tab): no second window; the sheet waits.
    if (error.code === "PAYMENT_PENDING") {
      return redirect(accountPath(`${new URL(request.url).pathname}?id=${order.id}&check=1`, request, context), 303);
    }
    const code = payErrorCode(error.code);
    // Stock that ran out since the sheet was made, or more than a guest may hold: the way forward
    // is the cart.
    const toCart = code === "CHECK_QTY_INFO" || code === "HOLD_TOO_LARGE";
    const errors: FieldErrors = error.field ? { [error.field]: error.message } : {};
    return data<OrderSheetResult>(
      { intent: "pay", error: PAY_ERROR_TEXT[code], errors, toCart, values },
      { status: error.status === 400 ? 400 : 409 },
    );
  }
  const complete = flowPath("order_complete", new URL(request.url).pathname);
  return redirect(accountPath(`${complete}?id=${order.id}`, request, context), 303);
}

/**
 * 이 배송지 저장 (issue 52: a member's next order needs no typing): the receiver and address just
 * ordered to, into the member's book unless it is there already (the book's first is its default).
 * A full book or a failed call costs the order nothing: the sheet's post has done its work.
 */
async function keepAddress(context: AppLoadContext, sent: OrderSheetInput): Promise<void> {
  const address = {
    receiver_name: sent.receiver_name,
    receiver_phone: sent.receiver_phone,
    postcode: sent.postcode,
    address: sent.address,
    detail: sent.detail,
  };
  try {
    const { items } = await context.api.call("addresses");
    const same = (a: SavedAddress) =>
      (Object.keys(address) as (keyof typeof address)[]).every((k) => (a[k] ?? "") === (address[k] ?? ""));
    if (!items.some(same)) await context.api.call("addAddress", { body: { ...address, is_default: false } });
  } catch (error) {
    if (!isShopApiError(error)) throw error;
  }
}
