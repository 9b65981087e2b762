import { MAX_CART_LINES, type Cart } from "~/shared/contracts/cart";
import { readCookie, readDeviceId } from "~/shared/device";
import { koCartButton } from "~/shared/messages/shop/cart";
import { koRequestErrors } from "~/shared/messages/shop/request-errors";
import type { ShopInfo } from "~/shared/contracts";
import { CartFullError, dedupe, sortKey, deviceOwner, memberOwner, type Owner } from "../db/cart";
import { buildCart, fees, toLocalLine } from "../views/cart";
import { cardTermsOf } from "../payments/checkout";
import type { ApiContext, Handlers } from "./context";
import { ApiError } from "./http";
import { koCart, koOrder } from "~/shared/messages/cart";
import { sessionFromRequest } from "../auth/session";
import { unmetRequirement, verificationFor } from "../orders/verification";
import { ORDER_ERROR_TEXT } from "~/shared/order-errors";

/**
 * Whose cart a request touches: the logged-in member's, else the device's (from its cookie only;
 * a uuid_value in a body or query never picks another device's cart). Null before any device id.
 * Session cookies that no longer name a session (expired, revoked) are refused with
 * SESSION_EXPIRED: the shopper believes they are logged in, so nothing may be read or written
 * for their device instead (docs/decisions/048).
 */
export async function cartOwner(ctx: ApiContext): Promise<Owner | null> {
  const member = await ctx.member();
  if (member) return memberOwner(member.uid);
  if (sessionFromRequest(ctx.request)) throw sessionExpired();
  const device = readDeviceId(ctx.request.headers.get("cookie"));
  return device ? deviceOwner(device) : null;
}

export const sessionExpired = () => new ApiError(401, "SESSION_EXPIRED", koOrder.sessionExpired);

export async function requireCartOwner(ctx: ApiContext): Promise<Owner> {
  const owner = await cartOwner(ctx);
  if (!owner) throw new ApiError(400, "NO_DEVICE", koCart.noDevice);
  return owner;
}

/** fbp/fbc: from the body when the caller passes them, else from the shopper's _fbp/_fbc cookies. */
export function trackingOf(ctx: ApiContext, body: { fbp?: string; fbc?: string } = {}) {
  const cookie = ctx.request.headers.get("cookie");
  const value = (v: string | null | undefined) => (v ? v.slice(0, 200) : null);
  return {
    fbp: value(body.fbp || readCookie(cookie, "_fbp")),
    fbc: value(body.fbc || readCookie(cookie, "_fbc")),
  };
}

export const invalidProduct = () => new ApiError(400, "INVALID_PRODUCT", koCartButton.addFailed);

