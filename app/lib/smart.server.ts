import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { isShopApiError } from "~/shared/api-client.server";
import type { ApiName, BodyIn, QueryIn, Result } from "~/shared/contracts";
import { TABLE_COOKIE } from "~/shared/contracts/smart";
import { fieldErrors, type FieldErrors } from "~/shared/forms/errors";
import { isTableCardChoice, TableAddBody, TableOrderBody, TableQtyBody } from "~/shared/forms/smart";
import type { PaymentWindow } from "~/shared/contracts/cart";
import { koSmart } from "~/shared/messages/smart";
import { paymentFailureCode } from "~/shared/payment-failures";

/**
 * The smart order pages' server side (issue 13): every call of a diner's page goes through
 * `tableCall`, which sends a phone without a table (no cookie, a meal that ended, another shop's)
 * to /smartorder, where the page says to scan the table's code again.
 */
export async function tableCall<N extends ApiName>(
  context: AppLoadContext,
  name: N,
  input: { query?: QueryIn<N>; body?: BodyIn<N> } = {},
): Promise<Result<N>> {
  try {
    return await context.api.call(name, input);
  } catch (error) {
    if (isShopApiError(error) && error.code === "TABLE_SESSION") throw redirect("/smartorder");
    throw error;
  }
}

/** The table cookie: host-only, not for scripts, for as long as the meal lasts. */
export function tableCookie(visit: string, expiresAt: number, request: Request): string {
  const secure = new URL(request.url).protocol === "https:";
  const maxAge = Math.max(60, Math.floor((expiresAt - Date.now()) / 1000));
  return `${TABLE_COOKIE}=${visit}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export type SmartFormResult = {
  error?: string;
  errors?: FieldErrors;
  values?: Record<string, string>;
  /** 선결제: the attempt recorded; the page opens Toss's window with this (decision 105). */
  window?: PaymentWindow & { success_url: string; fail_url: string };
};

/** An API refusal a diner can act on, as the form's message; anything else goes to the error page. */
function refusal(error: unknown, values: Record<string, string>) {
  if (isShopApiError(error) && error.status < 500 && error.code !== "TABLE_SESSION") {
    return data<SmartFormResult>(
      { error: error.message, errors: error.field ? { [error.field]: error.message } : undefined, values },
      { status: error.status },
    );
  }
  if (isShopApiError(error) && error.code === "TABLE_SESSION") throw redirect("/smartorder");
  throw error;
}

const valuesOf = (form: FormData) =>
  Object.fromEntries([...form].filter(([, v]) => typeof v === "string").map(([k, v]) => [k, String(v).slice(0, 500)]));

/** 담기: one dish made one way, back to the menu saying so (post, redirect, see it). */
export async function addToTable(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const values = valuesOf(form);
  const parsed = TableAddBody.safeParse({
    sid: form.get("sid") ?? "",
    option: form.get("option") || undefined,
    extras: form.getAll("extra"),
    qty: form.get("qty") || 1,
  });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return data<SmartFormResult>({ error: Object.values(errors)[0], errors, values }, { status: 400 });
  }
  try {
    await tableCall(context, "tableAdd", { body: parsed.data });
  } catch (error) {
    return refusal(error, values);
  }
  return redirect(`/smartorder/start?added=${encodeURIComponent(parsed.data.sid)}`, 303);
}

/** The table's cart page: a line's quantity (intent=qty), or the order (intent=order). */
export async function tableCartAction(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const values = valuesOf(form);
  try {
    if (values.intent === "qty") {
      const parsed = TableQtyBody.safeParse(values);
      if (!parsed.success)
        return data<SmartFormResult>({ error: Object.values(fieldErrors(parsed.error))[0], values }, 400);
      await tableCall(context, "tableQty", { body: parsed.data });
      return redirect("/smartorder/order_check", 303);
    }
    const parsed = TableOrderBody.safeParse(values);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      return data<SmartFormResult>({ error: Object.values(errors)[0], errors, values }, { status: 400 });
    }
    // Only a page whose scripts run can open the window (it sends `script`): without them nothing is recorded.
    if (isTableCardChoice(parsed.data.pay) && values.script !== "1") {
      return data<SmartFormResult>({ error: koSmart.payFirstNeedsScripts, values }, { status: 400 });
    }
    const { id, window } = await tableCall(context, "tableOrder", { body: parsed.data });
    if (window) {
      // Back to the order check on this host (the table cookie is host-only), which confirms.
      const back = (pay: string) => `${new URL(request.url).origin}/smartorder/order_check?id=${id}&pay=${pay}`;
      return data<SmartFormResult>({
        values,
        window: { ...window, success_url: back("done"), fail_url: back("fail") },
      });
    }
    return redirect(`/smartorder/order_complete?id=${id}`, 303);
  } catch (error) {
    return refusal(error, values);
  }
}

/**
 * 선결제 (decision 105): Toss's window came back to the order check. `pay=done` is confirmed and
 * placed, then the completion page; `pay=fail`, or a confirm refused, goes back to the order check
 * with a code it words (never Toss's text from the address). Always a redirect, so a refresh or
 * the back button repeats nothing. Null when the address is no such return.
 */
export async function returnFromTableWindow(request: Request, context: AppLoadContext): Promise<Response | null> {
  const q = new URL(request.url).searchParams;
  const pay = q.get("pay");
  if (pay !== "done" && pay !== "fail") return null;
  const id = Number(q.get("id"));
  const check = (code: string) => redirect(`/smartorder/order_check?payment_error=${encodeURIComponent(code)}`, 303);
  if (!Number.isSafeInteger(id) || id <= 0) return check("OTHER");
  if (pay === "fail") {
    await tableCall(context, "tableFail", {
      body: { id, order_id: q.get("orderId") ?? "", code: q.get("code") ?? "", message: q.get("message") ?? "" },
    }).catch((error: unknown) => {
      if (error instanceof Response) throw error;
    });
    return check(paymentFailureCode(q.get("code") ?? ""));
  }
  try {
    await tableCall(context, "tableConfirm", {
      body: {
        id,
        payment_key: q.get("paymentKey") ?? "",
        order_id: q.get("orderId") ?? "",
        amount: Number(q.get("amount") ?? NaN),
      },
    });
  } catch (error) {
    if (!isShopApiError(error)) throw error;
    // Toss's answer is not known yet: the order's page says so and looks again (decision 142).
    if (error.code !== "PAYMENT_PENDING") return check(paymentFailureCode(error.code));
  }
  return redirect(`/smartorder/order_complete?id=${id}`, 303);
}
