/**
 * The menu, the table's shared cart and table orders (smart order, issue 13, decision 066). A table
 * order is an ordinary order row (stock, keys, limits, state machine) that names its table and
 * meal; it is written in one batch of a fixed number of statements (the order's own from
 * functions/db/order-batch.ts, the one order write path), which takes its lines out of the table's cart, so two phones ordering the same cart at once make one order.
 */
import type { Owner } from "./cart";
import { transitionStatements } from "./order-transitions";
import { MAX_TABLE_LINE_QTY, MAX_TABLE_LINES } from "~/shared/limits";
import type { TableCardChoice } from "~/shared/forms/smart";
import { sqlPlaced } from "~/shared/order-status";
import { itemsSum } from "~/shared/money";
import {
  bankTransferStatement,
  holdPointsStatements,
  insertOrderStatements,
  takeStockStatements,
  unpaidGuardStatement,
} from "./order-batch";
import { VISIT_MS } from "./tables";
import type { Db } from "./session";

export type MenuCategoryRow = { id: number; name: string };
export type MenuItemRow = {
  id: number;
  sid: string;
  title: string;
  price: number;
  image: string | null;
  summary: string | null;
  category_id: number | null;
  sold_out: number;
  option_label: string | null;
  option_count: number;
  extra_count: number;
  stock: number;
};
export type MenuOptionRow = { id: number; name: string; extra_price: number; stock: number; default_option: number };
export type MenuExtraRow = { id: number; name: string; price: number; sold_out: number };

export type TableLineRow = {
  id: number;
  product_id: number;
  option_id: number;
  extras: string;
  qty: number;
  sid: string;
  title: string;
  image: string | null;
  opt_name: string;
  default_option: number;
  extra_names: string | null;
  unit_price: number;
  stock: number;
  /** The item is off the menu or sold out, or one of its add-ons is. */
  unavailable: number;
};

/** The add-on ids of a line as its key: distinct, ascending, comma-separated. */
export function extrasKey(ids: readonly number[]): string {
  return [...new Set(ids)].sort((a, b) => a - b).join(",");
}

/** How a line is shown and kept on the order: the option (when there is a choice) and the add-ons. */
export function lineLabel(l: Pick<TableLineRow, "opt_name" | "default_option" | "extra_names">): string {
  return [l.default_option ? "" : l.opt_name, l.extra_names ?? ""].filter(Boolean).join(" · ");
}

const ITEM_COLUMNS = `p.id, p.sid, p.title, p.price, p.image, p.summary, p.category_id, p.sold_out, p.option_label,
  (SELECT COUNT(*) FROM product_options WHERE product_id = p.id AND default_option = 0) AS option_count,
  (SELECT COUNT(*) FROM menu_extras WHERE product_id = p.id) AS extra_count,
  COALESCE((SELECT SUM(stock) FROM product_options WHERE product_id = p.id), 0) AS stock`;

export type TableOrder = {
  id: number;
  shopId: number;
  shopUid: number;
  shopName: string;
  owner: Owner;
  key: string;
  visitId: string;
  tableId: number;
  tableName: string;
  lines: TableLineRow[];
  memo: string;
  /** A card or wallet (선결제, decision 105): placed unpaid, with nothing taken, until Toss confirms. */
  pay: "counter" | "bank" | "points" | TableCardChoice;
  bank: { name: string; account: string; holder: string; depositor: string; deadline: number } | null;
  uid: number | null;
  now: number;
  ip: string | null;
  ua: string | null;
};

export class TableOrderStore {
  constructor(private readonly db: Db) {}

  /** The shop's menu: its top categories and its own items on show (sold-out ones too, greyed). */
  async menu(shopId: number): Promise<{ categories: MenuCategoryRow[]; items: MenuItemRow[] }> {
    const [categories, items] = await this.db.batch([
      this.db
        .prepare("SELECT id, name FROM categories WHERE shop_id = ?1 AND parent_id IS NULL ORDER BY sort, id")
        .bind(shopId),
      this.db
        .prepare(
          `SELECT ${ITEM_COLUMNS} FROM products p
           WHERE p.shop_id = ?1 AND p.visible = 1 AND p.ptype = 'normal' ORDER BY p.sort, p.id`,
        )
        .bind(shopId),
    ]);
    return { categories: categories!.results as MenuCategoryRow[], items: items!.results as MenuItemRow[] };
  }

