/**
 * The order's life after the sheet (issue 9, decision 054): the buyer's actions on their order,
 * and the shop owner's console calls. Which action is allowed is the state machine's answer; these
 * are the shapes.
 */
import { z } from "zod";
import { BuyerActionBody, OwnerActionBody } from "../forms/order-actions";
import { ORDER_STATUSES } from "../order-status";
import { ORDER_ACTIONS } from "../order-machine";
import { ORDER_LISTS, type OrderList } from "../order-lists";
import { OrderView, ProviderChoice } from "./cart";
import { endpoint, id, page } from "./core";

export const OrderListItem = z.object({
  id: z.number().int(),
  status: z.string(),
  refund_after_done: z.boolean(),
  total_price: z.number().int(),
  pay_method: z.string().nullable(),
  /** A table order's table (smart order). */
  table_name: z.string().nullable(),
  orderer_name: z.string().nullable(),
  orderer_phone: z.string().nullable(),
  first_item: z.string().nullable(),
  item_count: z.number().int(),
  created_at: z.number(),
  status_at: z.number().nullable(),
  /** Paid through Toss: the order sheet's choice (card, kakaopay …), and whether with test keys. */
  online_choice: ProviderChoice.nullable().default(null),
  test_payment: z.boolean().default(false),
});
export type OrderListItem = z.infer<typeof OrderListItem>;

export const ADMIN_PAGE_SIZE = 20;

/** One order in the buyer's lists (/myshop/order_*), with the one next thing they can do. */
export const MyOrderItem = z.object({
  id: z.number().int(),
  status: z.string(),
  pay_method: z.string().nullable(),
  refund_after_done: z.boolean(),
  total_price: z.number().int(),
  points_used: z.number().int(),
  /** What the buyer pays after points (app/shared/money.ts `amountDue`). */
  amount_due: z.number().int(),
  created_at: z.number(),
  first_item: z.string().nullable(),
  first_image: z.string().nullable(),
  item_count: z.number().int(),
  next_action: z.enum(ORDER_ACTIONS).nullable(),
  /** A table order (smart order): its statuses read 접수, 조리 중, 완료. */
  smart: z.boolean(),
});
export type MyOrderItem = z.infer<typeof MyOrderItem>;

/** How many of the buyer's orders each list holds. */
export const OrderCounts = z.object(
  Object.fromEntries(ORDER_LISTS.map((l) => [l, z.number().int()])) as Record<OrderList, z.ZodNumber>,
);

export const lifecycleApi = {
  myOrders: endpoint({
    method: "GET",
    path: "/api/myshp/get/my/orders",
    query: z.object({ list: z.enum(ORDER_LISTS).default("all"), page }),
    response: z.object({ items: z.array(MyOrderItem), page: z.number().int(), pages: z.number().int() }),
  }),
  orderSummary: endpoint({
    method: "GET",
    path: "/api/myshp/get/order/summary",
    query: z.object({}),
    response: OrderCounts,
  }),
  orderAction: endpoint({
    method: "POST",
    path: "/api/myshp/my/order/action",
    query: z.object({}),
    body: BuyerActionBody,
    response: OrderView,
  }),
  adminOrders: endpoint({
    method: "GET",
    path: "/api/myshp/admin/orders",
    query: z.object({
      status: z.enum(ORDER_STATUSES).optional(),
      // An order id, or part of the buyer's name or phone number.
      q: z.string().trim().max(40).optional(),
      page,
    }),
    response: z.object({
      items: z.array(OrderListItem),
      page: z.number().int(),
      pages: z.number().int(),
      /** Orders of the shop per status (all of them, whatever the filter). */
      counts: z.record(z.string(), z.number().int()),
    }),
  }),
  adminOrder: endpoint({
    method: "GET",
    path: "/api/myshp/admin/order",
    query: z.object({ id }),
    response: OrderView,
  }),
  adminOrderAction: endpoint({
    method: "POST",
    path: "/api/myshp/admin/order/action",
    query: z.object({}),
    body: OwnerActionBody,
    response: OrderView,
  }),
};
