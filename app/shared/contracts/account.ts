/**
 * The shopper's own corner (issue 10): what the drawer's my menu and /myshop count, for the member
 * or, for a guest, the device, on the host's shop.
 */
import { z } from "zod";
import { endpoint, nullableText } from "./core";
import { OrderCounts } from "./orders";

const count = z.number().int().min(0);

export const MySummary = z.object({
  /** The logged-in member; null for a guest (whose counts are the device's). */
  member: z.object({ name: z.string(), profile: nullableText }).nullable(),
  /** This shop's membership and usable points; null for a guest. */
  membership: z.object({ joined: z.boolean(), point: count }).nullable(),
  orders: OrderCounts,
  cart: count,
  /** Unread messages from the shop: zero until messaging lands (issue 12). */
  message: count,
});
export type MySummary = z.infer<typeof MySummary>;

export const accountApi = {
  mySummary: endpoint({
    method: "GET",
    path: "/api/myshp/get/my/summary",
    query: z.object({}),
    response: MySummary,
  }),
};