  /** One item of the shop's menu with its options and add-ons. */
  async item(
    shopId: number,
    sid: string,
  ): Promise<{ item: MenuItemRow; options: MenuOptionRow[]; extras: MenuExtraRow[] } | null> {
    const of = "(SELECT id FROM products WHERE sid = ?2 AND shop_id = ?1 AND visible = 1 AND ptype = 'normal')";
    const [items, options, extras] = await this.db.batch([
      this.db.prepare(`SELECT ${ITEM_COLUMNS} FROM products p WHERE p.id = ${of}`).bind(shopId, sid),
      this.db
        .prepare(
          `SELECT id, name, extra_price, stock, default_option FROM product_options
           WHERE product_id = ${of} ORDER BY sort, id`,
        )
        .bind(shopId, sid),
      this.db
        .prepare(`SELECT id, name, price, sold_out FROM menu_extras WHERE product_id = ${of} ORDER BY sort, id`)
        .bind(shopId, sid),
    ]);
    const item = items!.results[0] as MenuItemRow | undefined;
    if (!item) return null;
    return { item, options: options!.results as MenuOptionRow[], extras: extras!.results as MenuExtraRow[] };
  }

  /** The table's cart, priced from the menu as it is now. */
  async lines(shopId: number, visitId: string): Promise<TableLineRow[]> {
    const chosen = "e.product_id = p.id AND instr(',' || c.extras || ',', ',' || e.id || ',') > 0";
    const { results } = await this.db
      .prepare(
        `SELECT c.id, c.product_id, c.option_id, c.extras, c.qty, p.sid, p.title, p.image, o.name AS opt_name,
           o.default_option, o.stock,
           (SELECT group_concat(name, ', ') FROM (SELECT e.name FROM menu_extras e WHERE ${chosen} ORDER BY e.sort, e.id))
             AS extra_names,
           p.price + o.extra_price + COALESCE((SELECT SUM(e.price) FROM menu_extras e WHERE ${chosen}), 0) AS unit_price,
           (p.sold_out = 1 OR p.visible = 0 OR EXISTS (SELECT 1 FROM menu_extras e WHERE ${chosen} AND e.sold_out = 1))
             AS unavailable
         FROM table_cart_lines c
         JOIN table_visits v ON v.id = c.visit_id AND v.shop_id = ?1
         JOIN products p ON p.id = c.product_id AND p.shop_id = ?1
         JOIN product_options o ON o.id = c.option_id AND o.product_id = p.id
         WHERE c.visit_id = ?2 ORDER BY c.added_at, c.id`,
      )
      .bind(shopId, visitId)
      .all<TableLineRow>();
    return results;
  }

  /**
   * Adds a dish to the table's cart (the same dish made the same way adds to its line, up to
   * MAX_TABLE_LINE_QTY); false when the cart already has MAX_TABLE_LINES other lines. The caller has
   * checked that the option and the add-ons are this shop's item's.
   */
  async add(
    visitId: string,
    line: { productId: number; optionId: number; extras: string; qty: number },
    now: number,
  ): Promise<boolean> {
    const { meta } = await this.db
      .prepare(
        `INSERT INTO table_cart_lines (visit_id, product_id, option_id, extras, qty, added_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6
         WHERE (SELECT COUNT(*) FROM table_cart_lines WHERE visit_id = ?1) < ?7
            OR EXISTS (SELECT 1 FROM table_cart_lines WHERE visit_id = ?1 AND product_id = ?2 AND option_id = ?3
                         AND extras = ?4)
         ON CONFLICT (visit_id, product_id, option_id, extras) DO UPDATE SET qty = MIN(?8, qty + excluded.qty)`,
      )
      .bind(visitId, line.productId, line.optionId, line.extras, line.qty, now, MAX_TABLE_LINES, MAX_TABLE_LINE_QTY)
      .run();
    return meta.changes > 0;
  }

