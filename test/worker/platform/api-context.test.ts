import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApiContext } from "../../../functions/api/context";
import { ApiError } from "../../../functions/api/http";
import { ShopStore } from "../../../functions/db/shops";
import { readConfig } from "../../../functions/env";
import { toShopInfo } from "../../../functions/views/shop";
import { BEAUTY } from "../helpers/request";
import { koRequestErrors } from "~/shared/messages/shop/request-errors";

/** Issue 8, point 4: one guard for each question, with one error and one message wherever used. */
describe("the API context's guards", () => {
  const config = readConfig(env);
  const request = new Request(`http://${BEAUTY}/api/myshp/userinfo`, { headers: { host: BEAUTY } });
  const shopRow = () => new ShopStore(env.DB).byId(1);
  const owner = { uid: 1001, name: "주인", admin: false, profile: null };
  const shopper = { uid: 2001, name: "쇼퍼", admin: false, profile: null };

  async function failure(fn: () => unknown): Promise<[number, string, string] | null> {
    try {
      await fn();
      return null;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return [error.status, error.code, error.message];
    }
  }

  it("requireHostShop: the host's shop, and only when a named shop is that one", async () => {
    const shop = toShopInfo((await shopRow())!, config.PLATFORM_DOMAIN);
    const ctx = createApiContext(env, config, request, shop);
    expect(ctx.requireHostShop().shopid).toBe(shop.shopid);
    expect(ctx.requireHostShop(shop.shopid).shopid).toBe(shop.shopid);
    const notFound = [404, "SHOP_NOT_FOUND", koRequestErrors.shopNotFound];
    expect(await failure(() => ctx.requireHostShop(shop.shopid + 1))).toEqual(notFound);
    expect(await failure(() => createApiContext(env, config, request, null).requireHostShop())).toEqual(notFound);
  });

  it("requireMember and requireOwner: 401 for a guest, 403 for a member who does not own the shop", async () => {
    const row = (await shopRow())!;
    const shop = toShopInfo(row, config.PLATFORM_DOMAIN);
    const as = (member: typeof owner | null) => createApiContext(env, config, request, shop, async () => member);
    const login = [401, "LOGIN_REQUIRED", koRequestErrors.loginRequired];
    expect(await failure(() => as(null).requireMember())).toEqual(login);
    expect(await failure(() => as(null).requireOwner())).toEqual(login);
    expect((await as(shopper).requireMember()).uid).toBe(shopper.uid);
    expect(await failure(() => as(shopper).requireOwner())).toEqual([
      403,
      "NOT_SHOP_OWNER",
      koRequestErrors.notShopOwner,
    ]);
    const own = await as({ ...owner, uid: row.uid }).requireOwner();
    expect([own.member.uid, own.shop.shopid]).toEqual([row.uid, shop.shopid]);
  });

  it("builds each store once, on first use", () => {
    const ctx = createApiContext(env, config, request, null);
    expect(ctx.db.cart).toBe(ctx.db.cart);
    expect(ctx.db.orders).not.toBe(ctx.db.cart);
  });
});
