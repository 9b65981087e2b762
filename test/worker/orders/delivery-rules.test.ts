import { env } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fixedFee, groupDelivery, remoteExtra, sqlRemoteExtra, totalForArea } from "../../../app/shared/money";
import { koOrder } from "~/shared/messages/cart";
import { koDelivery } from "~/shared/messages/shop/delivery";
import { formatKRW } from "~/shared/format";
import { BEAUTY } from "../helpers/request";
import { login, PASSWORD } from "../helpers/auth";
import { ADDRESS, Shopper } from "../helpers/shopper";
import { routeToss } from "../helpers/toss";

/**
 * Issue 36 items 2 and 4 (decision 110): a product's delivery rule in the one money computation,
 * and the 제주/도서산간 extra charged per box once the receiver's postcode is known: in the bank
 * batch, in the card attempt's amount, reported as delivery2, never lowered by the browser.
 */

const JEJU = "63100";
const ISLAND = "58800";
const shopRule = { fee: 3_000, freeFrom: 50_000 };

describe("groupDelivery", () => {
  it("charges the shop's box unless it is free goods only, and each fixed product its own box", () => {
    const paid = { price: 10_000, qty: 1, goods: 1, rule: "shop" as const };
    const free = { price: 45_000, qty: 1, goods: 2, rule: "free" as const };
    const fixed = { price: 5_000, qty: 5, goods: 3, rule: "fixed" as const, fee: 4_000, perQty: 2 };
    expect(groupDelivery([paid], shopRule)).toEqual({ subTotal: 10_000, deliveryFee: 3_000, parcels: 1 });
    expect(groupDelivery([free], shopRule)).toEqual({ subTotal: 45_000, deliveryFee: 0, parcels: 1 });
    // Free goods share the paid box and count toward its threshold.
    expect(groupDelivery([paid, free], shopRule)).toEqual({ subTotal: 55_000, deliveryFee: 0, parcels: 1 });
    expect(groupDelivery([paid, { ...free, price: 5_000 }], shopRule).deliveryFee).toBe(3_000);
    // 5 pieces at 4,000 per every 2 begun: 3 × 4,000, in a box of its own, outside the threshold.
    expect(groupDelivery([fixed], shopRule)).toEqual({ subTotal: 25_000, deliveryFee: 12_000, parcels: 1 });
    expect(groupDelivery([paid, free, fixed], shopRule)).toEqual({
      subTotal: 80_000,
      deliveryFee: 12_000,
      parcels: 2,
    });
    // Two options of one fixed product are one box, their pieces counted together.
    expect(
      groupDelivery(
        [
          { ...fixed, qty: 1 },
          { ...fixed, qty: 1 },
        ],
        shopRule,
      ).deliveryFee,
    ).toBe(4_000);
    // Ended goods ship nothing.
    expect(groupDelivery([{ ...fixed, discontinued: 1 }], shopRule)).toEqual({
      subTotal: 0,
      deliveryFee: 0,
      parcels: 0,
    });
    // A line without a rule is the shop's (table orders, old callers).
    expect(groupDelivery([{ price: 10_000, qty: 1 }], shopRule).deliveryFee).toBe(3_000);
    expect(fixedFee(2_500, 0, 7)).toBe(2_500);
    expect(fixedFee(2_500, 3, 7)).toBe(7_500);
  });

  it("adds the area's extra once per box, and the same in D1", async () => {
    const fees = { jeju: 3_000, island: 5_000 };
    const cases: [number, "jeju" | "island" | null][] = [
      [0, "jeju"],
      [1, "jeju"],
      [2, "island"],
      [3, null],
      [1, "island"],
    ];
    for (const [parcels, area] of cases) {
      const row = await env.DB.prepare(`SELECT ${sqlRemoteExtra("?1", "?2", "?3", "?4")} AS v`)
        .bind(parcels, area, fees.jeju, fees.island)
        .first<{ v: number }>();
      expect(row!.v, `${parcels} ${area}`).toBe(remoteExtra(parcels, area, fees));
    }
    expect(remoteExtra(2, "island", fees)).toBe(10_000);
    const sheet = { total_price: 20_000, remote: { fee: 3_000, quote: { jeju: 3_000, island: 5_000 } } };
    expect(totalForArea(sheet, null)).toBe(17_000);
    expect(totalForArea(sheet, "island")).toBe(22_000);
  });
});

type Product = { id: number; option: number; price: number };
let paid: Product;
let free: Product;
let fixed: Product;

