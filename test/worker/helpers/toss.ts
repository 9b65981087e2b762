import { env } from "cloudflare:test";
import { expect, vi } from "vitest";
import { createTossStandin, type TossStandin, type TossStandinOptions } from "../../../scripts/lib/toss-standin.mjs";
import { get } from "./request";
import { ADDRESS, Shopper } from "./shopper";

/**
 * Toss Payments for Worker tests (issue 35): the Worker's calls to TOSS_API_BASE answered by the
 * stand-in's handler (scripts/lib/toss-standin.mjs) in place of the network, and an order paid
 * by card through the real flow: 결제하기 (payOrder) → the stand-in's window → 결제 승인 → the
 * sheet's `?pay=done` address, which confirms and places the order.
 */

/**
 * A fresh stand-in with the Worker's fetch routed to it; call in `beforeEach`. Its deposit
 * callbacks go into the Worker, on the host of the payment's successUrl.
 */
export function routeToss(options: TossStandinOptions = {}): TossStandin {
  const standin = createTossStandin({
    deliver: (url, init) => {
      const u = new URL(url);
      return get(u.host, u.pathname, { method: init.method, headers: init.headers, body: init.body });
    },
    ...options,
  });
  const network = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const request = new Request(input, init);
    return request.url.startsWith(env.TOSS_API_BASE!) ? standin.handle(request) : network(input, init);
  });
  return standin;
}

export type Window = {
  client_key: string;
  customer_key: string;
  method: string;
  easy_pay: string | null;
  order_id: string;
  order_name: string;
  amount: number;
  valid_hours: number | null;
};

/**
 * The stand-in's window opened with what the sheet's page opens it with (its success and fail
 * addresses the sheet's on `host`), and one of its buttons pressed: where Toss sends the browser
 * back to (path and query).
 */
export async function pressWindow(
  standin: TossStandin,
  w: Window,
  action: "approve" | "reject" | "close",
  id: number,
  host: string,
): Promise<string> {
  const back = (pay: string) => `http://${host}/user/order?id=${id}&pay=${pay}`;
  const fields = new URLSearchParams({
    clientKey: w.client_key,
    customerKey: w.customer_key,
    method: w.method,
    amount: String(w.amount),
    currency: "KRW",
    orderId: w.order_id,
    orderName: w.order_name,
    successUrl: back("done"),
    failUrl: back("fail"),
  });
  if (w.easy_pay) {
    fields.set("easyPay", w.easy_pay);
    fields.set("flowMode", "DIRECT");
  }
  if (w.valid_hours) fields.set("validHours", String(w.valid_hours));
  const origin = env.TOSS_API_BASE!;
  expect((await standin.handle(`${origin}/_standin/window?${fields}`)).status).toBe(200);
  fields.set("action", action);
  const res = await standin.handle(`${origin}/_standin/window`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: fields.toString(),
  });
  expect(res.status).toBe(303);
  const to = new URL(res.headers.get("location")!);
  return `${to.pathname}${to.search}`;
}

/**
 * A guest's order of `lines` on `host`, paid through Toss's window as a browser would: answers
 * with the shopper, the order id and Toss's orderId. `choice` "vbank" leaves a virtual account
 * waiting for its deposit (pay it with `standin`'s /_standin/deposit).
 */
export async function payOnline(
  standin: TossStandin,
  host: string,
  lines: { pid2: number; pid3: number; qty: number }[],
  choice: "card" | "kakaopay" | "vbank" = "card",
  /** The guest's address for the order's mail. */
  email = "guest-toss@example.test",
): Promise<{ shopper: Shopper; id: number; providerOrderId: string; paymentKey: string }> {
  const shopper = new Shopper(host);
  shopper.ip = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
  expect((await shopper.add(lines)).status).toBe(200);
  const sheet = await shopper.order(lines);
  expect(sheet.status).toBe(200);
  const id = sheet.data.order_id;
  const paid = await shopper.api<{ window: Window | null; error?: unknown }>("/api/myshp/pay/my/order", {
    id,
    pay_method: choice,
    ...ADDRESS,
    email,
  });
  expect(paid.status, JSON.stringify(paid.data.error)).toBe(200);
  const w = paid.data.window!;
  const success = new URL(`http://x${await pressWindow(standin, w, "approve", id, host)}`);
  const placed = await shopper.fetch(success.pathname + success.search);
  expect(placed.status).toBe(303);
  expect(placed.headers.get("location")).toContain("order_complete");
  return { shopper, id, providerOrderId: w.order_id, paymentKey: success.searchParams.get("paymentKey")! };
}
