import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { cookieHeaders } from "~/lib/auth.server";
import { isShopApiError } from "~/shared/api-client.server";
import { koAccount as t } from "~/shared/messages/account";

/**
 * 비회원 주문조회 (decision 058): the order number and the orderer's phone number open the order
 * in this browser, from any device. A plain form; wrong numbers get one message whichever was wrong.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const values = { order_id: String(form.get("order_id") ?? "").trim(), phone: String(form.get("phone") ?? "").trim() };
  const orderId = values.order_id.replace(/\D/g, "");
  if (!orderId || !values.phone) return data({ error: t.lookupFailed, values }, { status: 400 });
  try {
    const result = await context.api.callWithHeaders("lookupOrder", {
      body: { order_id: orderId, phone: values.phone },
    });
    return redirect(`/myshop/order_view?id=${result.data.id}`, { headers: cookieHeaders(result.headers) });
  } catch (error) {
    if (!isShopApiError(error) || error.status >= 500) throw error;
    return data({ error: error.status === 400 ? t.lookupFailed : error.message, values }, { status: error.status });
  }
}