/** beauty with a fee, a threshold and both extras; three of its products, one per rule. */
beforeAll(async () => {
  await env.DB.prepare(
    "UPDATE shops SET delivery_fee = 3000, free_delivery_threshold = 50000, jeju_fee = 3000, island_fee = 5000 WHERE id = 1",
  ).run();
  const { results } = await env.DB.prepare(
    `SELECT p.id, o.id AS option, p.price FROM products p JOIN product_options o ON o.product_id = p.id
     WHERE p.shop_id = 1 AND p.ptype = 'normal' AND p.visible = 1 AND p.sold_out = 0 AND p.price < 15000
       AND p.adult_only = 0 AND p.auth_only = 0 AND p.members_only = 0 AND o.default_option = 1
     ORDER BY p.id LIMIT 3`,
  ).all<Product>();
  [paid, free, fixed] = results as [Product, Product, Product];
  await env.DB.prepare("UPDATE products SET delivery_rule = 'free' WHERE id = ?").bind(free.id).run();
  await env.DB.prepare(
    "UPDATE products SET delivery_rule = 'fixed', delivery_fee = 4000, delivery_per_qty = 2 WHERE id = ?",
  )
    .bind(fixed.id)
    .run();
  await env.DB.prepare("UPDATE product_options SET stock = 500 WHERE id IN (?, ?, ?)")
    .bind(paid.option, free.option, fixed.option)
    .run();
});

const line = (p: Product, qty = 1) => ({ pid2: p.id, pid3: p.option, qty });

type FeeRow = { uid: number; from_uid: number; sub_price: number; delivery_fee: number };

describe("get/delivery_fee/v3 with the products' rules", () => {
  it("answers one entry per shop with the fee of each rule", async () => {
    const shopper = new Shopper(BEAUTY);
    const fee = async (lines: ReturnType<typeof line>[]) => {
      const res = await shopper.api<FeeRow[]>("/api/myshp/get/delivery_fee/v3", [{ uid: 1, data: lines }]);
      expect(res.status).toBe(200);
      expect(res.data).toHaveLength(1);
      return res.data[0]!;
    };
    expect(await fee([line(paid)])).toEqual({ uid: 1001, from_uid: 1001, sub_price: paid.price, delivery_fee: 3000 });
    expect((await fee([line(free)])).delivery_fee).toBe(0);
    expect((await fee([line(paid), line(free)])).delivery_fee).toBe(3000);
    expect((await fee([line(fixed, 3)])).delivery_fee).toBe(8000);
    expect(await fee([line(paid), line(fixed, 1)])).toEqual({
      uid: 1001,
      from_uid: 1001,
      sub_price: paid.price + fixed.price,
      delivery_fee: 7000,
    });
  });

  it("puts the same fees in the cart and on the sheet's groups", async () => {
    const shopper = new Shopper(BEAUTY);
    await shopper.add([line(paid), line(fixed, 3)]);
    const cart = await shopper.cart();
    expect(cart.data.delivery_fee).toBe(3000 + 8000);
    // Beside a fixed fee, "N원 더 담으면 무료배송" would promise what the fixed box never gets.
    expect(cart.data.groups[0]).toMatchObject({ my_delivery_fee: 11000, free_delivery_threshold: 0 });
    const made = await shopper.order([line(paid), line(fixed, 3)]);
    const group = await env.DB.prepare("SELECT delivery_fee, parcels, remote_fee FROM order_groups WHERE order_id = ?")
      .bind(made.data.order_id)
      .first();
    expect(group).toEqual({ delivery_fee: 11000, parcels: 2, remote_fee: 0 });
  });
});

type View = {
  order: {
    total_price: number;
    delivery_price: number;
    amount_due: number;
    remote: { area: string | null; fee: number; quote: { jeju: number; island: number } };
    payment: { amount: number } | null;
  };
  window?: { amount: number } | null;
  error?: { code: string; message: string; field?: string };
};

async function sheetOf(lines: ReturnType<typeof line>[]) {
  const shopper = new Shopper(BEAUTY);
  shopper.ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
  await shopper.add(lines);
  const made = await shopper.order(lines);
  expect(made.status).toBe(200);
  return { shopper, id: made.data.order_id };
}

const orderRow = (id: number) =>
  env.DB.prepare("SELECT items_price, delivery_price, total_price, postcode FROM orders WHERE id = ?").bind(id).first();