export const cartHandlers = {
  async addCart({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const owner = await requireCartOwner(ctx);
    const store = ctx.db.cart;
    const wanted = dedupe(body.list);
    const lines = await store.resolve(shop.shopid, wanted);
    // Anything not sold here (another shop's product that is no pick of this one, a foreign
    // option, a hidden or discontinued product) fails the whole call.
    if (lines.length !== wanted.length || lines.some((l) => l.discontinued)) throw invalidProduct();
    if (lines.some((l) => l.stock <= 0)) throw new ApiError(409, "OUT_OF_STOCK", koCart.checkStock);
    // Adult-only and verified-only goods go in a cart only after verification (decision 114).
    if (lines.some((l) => l.adult_only || l.auth_only)) {
      const unmet = unmetRequirement(
        lines.map((l) => ({ ...l, members_only: 0 })),
        await verificationFor(ctx.db.verification, owner, shop.shopid),
      );
      if (unmet === "AGE19" || unmet === "AUTH_ONLY") throw new ApiError(403, unmet, ORDER_ERROR_TEXT[unmet]);
    }
    try {
      const count = await store.add(shop.shopid, owner, wanted, Date.now(), trackingOf(ctx, body));
      return { count, added: wanted.length };
    } catch (error) {
      if (error instanceof CartFullError) throw new ApiError(409, "CART_FULL", koCart.full(MAX_CART_LINES));
      throw error;
    }
  },

  async addCartLocal({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const store = ctx.db.cart;
    const added = dedupe(body.list);
    const fresh = await store.resolve(shop.shopid, added);
    if (fresh.length !== added.length || fresh.some((l) => l.discontinued)) throw invalidProduct();
    // Lines already held locally that are no longer sold here drop out.
    const now = Date.now();
    const merged = dedupe([
      ...added.map((l, i) => ({ ...l, sort: sortKey(now, i, added.length) })),
      ...body.ex_data.map((l, i) => ({ ...l, sort: sortKey(now - 1, i, body.ex_data.length) })),
    ]);
    if (merged.length > MAX_CART_LINES) throw new ApiError(409, "CART_FULL", koCart.full(MAX_CART_LINES));
    const isNew = new Set(added.map((l) => `${l.pid2}:${l.pid3}`));
    const lines = await store.resolve(shop.shopid, merged);
    return { list: lines.map((l) => toLocalLine(l, isNew.has(`${l.pid2}:${l.pid3}`))) };
  },

  async memberCart(_input, ctx) {
    const shop = ctx.requireHostShop();
    const member = await ctx.requireMember();
    return ownCart(ctx, shop, memberOwner(member.uid));
  },

  async loadMcart({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const lines = await ctx.db.cart.resolve(shop.shopid, body.list);
    return buildCart(lines, ctx.config.PLATFORM_DOMAIN, ctx.url, await quickOrder(ctx, shop.shopid));
  },

  async myCart(_input, ctx) {
    const shop = ctx.requireHostShop();
    return ownCart(ctx, shop, await cartOwner(ctx));
  },

  async cartCount(_input, ctx) {
    const shop = ctx.requireHostShop();
    // The badge of the shell: an expired session shows no count rather than an error.
    const owner = await cartOwner(ctx).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === "SESSION_EXPIRED") return null;
      throw error;
    });
    return { count: owner ? await ctx.db.cart.count(shop.shopid, owner) : 0 };
  },

  async cartCookie(_input, ctx) {
    const shop = ctx.requireHostShop();
    const fromCookies = trackingOf(ctx);
    const owner = await cartOwner(ctx);
    const stored = owner ? await ctx.db.cart.tracking(shop.shopid, owner) : null;
    return { fbp: fromCookies.fbp ?? stored?.fbp ?? null, fbc: fromCookies.fbc ?? stored?.fbc ?? null };
  },

  async syncMcart({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const owner = await requireCartOwner(ctx);
    const store = ctx.db.cart;
    await store.update(shop.shopid, owner, dedupe(body.list), body.remove, Date.now());
    return ownCart(ctx, shop, owner);
  },

  async uuidSyncSave({ body }, ctx) {
    const shop = ctx.requireHostShop();
    requireOwnDevice(ctx, body.uuid);
    const t = trackingOf(ctx, body);
    await ctx.db.cart.saveValue(shop.shopid, body.uuid, body.type, body.value, t, Date.now());
    return { ok: true as const };
  },

  async uuidSyncLoad({ body }, ctx) {
    const shop = ctx.requireHostShop();
    requireOwnDevice(ctx, body.uuid);
    const row = await ctx.db.cart.loadValue(shop.shopid, body.uuid, body.type);
    return { value: row?.value ?? null, fbp: row?.fbp ?? null, fbc: row?.fbc ?? null };
  },

  async deliveryFee({ body }, ctx) {
    const shop = ctx.requireHostShop();
    // Only the products and quantities count; the uids a browser groups them by are recomputed.
    // The spec's clients name the option of a product without choices by its default_option.
    const lines = body.flatMap((g) =>
      g.data.flatMap((d) => {
        const pid3 = d.pid3 ?? (Number.isInteger(d.default_option) ? (d.default_option as number) : undefined);
        return pid3 && pid3 > 0 ? [{ pid2: d.pid2, pid3, qty: d.qty }] : [];
      }),
    );
    const resolved = await ctx.db.cart.resolve(shop.shopid, lines);
    return fees(resolved);
  },
} satisfies Handlers;

async function ownCart(ctx: ApiContext, shop: ShopInfo, owner: Owner | null): Promise<Cart> {
  const lines = owner ? await ctx.db.cart.lines(shop.shopid, owner) : [];
  return buildCart(lines, ctx.config.PLATFORM_DOMAIN, ctx.url, await quickOrder(ctx, shop.shopid));
}

/** The cart's 간편결제 button (네이버페이 on the sheet): only when the shop takes wallets through Toss. */
const quickOrder = async (ctx: ApiContext, shopId: number) => (await cardTermsOf(ctx, shopId)) !== null;

/** A device's parked values are its own: the uuid named must be the caller's device cookie. */
function requireOwnDevice(ctx: ApiContext, uuid: string): void {
  if (readDeviceId(ctx.request.headers.get("cookie")) !== uuid) {
    throw new ApiError(403, "FORBIDDEN", koRequestErrors.notFound);
  }
}
