import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BEAUTY, PICKS } from "../helpers/request";
import { Shopper, type CartData } from "../helpers/shopper";
import { koCart, koOrder } from "~/shared/messages/cart";
import { putInCartUnverified } from "../helpers/identity";

/** Issue 11, point 2: 선택 주문 and 선택 삭제, the free-delivery nudge, the discount, restricted lines. */

type Line = { pid2: number; pid3: number };

/** A visible product of beauty matching `where`, with its first option. */
async function product(where: string): Promise<Line> {
  const row = await env.DB.prepare(
    `SELECT p.id AS pid2, (SELECT o.id FROM product_options o WHERE o.product_id = p.id ORDER BY o.id LIMIT 1) AS pid3
     FROM products p WHERE p.shop_id = 1 AND p.visible = 1 AND p.sold_out = 0 AND ${where} ORDER BY p.id LIMIT 1`,
  ).first<Line>();
  if (!row) throw new Error(`no product where ${where}`);
  return row;
}

const key = (l: Line) => `${l.pid2}.${l.pid3}`;

/** The cart page's form fields as a browser without scripts would post them, with `picks` checked. */
async function postCart(shopper: Shopper, picks: Line[], intent: string) {
  const html = await (await shopper.fetch("/user/checkout")).text();
  const orderKey = /name="key" value="([^"]+)"/.exec(html)?.[1] ?? "";
  const lines = [...html.matchAll(/name="line" value="(\d+\.\d+)"/g)].map((m) => m[1]!);
  const fields: [string, string][] = [
    ["key", orderKey],
    ["picking", "1"],
    ["intent", intent],
  ];
  for (const l of lines) fields.push(["line", l], [`qty:${l}`, "1"]);
  for (const p of picks) fields.push(["pick", key(p)]);
  return { html, res: await shopper.form("/user/checkout", fields) };
}

describe("the cart's check boxes", () => {
  it("order only the checked lines; the rest stay in the cart", async () => {
    const shopper = new Shopper(BEAUTY);
    shopper.ip = "198.51.100.95";
    const [a, b] = [
      await product("p.list_price IS NULL AND p.adult_only = 0 AND p.auth_only = 0 AND p.members_only = 0"),
      await product("p.list_price IS NOT NULL AND p.members_only = 0"),
    ];
    await shopper.add([a, b]);
    const { html, res } = await postCart(shopper, [b], "order");
    // Every line has its check box, checked, without scripts.
    expect(html).toMatch(new RegExp(`name="pick"[^>]*checked=""[^>]*value="${key(a)}"`));
    expect(res.status).toBe(302);
    const id = /id=(\d+)/.exec(res.headers.get("location")!)![1];
    const lines = await env.DB.prepare("SELECT product_id FROM order_lines WHERE order_id = ?")
      .bind(id)
      .all<{ product_id: number }>();
    expect(lines.results.map((l) => l.product_id)).toEqual([b.pid2]);
    // The cart still holds both (the sheet leaves the cart alone until payment).
    expect((await shopper.api<CartData>("/api/myshp/load/my_cart")).data.count).toBe(2);
  });

  it("refuse an order with nothing checked, in Korean, and keep the cart", async () => {
    const shopper = new Shopper(BEAUTY);
    const a = await product("p.adult_only = 0 AND p.auth_only = 0 AND p.members_only = 0");
    await shopper.add([a]);
    const { res } = await postCart(shopper, [], "order");
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(koOrder.nothingPicked);
    expect((await shopper.api<CartData>("/api/myshp/load/my_cart")).data.count).toBe(1);
  });

  it("delete the checked lines with 선택 삭제", async () => {
    const shopper = new Shopper(BEAUTY);
    const a = await product("p.list_price IS NULL");
    const b = await product("p.list_price IS NOT NULL");
    await shopper.add([a, b]);
    const { res } = await postCart(shopper, [a], "delete_picked");
    expect(res.status).toBe(303);
    const cart = (await shopper.api<CartData>("/api/myshp/load/my_cart")).data;
    expect(cart.groups.flatMap((g) => g.data.map((i) => i.pid2))).toEqual([b.pid2]);
  });

  it("show what the shopper saves, the free-delivery nudge, 무료, and what restricted lines need", async () => {
    const shopper = new Shopper(BEAUTY);
    const cheap = await product(
      "p.list_price IS NOT NULL AND p.price < 30000 AND p.members_only = 0 AND p.adult_only = 0",
    );
    await shopper.add([cheap]);
    const cart = (await shopper.api<CartData & { quick_order: boolean }>("/api/myshp/load/my_cart")).data;
    const item = cart.groups[0]!.data[0] as unknown as { price: number; list_price: number; requires: string[] };
    expect(item.list_price).toBeGreaterThan(item.price);
    // beauty takes wallets through its Toss test keys: the cart offers 간편결제.
    expect(cart.quick_order).toBe(true);
    const html = (await (await shopper.fetch("/user/checkout")).text()).replace(/<!-- -->/g, "");
    expect(html).toMatch(
      new RegExp(`data-testid="discount">정가 대비 ${(item.list_price - item.price).toLocaleString("ko-KR")}원 할인`),
    );
    // beauty: free delivery from 30,000원.
    expect(html).toMatch(
      new RegExp(`data-testid="free-in">${(30000 - item.price).toLocaleString("ko-KR")}원 더 담으면 무료배송`),
    );
    // One shop: no 별도 배송.
    expect(html).not.toContain(koCart.separateDelivery);
    expect(html).toContain(koCart.quickOrder);
    // A shop without Toss keys has no 간편결제 button.
    const picks = new Shopper(PICKS);
    expect((await picks.api<{ quick_order: boolean }>("/api/myshp/load/my_cart")).data.quick_order).toBe(false);

    await shopper.add([cheap, cheap]);
    const free = (await (await shopper.fetch("/user/checkout")).text()).replace(/<!-- -->/g, "");
    expect(free).toMatch(/<dt>배송비<\/dt><dd>무료<\/dd>/);
    expect(free).not.toContain('data-testid="free-in"');

    const adult = await product("p.adult_only = 1");
    await putInCartUnverified(shopper, adult);
    const marked = (await (await shopper.fetch("/user/checkout")).text()).replace(/<!-- -->/g, "");
    expect(marked).toContain('data-testid="line-requires"');
    expect(marked).toMatch(/data-testid="requires-notice"[\s\S]*?성인 인증 필요/);
  });
});
