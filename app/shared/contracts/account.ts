/**
 * The shopper's own corner (issue 10): what the drawer's my menu and /myshop count, for the member
 * or, for a guest, the device, on the host's shop.
 */
import { z } from "zod";
import { endpoint, id, nullableText, page } from "./core";
import { OrderCounts } from "./orders";
import { ProductCard } from "./shop";

const count = z.number().int().min(0);

export const MySummary = z.object({
  /** The logged-in member; null for a guest (whose counts are the device's). */
  member: z.object({ name: z.string(), profile: nullableText }).nullable(),
  /** This shop's membership and usable points; null for a guest. */
  membership: z.object({ joined: z.boolean(), point: count }).nullable(),
  orders: OrderCounts,
  cart: count,
  /** Favourites (찜) and recently viewed products on this shop. */
  like: count,
  recent: count,
  /** Unread messages from the shop (a member's; zero for a guest). */
  message: count,
});
export type MySummary = z.infer<typeof MySummary>;

/** A form's "1"/"0" or JSON's true/false. */
const on = z.union([z.boolean(), z.enum(["1", "0", "true", "false"]).transform((v) => v === "1" || v === "true")]);

/** A comma-separated list of product ids (at most 100, repeats dropped). */
const idList = z
  .string()
  .max(1300)
  .transform((s) => [...new Set(s.split(",").filter(Boolean).map(Number))])
  .pipe(z.array(z.number().int().positive()).max(100));

export const accountApi = {
  /** ♡: likes or unlikes a product this shop sells, for the member or the device (idempotent). */
  likeProduct: endpoint({
    method: "POST",
    path: "/api/myshp/my/like",
    query: z.object({}),
    body: z.object({ pid: id, like: on }),
    response: z.object({ liked: z.boolean(), like: count }),
  }),
  /** Which of the given products the member or device likes here. */
  likedProducts: endpoint({
    method: "GET",
    path: "/api/myshp/get/my/liked",
    query: z.object({ pids: idList }),
    response: z.object({ ids: z.array(z.number().int()) }),
  }),
  /** The favourites, newest first, 20 a page. */
  myFavourites: endpoint({
    method: "GET",
    path: "/api/myshp/get/my/favorites",
    query: z.object({ page }),
    response: z.object({ items: z.array(ProductCard), page: z.number().int(), pages: z.number().int(), total: count }),
  }),
  /** Records a product page served to the member or device (the page calls it after answering). */
  recordView: endpoint({
    method: "POST",
    path: "/api/myshp/my/recent/view",
    query: z.object({}),
    body: z.object({ pid: id }),
    response: z.object({ ok: z.literal(true) }),
  }),
  /** Recently viewed product ids here, newest first (the page reads them with pidlist/info). */
  myRecent: endpoint({
    method: "GET",
    path: "/api/myshp/get/my/recent",
    query: z.object({}),
    response: z.object({ ids: z.array(z.number().int()) }),
  }),
  /**
   * 비회원 주문조회: an order of this shop opens in this browser for a day when its number comes
   * with the orderer's phone number (digits compared); counted per client and per order.
   */
  lookupOrder: endpoint({
    method: "POST",
    path: "/api/myshp/guest/order/lookup",
    query: z.object({}),
    body: z.object({ order_id: id, phone: z.string().trim().min(1).max(20) }),
    response: z.object({ id: z.number().int() }),
  }),
  /** Removes one product from recently viewed, or clears the list (no pid). */
  removeRecent: endpoint({
    method: "POST",
    path: "/api/myshp/my/recent/remove",
    query: z.object({}),
    body: z.object({ pid: id.optional() }),
    response: z.object({ ok: z.literal(true) }),
  }),
  mySummary: endpoint({
    method: "GET",
    path: "/api/myshp/get/my/summary",
    query: z.object({}),
    response: MySummary,
  }),
};
