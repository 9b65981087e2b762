/**
 * Smart order (issue 13): a restaurant's table opened from its QR code, the menu, the table's
 * shared cart, table orders, and the owner's tables and kitchen board. The diners' calls name no
 * table: the table cookie does (the API reads it), so a phone only ever reaches its own table.
 */
import { z } from "zod";
import {
  TableActBody,
  TableAddBody,
  TableNameBody,
  TableOrderBody,
  TablePayModeBody,
  TableQtyBody,
} from "../forms/smart";
import { PaymentFailBody, PaymentReturnBody, PaymentWindow } from "./cart";
import { endpoint, id, nullableText } from "./core";

export const TABLE_COOKIE = "smart_table";

const tableInfo = z.object({ name: z.string(), expires_at: z.number() });

/** How a table order is paid: 후불, a transfer, points, or card/wallet first (decision 105). */
const TablePay = z.enum(["counter", "bank", "points", "card"]);

export const MenuItem = z.object({
  sid: z.string(),
  title: z.string(),
  price: z.number().int(),
  image: nullableText,
  summary: nullableText,
  category_id: z.number().int().nullable(),
  sold_out: z.boolean(),
  /** Options or add-ons to choose: the item opens its own page. */
  customizable: z.boolean(),
});
export type MenuItem = z.infer<typeof MenuItem>;

export const TableLine = z.object({
  id: z.number().int(),
  sid: z.string(),
  title: z.string(),
  image: nullableText,
  /** The option and the add-ons, in words. */
  label: z.string(),
  unit_price: z.number().int(),
  qty: z.number().int(),
  /** Sold out (or not enough left) since it was added: the order would be refused. */
  problem: z.string().nullable(),
});
export type TableLine = z.infer<typeof TableLine>;

const tableCart = z.object({ lines: z.array(TableLine), count: z.number().int(), total: z.number().int() });

export const TableOrderSummary = z.object({
  id: z.number().int(),
  status: z.string(),
  total_price: z.number().int(),
  created_at: z.number(),
  item_count: z.number().int(),
});

export const KitchenOrder = z.object({
  id: z.number().int(),
  status: z.string(),
  table_name: z.string(),
  memo: z.string(),
  total_price: z.number().int(),
  pay: TablePay,
  created_at: z.number(),
  status_at: z.number().nullable(),
  lines: z.array(z.object({ name: z.string(), opt_name: z.string(), qty: z.number().int() })),
  actions: z.array(z.string()),
});
export type KitchenOrder = z.infer<typeof KitchenOrder>;

export const ShopTable = z.object({ id: z.number().int(), name: z.string(), hash: z.string(), in_use: z.boolean() });
export type ShopTable = z.infer<typeof ShopTable>;

