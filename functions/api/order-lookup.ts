import { koAccount } from "~/shared/messages/account";
import { readCookie } from "~/shared/cookies";
import { randomToken, sha256Hex, timingSafeEqualText } from "../auth/crypto";
import { cookie, isSecureRequest, nowSeconds } from "../auth/session";
import { knownDevice, rememberDevice } from "../auth/known-device";
import { clientKey, pairKey } from "../auth/throttle";
import type { Owner } from "../db/cart";
import { ORDER_GRANT_MS } from "../db/order-grants";
import { requireCartOwner } from "./cart";
import type { ApiContext, Handlers } from "./context";
import { ApiError } from "./http";

/** The browser's token for orders it looked up (HttpOnly, this host only). */
const LOOKUP_COOKIE = "olook";
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{22}$/;

const digits = (phone: string) => phone.replace(/\D/g, "");

/**
 * Whose order `orderId` is to this request: its owner when the browser looked it up (비회원
 * 주문조회, decision 058), else the member or the device, as for every order.
 */
export async function orderOwner(ctx: ApiContext, shopId: number, orderId: number): Promise<Owner> {
  const token = readCookie(ctx.request.headers.get("cookie"), LOOKUP_COOKIE);
  if (token && TOKEN_SHAPE.test(token)) {
    const owner = await ctx.db.orderGrants.ownerFor(await sha256Hex(token), shopId, orderId, Date.now());
    if (owner) return owner;
  }
  return requireCartOwner(ctx);
}

export const lookupHandlers = {
  async lookupOrder({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const secret = ctx.config.KNOWN_DEVICE_SECRET;
    const now = nowSeconds();
    // Counted before anything is compared (decision 044): per client, per order from this client
    // (the lock), and per order from anywhere (the ceiling; decision 095). A browser that found
    // this order before is counted on its own instead, so strangers' guesses do not lock it out
    // (decision 157).
    const address = clientKey(ctx.request);
    const order = `${shop.shopid}:${body.order_id}`;
    const device = await knownDevice(ctx.request, "lookup", order, secret, now);
    const attempt = await ctx.db.throttle.begin(
      device
        ? [{ kind: "lookup_pair", key: pairKey(`device:${device}`, order) }]
        : [
            { kind: "lookup_client", key: address },
            { kind: "lookup_pair", key: pairKey(address, order) },
            { kind: "lookup_order", key: order },
          ],
    );
    if (!attempt) throw new ApiError(429, "TOO_MANY_ATTEMPTS", koAccount.lookupTooMany);
    const phone = await ctx.db.orderGrants.ordererPhone(shop.shopid, body.order_id);
    // No such order, another shop's, or the wrong phone: one answer, so neither is told apart.
    if (!phone || !timingSafeEqualText(digits(phone), digits(body.phone))) {
      throw new ApiError(404, "ORDER_NOT_FOUND", koAccount.lookupFailed);
    }
    await attempt.succeeded();
    const held = readCookie(ctx.request.headers.get("cookie"), LOOKUP_COOKIE);
    const token = held && TOKEN_SHAPE.test(held) ? held : randomToken(16);
    await ctx.db.orderGrants.grant(await sha256Hex(token), shop.shopid, body.order_id, Date.now());
    ctx.responseHeaders.append(
      "set-cookie",
      cookie(LOOKUP_COOKIE, token, { secure: isSecureRequest(ctx.request), maxAge: ORDER_GRANT_MS / 1000 }),
    );
    for (const known of await rememberDevice(ctx.request, "lookup", order, secret, now)) {
      ctx.responseHeaders.append("set-cookie", known);
    }
    return { id: body.order_id };
  },
} satisfies Handlers;