describe("the 제주/도서산간 extra", () => {
  beforeEach(() => {
    routeToss();
  });

  it("is charged per box to a 제주 postcode in the bank batch and reported as delivery2", async () => {
    const { shopper, id } = await sheetOf([line(paid), line(fixed, 1)]);
    const before = await shopper.api<View["order"]>(`/api/myshp/get/my/order?id=${id}`);
    expect(before.data.remote).toEqual({ area: null, fee: 0, quote: { jeju: 6000, island: 10000 } });
    const items = paid.price + fixed.price;
    const res = await shopper.api<View>("/api/myshp/pay/my/order", {
      id,
      pay_method: "bank",
      ...ADDRESS,
      postcode: JEJU,
      shown_total: items + 7000 + 6000,
    });
    expect(res.status, JSON.stringify(res.data.error)).toBe(200);
    expect(res.data.order.total_price).toBe(items + 13000);
    expect(res.data.order.delivery_price).toBe(13000);
    expect(res.data.order.remote).toMatchObject({ area: "jeju", fee: 6000 });
    expect(res.data.order.payment!.amount).toBe(items + 13000);
    const data = await shopper.api<{ delivery: number; delivery2: number; total_price: number }>(
      `/api/myshp/get/order_data/by_order_id/v2?orderid=${id}`,
    );
    expect(data.data).toMatchObject({ delivery: 7000, delivery2: 6000, total_price: items + 13000 });
  });

  it("is charged even when delivery is free, and to 도서산간 at the island fee", async () => {
    const { shopper, id } = await sheetOf([line(free)]);
    const res = await shopper.api<View>("/api/myshp/pay/my/order", {
      id,
      pay_method: "bank",
      ...ADDRESS,
      postcode: ISLAND,
    });
    expect(res.status, JSON.stringify(res.data.error)).toBe(200);
    expect(res.data.order.total_price).toBe(free.price + 5000);
    expect(res.data.order.remote).toMatchObject({ area: "island", fee: 5000 });
  });

  it("is in the card attempt's amount, and a new address replaces it rather than adding to it", async () => {
    const { shopper, id } = await sheetOf([line(paid)]);
    const card = await shopper.api<View>("/api/myshp/pay/my/order", {
      id,
      pay_method: "card",
      ...ADDRESS,
      postcode: JEJU,
    });
    expect(card.status, JSON.stringify(card.data.error)).toBe(200);
    expect(card.data.window!.amount).toBe(paid.price + 3000 + 3000);
    const attempt = await env.DB.prepare(
      "SELECT amount FROM payment_attempts WHERE order_id = ? ORDER BY attempt DESC LIMIT 1",
    )
      .bind(id)
      .first();
    expect(attempt).toEqual({ amount: paid.price + 6000 });
    // Back from the window, the buyer types a mainland address and opens it again.
    const again = await shopper.api<View>("/api/myshp/pay/my/order", { id, pay_method: "card", ...ADDRESS });
    expect(again.data.window!.amount).toBe(paid.price + 3000);
    expect(await orderRow(id)).toMatchObject({ delivery_price: 3000, total_price: paid.price + 3000 });
  });

  it("cannot be lowered by the browser: a total it was not shown is refused, nothing paid", async () => {
    const { shopper, id } = await sheetOf([line(paid)]);
    const res = await shopper.api<View>("/api/myshp/pay/my/order", {
      id,
      pay_method: "bank",
      ...ADDRESS,
      postcode: JEJU,
      // What the page showed before the postcode was typed.
      shown_total: paid.price + 3000,
    });
    expect(res.status).toBe(409);
    expect(res.data.error).toMatchObject({ code: "AMOUNT_CHANGED", message: koOrder.amountChanged });
    expect(await orderRow(id)).toMatchObject({ total_price: paid.price + 3000, postcode: null });
    // Leaving the total out does not leave the extra out.
    const plain = await shopper.api<View>("/api/myshp/pay/my/order", {
      id,
      pay_method: "bank",
      ...ADDRESS,
      postcode: JEJU,
    });
    expect(plain.status).toBe(200);
    expect(plain.data.order.payment!.amount).toBe(paid.price + 6000);
  });

  it("shows the sheet again without scripts with the new total when the postcode changed it", async () => {
    const { shopper, id } = await sheetOf([line(paid)]);
    const form = {
      ...ADDRESS,
      postcode: JEJU,
      pay_method: "bank",
      intent: "pay",
      shown_total: String(paid.price + 3000),
    };
    const res = await shopper.form(`/user/order?id=${id}`, form);
    expect(res.status).toBe(409);
    const html = (await res.text()).replace(/<!-- -->/g, "");
    expect(html).toContain(koOrder.amountChanged);
    expect(html).toContain(koOrder.remoteFee.jeju);
    expect(html).toContain(`name="shown_total" value="${paid.price + 6000}"`);
    expect(await orderRow(id)).toMatchObject({ total_price: paid.price + 3000 });
    const ok = await shopper.form(`/user/order?id=${id}`, { ...form, shown_total: String(paid.price + 6000) });
    expect(ok.status).toBe(303);
    expect(await orderRow(id)).toMatchObject({ total_price: paid.price + 6000, postcode: JEJU });
  });
});