  /** Sets a line's quantity (0 takes it out). */
  async setQty(visitId: string, lineId: number, qty: number): Promise<void> {
    const statement =
      qty === 0
        ? this.db.prepare("DELETE FROM table_cart_lines WHERE id = ?2 AND visit_id = ?1").bind(visitId, lineId)
        : this.db
            .prepare("UPDATE table_cart_lines SET qty = ?3 WHERE id = ?2 AND visit_id = ?1")
            .bind(visitId, lineId, Math.min(qty, MAX_TABLE_LINE_QTY));
    await statement.run();
  }

  /**
   * Places the table's order in one batch. It fails as a whole (functions/db/orders.ts
   * `batchFailure`) when the lines are no longer in the table's cart as read ('cart': another
   * phone ordered them first), the meal has ended ('state'), an option lacks the stock or an item
   * went off sale ('stock'), the points do not cover it ('points'), too many orders came from this
   * owner or address ('rate', 'unpaid'), or the form's key was used ('duplicate_key').
   *
   * Paid first by card or wallet (decision 105), the order is only an attempt here: an open,
   * unpaid order with no stock taken and the lines left in the table's cart, which Toss's
   * confirmation (`takeStockAndMarkPaid`, the one order path) places, takes stock for and clears
   * from the cart. A closed window thus leaves the table's cart as it was.
   */
  async place(o: TableOrder): Promise<void> {
    const db = this.db;
    const payFirst = o.pay !== "counter" && o.pay !== "bank" && o.pay !== "points";
    const itemsPrice = itemsSum(o.lines.map((l) => ({ price: l.unit_price, qty: l.qty })));
    const lines = o.lines.map((l) => ({
      line: l.id,
      pid2: l.product_id,
      pid3: l.option_id,
      extras: l.extras,
      sid: l.sid,
      uid: o.shopUid,
      origin_uid: o.shopUid,
      name: l.title,
      opt_name: lineLabel(l),
      image: l.image,
      price: l.unit_price,
      qty: l.qty,
    }));
    const json = JSON.stringify(lines);
    const points = o.pay === "points" && o.uid !== null ? itemsPrice : 0;
    const deadline = o.bank?.deadline ?? o.now + VISIT_MS;
    const statements: D1PreparedStatement[] = [
      ...insertOrderStatements(db, {
        id: o.id,
        shopId: o.shopId,
        owner: o.owner,
        key: o.key,
        now: o.now,
        deadline,
        itemsPrice,
        deliveryPrice: 0,
        lines,
        groups: [
          {
            uid: o.shopUid,
            origin_uid: o.shopUid,
            shop_name: o.shopName,
            shop_name_origin: o.shopName,
            sub_price: itemsPrice,
            delivery_fee: 0,
          },
        ],
        ua: o.ua,
        ip: o.ip,
        memo: o.memo,
        payMethod: o.pay === "bank" ? "bank" : null,
        payLater: o.pay === "counter",
        table: { id: o.tableId, name: o.tableName, visitId: o.visitId },
        pointsUsed: points,
        stockTaken: !payFirst,
        agreed: true,
      }),
      // Every line is still in the table's cart as read: another phone's order took them first.
      db
        .prepare(
          `INSERT INTO batch_guard (reason) SELECT 'cart'
           WHERE (SELECT COUNT(*) FROM table_cart_lines c JOIN json_each(?2) j
                    ON c.id = j.value ->> 'line' AND c.qty = j.value ->> 'qty' AND c.extras = j.value ->> 'extras'
                  WHERE c.visit_id = ?1) <> json_array_length(?2)`,
        )
        .bind(o.visitId, json),
      ...(payFirst
        ? []
        : [
            db
              .prepare(
                "DELETE FROM table_cart_lines WHERE visit_id = ?1 AND id IN (SELECT value ->> 'line' FROM json_each(?2))",
              )
              .bind(o.visitId, json),
          ]),
      // The meal is still open, and lasts on from this order.
      db
        .prepare(
          `UPDATE table_visits SET expires_at = MAX(expires_at, ?3)
           WHERE id = ?1 AND shop_id = ?2 AND closed_at IS NULL AND expires_at > ?4`,
        )
        .bind(o.visitId, o.shopId, o.now + VISIT_MS, o.now),
      db.prepare("INSERT INTO batch_guard (reason) SELECT 'state' WHERE changes() = 0"),
      // The order row above says stock_taken = 1: it is taken here, in the same batch, or nothing is.
      ...(payFirst ? [] : takeStockStatements(db, o.id)),
    ];
    if (points > 0) {
      statements.push(
        ...holdPointsStatements(db, { orderId: o.id, shopId: o.shopId, uid: o.uid!, points, now: o.now }),
      );
    }
    if (o.pay === "bank" && o.bank) {
      statements.push(
        unpaidGuardStatement(db, { orderId: o.id, owner: o.owner, ip: o.ip, guestHold: false }),
        bankTransferStatement(db, {
          orderId: o.id,
          bank: o.bank,
          depositor: o.bank.depositor,
          deadline,
          now: o.now,
        }),
      );
    }
    // Into the kitchen, through the state machine's own statements: at once when the table pays
    // at the counter or the points paid it all; a transfer waits for the owner's 입금확인.
    if (o.pay === "counter" || o.pay === "points") {
      statements.push(
        ...transitionStatements(db, {
          orderId: o.id,
          shopId: o.shopId,
          action: o.pay === "counter" ? "accept_table" : "pay_points",
          actor: "buyer",
          actorUid: o.uid,
          from: "WAITING_PAYMENT",
          to: "CONFIRM_PAYMENT",
          now: o.now,
        }),
      );
    }
    await db.batch(statements);
  }

