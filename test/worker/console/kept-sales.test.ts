import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { formatKRW } from "~/shared/format";
import { amountDue, keptAmount, sqlKeptAmount } from "~/shared/money";
import type { TossStandin } from "../../../scripts/lib/toss-standin.mjs";
import { login, PASSWORD } from "../helpers/auth";
import { BEAUTY } from "../helpers/request";
import { Shopper } from "../helpers/shopper";
import { payOnline, routeToss } from "../helpers/toss";

/**
 * Issue 52 item 5: the console's sales count the money the shop keeps. A seller's cancel (판매취소)
 * of a paid transfer waiting for its refund, a card order cancelled and refunded at once, and a
 * partial return leave 오늘 매출 and the 30 days by what went back; an order kept stays whole.
 */

const LINE_A = { pid2: 13, pid3: 1300, qty: 1 };
const LINE_B = { pid2: 14, pid3: 1400, qty: 2 };

let standin: TossStandin;
beforeEach(() => {
  standin = routeToss();
});

type Dashboard = { today: { orders: number; sales: number }; days: { day: string; orders: number; sales: number }[] };
type View = { status: string; paid_amount: number };

const ownerOf = async () => Shopper.signedIn(BEAUTY, await login(BEAUTY, "owner@beauty.example.test", PASSWORD));
const ownerAct = (owner: Shopper, body: Record<string, unknown>) =>
  owner.api<View>("/api/myshp/admin/order/action", body);
const buyerAct = (buyer: Shopper, body: Record<string, unknown>) => buyer.api<View>("/api/myshp/my/order/action", body);

const orderRow = async (id: number) =>
  (await env.DB.prepare(
    `SELECT status, total_price, points_used, paid_amount, return_amount, refund_amount FROM orders WHERE id = ?`,
  )
    .bind(id)
    .first<{
      status: string;
      total_price: number;
      points_used: number;
      paid_amount: number;
      return_amount: number | null;
      refund_amount: number | null;
    }>())!;

/** A guest's bank transfer on beauty, its deposit confirmed by the owner; its id and amount due. */
async function paidTransfer(owner: Shopper): Promise<{ id: number; amount: number }> {
  const shopper = new Shopper(BEAUTY);
  shopper.ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
  await shopper.add([LINE_A]);
  const id = (await shopper.order([LINE_A])).data.order_id;
  expect((await shopper.pay(id)).status).toBe(200);
  expect((await ownerAct(owner, { id, action: "confirm_payment" })).data.status).toBe("CONFIRM_PAYMENT");
  return { id, amount: amountDue(await orderRow(id)) };
}

describe("the console's sales are the money kept", () => {
  it("오늘 매출 and the 30 days leave out seller cancels and refunds, and a partial return's amount", async () => {
    const owner = await ownerOf();
    const dashboard = async () => (await owner.api<Dashboard>("/api/myshp/admin/dashboard")).data;
    const sales = async () => (await dashboard()).today.sales;
    const start = await sales();

    // Kept: counted whole.
    const kept = await paidTransfer(owner);
    let expected = start + kept.amount;
    expect(await sales()).toBe(expected);

    // 판매취소 of a paid transfer: the money waits to go back (환불대기), it is not the shop's.
    const cancelled = await paidTransfer(owner);
    expect(await sales()).toBe(expected + cancelled.amount);
    const res = await ownerAct(owner, {
      id: cancelled.id,
      action: "seller_cancel",
      sale_reason: "stock",
      note: "재고가 모두 소진되었습니다",
    });
    expect(res.data.status).toBe("REQ_BANK_REFUND");
    expect(await sales()).toBe(expected);

    // A card order the owner cancels: Toss refunds it in the same press (환불완료).
    const card = await payOnline(standin, BEAUTY, [LINE_A]);
    const cardAmount = (await orderRow(card.id)).paid_amount;
    expect(await sales()).toBe(expected + cardAmount);
    const refunded = await ownerAct(owner, { id: card.id, action: "seller_cancel", sale_reason: "stock" });
    expect(refunded.data.status).toBe("REFUNDED");
    expect(await sales()).toBe(expected);

    // A partial return (one of two lines): the returned value goes out once accepted, and stays out
    // once refunded; the rest is kept.
    const returned = await payOnline(standin, BEAUTY, [LINE_A, LINE_B]);
    const paid = (await orderRow(returned.id)).paid_amount;
    expected += paid;
    expect(await sales()).toBe(expected);
    await ownerAct(owner, { id: returned.id, action: "ship", courier: "cj", tracking_no: "601234567890" });
    await ownerAct(owner, { id: returned.id, action: "deliver" });
    await buyerAct(returned.shopper, { id: returned.id, action: "request_refund", reason: "사이즈가 맞지 않아요" });
    expect(await sales()).toBe(expected);
    const accepted = await ownerAct(owner, { id: returned.id, action: "accept_refund", return_qty: [1, 0] });
    expect(accepted.data.status).toBe("REFUND_ACCEPTED");
    const back = (await orderRow(returned.id)).return_amount!;
    expect(back).toBeGreaterThan(0);
    expect(back).toBeLessThan(paid);
    expected -= back;
    expect(await sales()).toBe(expected);
    expect((await ownerAct(owner, { id: returned.id, action: "refund_done" })).data.status).toBe("REFUNDED");
    expect((await orderRow(returned.id)).refund_amount).toBe(back);
    expect(await sales()).toBe(expected);
    expect(keptAmount(await orderRow(returned.id))).toBe(paid - back);

    // The 30 days end with today's figure, and the console's page shows it.
    const after = await dashboard();
    expect(after.days.at(-1)).toMatchObject(after.today);
    const page = (await (await owner.fetch("/admin")).text()).replace(/<!-- -->/g, "");
    expect(page).toContain(formatKRW(expected));

    // The kept days (migration 0050's triggers) are the orders' money kept, summed.
    const { results } = await env.DB.prepare(
      `SELECT day, sales FROM shop_daily_orders WHERE shop_id = ?1 AND orders > 0 ORDER BY day`,
    )
      .bind(1)
      .all<{ day: string; sales: number }>();
    const { results: orders } = await env.DB.prepare(
      `SELECT date((created_at + 32400000) / 1000, 'unixepoch') AS day, status, total_price, points_used, paid_amount,
         return_amount, refund_amount
       FROM orders WHERE shop_id = 1 AND (pay_method IS NOT NULL OR points_used > 0 OR pay_later = 1)`,
    ).all<{
      day: string;
      status: string;
      total_price: number;
      points_used: number;
      paid_amount: number;
      return_amount: number | null;
      refund_amount: number | null;
    }>();
    const byDay = new Map<string, number>();
    for (const o of orders) byDay.set(o.day, (byDay.get(o.day) ?? 0) + keptAmount(o));
    expect(results).toEqual([...byDay].sort(([a], [b]) => a.localeCompare(b)).map(([day, sales]) => ({ day, sales })));
    // The money module's SQL says the same as its function.
    const { results: summed } = await env.DB.prepare(
      `SELECT date((created_at + 32400000) / 1000, 'unixepoch') AS day, SUM(${sqlKeptAmount()}) AS sales
       FROM orders WHERE shop_id = 1 AND (pay_method IS NOT NULL OR points_used > 0 OR pay_later = 1)
       GROUP BY 1 ORDER BY 1`,
    ).all<{ day: string; sales: number }>();
    expect(summed).toEqual(results);
  });
});