export const smartApi = {
  /** A scan: opens (or joins) the meal at the table of this code; the page sets the table cookie. */
  tableOpen: endpoint({
    method: "POST",
    path: "/api/smartorder/open",
    query: z.object({}),
    body: z.object({ hash: z.string().max(64) }),
    response: tableInfo.extend({ visit: z.string() }),
  }),
  /** The table the cookie names, and its cart's count and total (the smart layout's bar). */
  tableSession: endpoint({
    method: "GET",
    path: "/api/smartorder/session",
    query: z.object({}),
    response: tableInfo.extend({
      count: z.number().int(),
      total: z.number().int(),
      /** The shop takes bank transfers. */
      bank: z.boolean(),
      /** The member's points in this shop (null: a guest, or not a member of the shop). */
      points: z.number().int().nullable(),
      /** 선결제: the table pays by card or easy pay before the kitchen gets the order (decision 105). */
      pay_first: z.boolean(),
      /** The meal's newest placed order: what the bar says once the cart is empty again (decision 132). */
      last: z.object({ id: z.number().int(), count: z.number().int(), total: z.number().int() }).nullable(),
    }),
  }),
  tableMenu: endpoint({
    method: "GET",
    path: "/api/smartorder/menu",
    query: z.object({}),
    response: z.object({
      categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
      items: z.array(MenuItem),
    }),
  }),
  tableItem: endpoint({
    method: "GET",
    path: "/api/smartorder/item",
    query: z.object({ sid: z.string().max(40) }),
    response: z.object({
      item: MenuItem.extend({ option_label: z.string() }),
      options: z.array(
        z.object({ id: z.number().int(), name: z.string(), extra_price: z.number().int(), sold_out: z.boolean() }),
      ),
      extras: z.array(
        z.object({ id: z.number().int(), name: z.string(), price: z.number().int(), sold_out: z.boolean() }),
      ),
    }),
  }),
  tableCart: endpoint({ method: "GET", path: "/api/smartorder/cart", query: z.object({}), response: tableCart }),
  tableAdd: endpoint({
    method: "POST",
    path: "/api/smartorder/cart/add",
    query: z.object({}),
    body: TableAddBody,
    response: tableCart,
  }),
  tableQty: endpoint({
    method: "POST",
    path: "/api/smartorder/cart/qty",
    query: z.object({}),
    body: TableQtyBody,
    response: tableCart,
  }),
  tableOrder: endpoint({
    method: "POST",
    path: "/api/smartorder/order",
    query: z.object({}),
    body: TableOrderBody,
    /** 선결제: `window` is the attempt recorded, for the page to open Toss's window with. */
    response: z.object({ id: z.number().int(), window: PaymentWindow.nullable().default(null) }),
  }),
  /** 선결제: Toss's window approved the table's attempt (its successUrl); confirmed and placed. */
  tableConfirm: endpoint({
    method: "POST",
    path: "/api/smartorder/pay/confirm",
    query: z.object({}),
    body: PaymentReturnBody,
    response: z.object({ id: z.number().int() }),
  }),
  /** 선결제: the window refused or was closed (its failUrl); the refusal is kept, nothing placed. */
  tableFail: endpoint({
    method: "POST",
    path: "/api/smartorder/pay/fail",
    query: z.object({}),
    body: PaymentFailBody,
    response: z.object({ ok: z.boolean() }),
  }),
  /** The meal's orders, and one of them whole (the order-complete page). */
  tableOrders: endpoint({
    method: "GET",
    path: "/api/smartorder/orders",
    query: z.object({ id: id.optional() }),
    response: z.object({
      orders: z.array(TableOrderSummary),
      order: z
        .object({
          id: z.number().int(),
          status: z.string(),
          total_price: z.number().int(),
          memo: z.string(),
          pay: TablePay,
          created_at: z.number(),
          lines: z.array(
            z.object({ name: z.string(), opt_name: z.string(), unit_price: z.number().int(), qty: z.number().int() }),
          ),
          bank: z
            .object({ name: z.string(), account: z.string(), holder: z.string(), amount: z.number().int() })
            .nullable(),
          /** 선결제 whose payment Toss has not answered yet (decision 142): the kitchen waits too. */
          checking: z.boolean().default(false),
        })
        .nullable(),
    }),
  }),
  adminTables: endpoint({
    method: "GET",
    path: "/api/admin/tables",
    query: z.object({}),
    response: z.object({
      tables: z.array(ShopTable),
      /** 선결제 is on, and whether the shop could turn it on (it has Toss keys). */
      pay_first: z.boolean(),
      cards: z.boolean(),
    }),
  }),
  /** The restaurant's 결제 방식 (decision 105): 선결제 only with the shop's Toss keys. */
  adminTablePay: endpoint({
    method: "POST",
    path: "/api/admin/tables/pay",
    query: z.object({}),
    body: TablePayModeBody,
    response: z.object({ pay_first: z.boolean() }),
  }),
  adminTableAdd: endpoint({
    method: "POST",
    path: "/api/admin/tables/add",
    query: z.object({}),
    body: TableNameBody,
    response: z.object({ tables: z.array(ShopTable) }),
  }),
  adminTableAct: endpoint({
    method: "POST",
    path: "/api/admin/tables/act",
    query: z.object({}),
    body: TableActBody,
    response: z.object({ tables: z.array(ShopTable) }),
  }),
  adminKitchen: endpoint({
    method: "GET",
    path: "/api/admin/kitchen",
    query: z.object({}),
    response: z.object({ orders: z.array(KitchenOrder) }),
  }),
} as const;
