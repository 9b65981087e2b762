import {
  data,
  redirect,
  redirectDocument,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
} from "@remix-run/cloudflare";
import type { CartActionData } from "~/components/cart/CartView";
import {
  accountPath,
  loginAgainIfExpired,
  orderError,
  readCartForm,
  saveCart,
  trackingCookies,
} from "~/lib/cart.server";
import { approveOnlyText } from "~/lib/membership-text.server";
import { flowPath } from "~/lib/order-flow";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const cart = await context.api.call("myCart").catch((error: unknown) => {
    loginAgainIfExpired(error, request);
    throw error;
  });
  // The order errors' ways forward come back to this cart (/user/checkout or /exmy/user/checkout).
  const back = encodeURIComponent(new URL(request.url).pathname);
  // Members-only goods: a member joins this shop's membership; a guest logs in (or signs up) first.
  const memberPoint = `/shop/member_point?url=${back}`;
  return {
    cart,
    // The order form's one-time key: posting the same page twice makes one order.
    orderKey: crypto.randomUUID(),
    links: {
      // /notlogin/auth opens PortOne's window for a guest and sends a member to /user/info (decision 114).
      verify: accountPath(`/notlogin/auth?url=${back}`, request, context),
      join: context.member
        ? memberPoint
        : accountPath(`/notlogin/join?url=${encodeURIComponent(memberPoint)}`, request, context),
      joinText: approveOnlyText(context.member !== null),
      shop: "/",
    },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  try {
    return await act(request, context);
  } catch (error) {
    loginAgainIfExpired(error, request);
    throw error;
  }
}

async function act(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const { lines, remove, picked, intent, key, js } = readCartForm(form);

  // Every post first saves the quantities on screen and the removals (never adds a line).
  if (!(await saveCart(context, lines, remove))) {
    return data<CartActionData>({ error: { code: "SAVE_FAILED" }, key }, { status: js ? 200 : 502 });
  }

  if (intent.kind === "order") {
    if (lines.length === 0 || !key) {
      return data<CartActionData>({ error: { code: "EMPTY_CART" }, key }, { status: js ? 200 : 400 });
    }
    if (picked.length === 0) {
      return data<CartActionData>({ error: { code: "NOTHING_PICKED" }, key }, { status: js ? 200 : 400 });
    }
    let orderId: number;
    try {
      const result = await context.api.call("makeOrder", {
        body: {
          // 선택 주문: only the checked lines go on the sheet; the rest stay in the cart.
          list: picked,
          key,
          npay: intent.npay,
          ...trackingCookies(request),
        },
      });
      orderId = result.order_id;
    } catch (error) {
      loginAgainIfExpired(error, request);
      // Scripts get the error as data (200: the cart revalidates, nothing logs a failed load);
      // a page without scripts is rendered again with it, as a 409, keeping the order's key.
      return data<CartActionData>({ error: orderError(error), key }, { status: js ? 200 : 409 });
    }
    const sheet = flowPath("order", new URL(request.url).pathname);
    // A document of its own, even with scripts: only the sheet's CSP lets Toss's window in
    // (functions/payments/csp.ts), and a client-side move keeps the cart page's.
    return redirectDocument(accountPath(`${sheet}?id=${orderId}${intent.npay ? "&npay=1" : ""}`, request, context));
  }

  // Scripts want to know it worked; a page without scripts gets the cart again (post/redirect/get).
  if (js) return data<CartActionData>({ saved: true });
  const url = new URL(request.url);
  return redirect(url.pathname + url.search, 303);
}