  /** The placed orders of a meal (every phone at the table sees them; not a card attempt unpaid), newest last. */
  async visitOrders(
    shopId: number,
    visitId: string,
  ): Promise<{ id: number; status: string; total_price: number; created_at: number; item_count: number }[]> {
    const { results } = await this.db
      .prepare(
        `SELECT o.id, o.status, o.total_price, o.created_at,
           (SELECT COALESCE(SUM(qty), 0) FROM order_lines WHERE order_id = o.id) AS item_count
         FROM orders o WHERE o.visit_id = ?2 AND o.shop_id = ?1 AND ${sqlPlaced("o")} ORDER BY o.created_at, o.id`,
      )
      .bind(shopId, visitId)
      .all<{ id: number; status: string; total_price: number; created_at: number; item_count: number }>();
    return results;
  }

  /**
   * The kitchen board: table orders waiting, cooking, and those finished in the last `sinceMs`;
   * only placed ones, so a card attempt shows once Toss confirmed it, never before or after it
   * lapsed (decision 105).
   */
  async kitchen(shopId: number, since: number): Promise<KitchenOrderRow[]> {
    const { results } = await this.db
      .prepare(
        `SELECT o.id, o.status, o.table_name, o.memo, o.total_price, o.pay_later, o.pay_method, o.paid_amount, o.created_at,
           o.status_at,
           (SELECT json_group_array(json_object('name', l.name, 'opt_name', l.opt_name, 'qty', l.qty))
              FROM (SELECT name, opt_name, qty FROM order_lines WHERE order_id = o.id ORDER BY rowid) l) AS lines
         FROM orders o
         WHERE o.shop_id = ?1 AND o.table_id IS NOT NULL AND ${sqlPlaced("o")}
           AND (o.status IN ('CONFIRM_PAYMENT', 'READY_FOR_DELIVERY')
                OR (o.status = 'WAITING_PAYMENT' AND o.pay_method IS NOT NULL)
                OR (o.status IN ('DONE', 'CANCELED', 'REQ_BANK_REFUND') AND o.status_at > ?2))
         ORDER BY o.created_at, o.id LIMIT 200`,
      )
      .bind(shopId, since)
      .all<KitchenOrderRow>();
    return results;
  }
}

export type KitchenOrderRow = {
  id: number;
  status: string;
  table_name: string | null;
  memo: string | null;
  total_price: number;
  pay_later: number;
  pay_method: string | null;
  paid_amount: number;
  created_at: number;
  status_at: number | null;
  /** JSON: [{ name, opt_name, qty }] */
  lines: string;
};
