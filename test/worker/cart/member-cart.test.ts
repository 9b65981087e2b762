import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApiContext } from "../../../functions/api/context";
import { handleApi } from "../../../functions/api/router";
import { mergeGuestCart } from "../../../functions/db/cart";
import { ShopStore } from "../../../functions/db/shops";
import { toShopInfo } from "../../../functions/views/shop";
import { readConfig } from "../../../functions/env";
import type { Member } from "../../../functions/auth/member";
import { BEAUTY } from "../helpers/request";
import { ADDRESS, Shopper, stockOf, type CartData } from "../helpers/shopper";

/**
 * These call the embedded API the way the Worker does, with a context whose member() answers a
 * uid (what readMember returns for a session). Logging in through the real forms, with the merge
 * of the guest cart, is test/worker/accounts/membership.test.ts.
 */
async function asMember(member: Member, path: string, body?: unknown, cookie?: string) {
  const row = await new ShopStore(env.DB).byId(1);
  const config = readConfig(env);
  const request = new Request(`http://${BEAUTY}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      host: BEAUTY,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const shop = toShopInfo(row!, config.PLATFORM_DOMAIN, new URL(request.url));
  const res = await handleApi(createApiContext(env, config, request, shop, async () => member));
  return { status: res.status, data: (await res.json()) as never };
}

const MINJI: Member = { uid: 7001, name: "민지", admin: false, profile: null };
const HANA: Member = { uid: 7002, name: "하나", admin: false, profile: null };

describe("a member's cart", () => {
  it("is the member's own, whatever device cookie comes along, and merges the guest cart at login", async () => {
    const guest = new Shopper(BEAUTY);
    await guest.add([
      { pid2: 1, pid3: 100, qty: 2 },
      { pid2: 2, pid3: 200 },
    ]);

    // Logged in, the member's cart is used even though the device cookie is still sent.
    let res = await asMember(MINJI, "/api/myshp/add/cart/v3", { list: [{ pid2: 1, pid3: 100, qty: 1 }] }, guest.cookie);
    expect(res.status).toBe(200);
    let cart: CartData = (await asMember(MINJI, "/api/myshp/load/member_cart/v3")).data;
    expect(cart.groups[0]!.data.map((i) => [i.pid2, i.qty])).toEqual([[1, 1]]);
    expect((await guest.cart()).data.count).toBe(2);

    // What a login on this host does in its session batch (mergeGuestCart is the same statements):
    await mergeGuestCart(env.DB, 1, guest.device!, MINJI.uid);
    cart = (await asMember(MINJI, "/api/myshp/load/my_cart", undefined, guest.cookie)).data;
    expect(Object.fromEntries(cart.groups[0]!.data.map((i) => [i.pid2, i.qty]))).toEqual({ 1: 3, 2: 1 });
    expect((await guest.cart()).data.count).toBe(0);

    // sync/mcart/v4 saves the member's cart; another member's is untouched.
    res = await asMember(MINJI, "/api/myshp/sync/mcart/v4?uuid_value=ignored", [{ pid2: 1, pid3: 100, qty: 5 }]);
    expect(res.status).toBe(200);
    expect((await asMember(HANA, "/api/myshp/load/member_cart/v3")).data).toMatchObject({ count: 0 });
  });

  it("orders as the member, and only that member sees the order", async () => {
    await asMember(HANA, "/api/myshp/add/cart/v3", { list: [{ pid2: 22, pid3: 2200, qty: 2 }] });
    const before = await stockOf(2200);
    const res = await asMember(HANA, "/api/myshp/make/my/order/v4", {
      list: [{ pid2: 22, pid3: 2200, qty: 2 }],
      key: crypto.randomUUID(),
    });
    expect(res.status).toBe(200);
    const id = (res.data as { order_id: number }).order_id;
    // The sheet holds no stock; paying takes it.
    expect(await stockOf(2200)).toBe(before);
    expect((await asMember(MINJI, "/api/myshp/pay/my/order", { id, pay_method: "bank", ...ADDRESS })).status).toBe(404);
    expect((await asMember(HANA, "/api/myshp/pay/my/order", { id, pay_method: "bank", ...ADDRESS })).status).toBe(200);
    expect(await stockOf(2200)).toBe(before - 2);
    expect((await asMember(HANA, `/api/myshp/get/my/order?id=${id}`)).status).toBe(200);
    expect((await asMember(MINJI, `/api/myshp/get/my/order?id=${id}`)).status).toBe(404);
    expect((await new Shopper(BEAUTY).api(`/api/myshp/get/my/order?id=${id}`)).status).toBe(400);
    const owner = await env.DB.prepare("SELECT owner FROM orders WHERE id = ?").bind(id).first<{ owner: string }>();
    expect(owner!.owner).toBe("m:7002");
  });

  it("refuses AGE19, AUTH_ONLY and APPROVE_ONLY goods to a member without verification or membership", async () => {
    for (const [pid2, pid3, code] of [
      [30, 3000, "AGE19"],
      [8, 800, "AUTH_ONLY"],
      [41, 4100, "APPROVE_ONLY"],
    ] as const) {
      const added = await asMember(MINJI, "/api/myshp/add/cart/v3", { list: [{ pid2, pid3 }] });
      // Verification is asked at add to cart already (decision 114); membership at the order.
      if (code !== "APPROVE_ONLY") expect((added.data as { error: { code: string } }).error.code).toBe(code);
      const res = await asMember(MINJI, "/api/myshp/make/my/order/v4", {
        list: [{ pid2, pid3, qty: 1 }],
        key: crypto.randomUUID(),
        direct: true,
      });
      expect((res.data as { error: { code: string } }).error.code).toBe(code);
    }
  });
});
