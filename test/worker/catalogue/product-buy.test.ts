import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BEAUTY } from "../helpers/request";
import { Shopper, setStock, type CartData } from "../helpers/shopper";
import { koProduct } from "~/shared/messages/shop/product";

/** Issue 11, point 1 (in part): 바로구매, the over-stock message, 품절 wording, buyable recommendations. */

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

describe("the product page's buy box", () => {
  it("바로구매 opens an order sheet of just this line and leaves the cart as it was", async () => {
    const shopper = new Shopper(BEAUTY);
    shopper.ip = "198.51.100.98";
    await shopper.add([{ pid2: 14, pid3: 1400 }]);
    const res = await shopper.form("/shop/view/b0013", { pid2: "13", option: "1300", qty: "2", intent: "buy" });
    expect(res.status).toBe(303);
    const sheet = res.headers.get("location")!;
    expect(sheet).toMatch(/^\/user\/order\?id=\d{12}&uuid_value=/);
    const id = /id=(\d+)/.exec(sheet)![1];
    const lines = await env.DB.prepare("SELECT product_id, qty FROM order_lines WHERE order_id = ?")
      .bind(id)
      .all<{ product_id: number; qty: number }>();
    expect(lines.results).toEqual([{ product_id: 13, qty: 2 }]);
    const cart = (await shopper.api<CartData>("/api/myshp/load/my_cart")).data;
    expect(cart.groups.flatMap((g) => g.data.map((i) => [i.pid2, i.qty]))).toEqual([[14, 1]]);
    // The sheet pays like any other.
    expect((await shopper.pay(Number(id))).status).toBe(200);
  });

  it("says when more is asked than there is, instead of adding it", async () => {
    await setStock(1500, 2);
    const shopper = new Shopper(BEAUTY);
    const res = await shopper.form("/shop/view/b0015", { pid2: "15", option: "1500", qty: "3" });
    expect(res.status).toBe(400);
    expect(await text(res)).toContain("재고가 부족합니다 (구매 가능: 2개)");
    expect((await shopper.api<CartData>("/api/myshp/load/my_cart")).data.count).toBe(0);
    const ok = await shopper.form("/shop/view/b0015", { pid2: "15", option: "1500", qty: "2" });
    expect(ok.status).toBe(303);
    await setStock(1500, 100);
  });

  it("shows options as rows with their own price; 품절 when every option is out, 판매 종료 only when ended", async () => {
    const tint = await text(await new Shopper(BEAUTY).fetch("/shop/view/b0017"));
    expect(tint).toMatch(/type="radio"[^>]*name="option"/);
    expect(tint).toContain(koProduct.addToCart);
    expect(tint).toContain(koProduct.buyNow);
    const options = (
      await env.DB.prepare("SELECT id, stock FROM product_options WHERE product_id = 16").all<{
        id: number;
        stock: number;
      }>()
    ).results;
    for (const o of options) await setStock(o.id, 0);
    const out = await text(await new Shopper(BEAUTY).fetch("/shop/view/b0016"));
    expect(out).toContain("품절된 상품입니다");
    expect(out).not.toContain("판매가 종료된 상품입니다");
    expect(out).not.toContain('aria-label="장바구니 담기"');
    for (const o of options) await setStock(o.id, o.stock);
    const ended = await text(await new Shopper(BEAUTY).fetch("/shop/view/b0007"));
    expect(ended).toContain("판매가 종료된 상품입니다");
  });

  it("recommends only goods that can be bought now", async () => {
    const res = await new Shopper(BEAUTY).fetch("/myshp/v2/get/combined/contents/v2?pid=17&type=1&shopid=1");
    const { items } = (await res.json()) as { items: { id: number; sid: string }[] };
    expect(items.length).toBeGreaterThan(0);
    expect(items.map((i) => i.sid)).not.toContain("b0007");
  });
});