describe("the product form's delivery rule", () => {
  it("saves a fixed fee per quantity, refuses a fixed rule without a fee, and a copy keeps it", async () => {
    const owner = Shopper.signedIn(BEAUTY, await login(BEAUTY, "owner@beauty.example.test", PASSWORD));
    const fields = (rule: Record<string, string>): [string, string][] => [
      ["title", "따로 보내는 상품"],
      ["price", "12000"],
      ["list_price", ""],
      ["summary", ""],
      ["description", ""],
      ["sort", "0"],
      ["intent", "save"],
      ["visible", "on"],
      ["opt_0_key", "k0"],
      ["opt_0_id", ""],
      ["opt_0_name", ""],
      ["opt_0_price", "0"],
      ["opt_0_stock", "10"],
      ...Object.entries(rule),
    ];
    const refused = await owner.form("/admin/product", fields({ delivery_rule: "fixed", delivery_fee: "" }));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("고정 배송비는 1원에서 1,000,000원 사이로 입력해 주세요");
    const res = await owner.form(
      "/admin/product",
      fields({ delivery_rule: "fixed", delivery_fee: "4,000", delivery_per_qty: "3" }),
    );
    expect(res.status).toBe(303);
    const id = Number(/id=(\d+)/.exec(res.headers.get("location")!)![1]);
    const rule = "SELECT delivery_rule, delivery_fee, delivery_per_qty FROM products WHERE id = ?";
    expect(await env.DB.prepare(rule).bind(id).first()).toEqual({
      delivery_rule: "fixed",
      delivery_fee: 4000,
      delivery_per_qty: 3,
    });
    const copied = await owner.form("/admin/products", { id: String(id), intent: "copy" });
    const copy = Number(/id=(\d+)/.exec(copied.headers.get("location")!)![1]);
    expect(await env.DB.prepare(rule).bind(copy).first()).toEqual({
      delivery_rule: "fixed",
      delivery_fee: 4000,
      delivery_per_qty: 3,
    });
    // 무료배송 keeps no fee, whatever the hidden fields held.
    const freed = await owner.form(`/admin/product?id=${id}`, fields({ delivery_rule: "free", delivery_fee: "4000" }));
    expect(freed.status).toBe(303);
    expect(await env.DB.prepare(rule).bind(id).first()).toEqual({
      delivery_rule: "free",
      delivery_fee: 0,
      delivery_per_qty: 0,
    });
  });
});

describe("the product page's delivery terms", () => {
  it("say each rule in words, and the shop's 제주/도서산간 extra", async () => {
    const page = async (p: Product) => {
      const sid = await env.DB.prepare("SELECT sid FROM products WHERE id = ?").bind(p.id).first<string>("sid");
      const res = await new Shopper(BEAUTY).fetch(`/shop/view/${sid}`);
      expect(res.status).toBe(200);
      return (await res.text()).replace(/<!-- -->/g, "");
    };
    const remote = koDelivery.deliveryRemote(
      [koDelivery.remoteJeju(formatKRW(3_000)), koDelivery.remoteIsland(formatKRW(5_000))].join(", "),
    );
    const shops = await page(paid);
    expect(shops).toContain(koDelivery.deliveryText(formatKRW(3_000), formatKRW(50_000)));
    expect(shops).toContain(remote);
    const frees = await page(free);
    expect(frees).toContain(`<p>${koDelivery.deliveryFree}</p>`);
    expect(frees).not.toContain(koDelivery.deliveryText(formatKRW(3_000), formatKRW(50_000)));
    expect(frees).toContain(remote);
    expect(await page(fixed)).toContain(koDelivery.deliveryPerQty(formatKRW(4_000), 2));
  });
});
