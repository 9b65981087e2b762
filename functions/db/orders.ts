import type { PayMethod } from "~/lib/api/contracts-cart";
import type { Owner, ResolvedLine } from "./cart";

/**
 * Orders on D1. Creating an order, taking its stock and emptying those cart lines is one batch;
 * so is cancelling an order and returning its stock. D1 batches are atomic, and the guard
 * statements (migration 0003, batch_guard) make a batch fail as a whole when a conditional
 * UPDATE changed nothing (docs/decisions/022).
 */

export type NewOrderGroup = {
  uid: number;
  origin_uid: number;
  shop_name: string;
  shop_name_origin: string;
  sub_price: number;
  delivery_fee: number;
};

export type NewOrder = {
  shopId: number;
  owner: Owner;
  key: string;
  now: number;
  deadline: number;
  lines: ResolvedLine[];
  groups: NewOrderGroup[];
  itemsPrice: number;
  deliveryPrice: number;
  npay: boolean;
  fromMaster: boolean;
  ua: string | null;
  ip: string | null;
  fbp: string | null;
  fbc: string | null;
};

export type OrderRow = {
  id: number;
  shop_id: number;
  owner: string;
  status: string;
  refund_after_done: number;
  items_price: number;
  delivery_price: number;
  total_price: number;
  npay: number;
  from_master: number;
  pay_method: PayMethod | null;
  orderer_name: string | null;
  orderer_phone: string | null;
  receiver_name: string | null;
  postcode: string | null;
  address: string | null;
  address_detail: string | null;
  receiver_phone: string | null;
  memo: string | null;
  ua: string | null;
  ip: string | null;
  fbp: string | null;
  fbc: string | null;
  created_at: number;
  deadline: number;
  canceled_at: number | null;
};

export type OrderGroupRow = NewOrderGroup & { order_id: number };
export type OrderLineRow = {
  product_id: number;
  option_id: number;
  sid: string;
  uid: number;
  origin_uid: number;
  name: string;
  opt_name: string;
  image: string | null;
  unit_price: number;
  qty: number;
};
export type PaymentRow = {
  method: PayMethod;
  provider: string;
  status: "pending" | "paid" | "canceled" | "failed";
  amount: number;
  depositor: string | null;
  bank_name: string | null;
  bank_account: string | null;
  bank_holder: string | null;
  deadline: number | null;
};

export type OrderRecord = {
  order: OrderRow;
  groups: OrderGroupRow[];
  lines: OrderLineRow[];
  payment: PaymentRow | null;
};

/** Why a batch failed, read from D1's error. */
export function batchFailure(error: unknown): "stock" | "state" | "duplicate_key" | "duplicate_id" | null {
  const message = error instanceof Error ? error.message : String(error);
  if (message.includes("GUARD_STOCK")) return "stock";
  if (message.includes("GUARD_STATE")) return "state";
  if (/UNIQUE constraint failed: order_keys/.test(message)) return "duplicate_key";
  if (/UNIQUE constraint failed: orders\.id/.test(message)) return "duplicate_id";
  return null;
}

/** A random 12-digit order id: not guessable from the previous one. */
export function newOrderId(): number {
  const [a, b] = crypto.getRandomValues(new Uint32Array(2));
  return 100_000_000_000 + ((a! * 2 ** 20 + (b! >>> 12)) % 900_000_000_000);
}

export class OrderStore {
  constructor(private readonly db: D1Database) {}

  async byKey(shopId: number, owner: Owner, key: string): Promise<number | null> {
    const row = await this.db
      .prepare("SELECT order_id FROM order_keys WHERE shop_id = ? AND owner = ? AND key = ?")
      .bind(shopId, owner, key)
      .first<{ order_id: number }>();
    return row?.order_id ?? null;
  }

  /**
   * Writes the order and takes its stock in one batch. Throws D1's error when the batch fails;
   * `batchFailure` tells why (stock, a used key, an id collision).
   */
  async create(o: NewOrder, id = newOrderId()): Promise<number> {
    const db = this.db;
    // The same option may be reached through two lines (a pick and … another pick): take it once.
    const stock = new Map<number, number>();
    for (const l of o.lines) stock.set(l.pid3, (stock.get(l.pid3) ?? 0) + l.qty);

    const statements: D1PreparedStatement[] = [
      db
        .prepare(
          `INSERT INTO orders (id, shop_id, owner, items_price, delivery_price, total_price, npay, from_master,
             ua, ip, fbp, fbc, created_at, deadline)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          id,
          o.shopId,
          o.owner,
          o.itemsPrice,
          o.deliveryPrice,
          o.itemsPrice + o.deliveryPrice,
          o.npay ? 1 : 0,
          o.fromMaster ? 1 : 0,
          o.ua,
          o.ip,
          o.fbp,
          o.fbc,
          o.now,
          o.deadline,
        ),
      // A used key fails the whole batch: the second submit of a form creates nothing.
      db
        .prepare("INSERT INTO order_keys (shop_id, owner, key, order_id, created_at) VALUES (?, ?, ?, ?, ?)")
        .bind(o.shopId, o.owner, o.key, id, o.now),
      ...o.groups.map((g) =>
        db
          .prepare(
            `INSERT INTO order_groups (order_id, uid, origin_uid, shop_name, origin_shop_name, sub_price, delivery_fee)
             VALUES (?, ?, ?, ?, ?, ?, ?)`,
          )
          .bind(id, g.uid, g.origin_uid, g.shop_name, g.shop_name_origin, g.sub_price, g.delivery_fee),
      ),
      ...o.lines.map((l) =>
        db
          .prepare(
            `INSERT INTO order_lines (order_id, product_id, option_id, sid, uid, origin_uid, name, opt_name, image,
               unit_price, qty) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .bind(id, l.pid2, l.pid3, l.sid, l.uid, l.origin_uid, l.name, l.opt_name, l.image, l.price, l.qty),
      ),
      // Stock: taken only where enough is left and the goods are still on sale; otherwise the
      // guard right after aborts everything above and below.
      ...[...stock].flatMap(([optionId, qty]) => [
        db
          .prepare(
            `UPDATE product_options SET stock = stock - ?1
             WHERE id = ?2 AND stock >= ?1
               AND product_id IN (SELECT id FROM products WHERE sold_out = 0 AND visible = 1)`,
          )
          .bind(qty, optionId),
        db.prepare("INSERT INTO batch_guard (reason) SELECT 'stock' WHERE changes() = 0"),
      ]),
      ...o.lines.map((l) =>
        db
          .prepare("DELETE FROM cart_lines WHERE shop_id = ? AND owner = ? AND product_id = ? AND option_id = ?")
          .bind(o.shopId, o.owner, l.pid2, l.pid3),
      ),
    ];
    await db.batch(statements);
    return id;
  }

  /** An order of this shop, only for its owner. */
  async get(shopId: number, owner: Owner, id: number): Promise<OrderRecord | null> {
    const [orders, groups, lines, payments] = await this.db.batch([
      this.db.prepare("SELECT * FROM orders WHERE id = ? AND shop_id = ? AND owner = ?").bind(id, shopId, owner),
      this.db
        .prepare(
          `SELECT g.order_id, g.uid, g.origin_uid, g.shop_name, g.origin_shop_name AS shop_name_origin, g.sub_price,
             g.delivery_fee
           FROM order_groups g JOIN orders o ON o.id = g.order_id AND o.shop_id = ? AND o.owner = ?
           WHERE g.order_id = ? ORDER BY g.rowid`,
        )
        .bind(shopId, owner, id),
      this.db
        .prepare(
          `SELECT l.product_id, l.option_id, l.sid, l.uid, l.origin_uid, l.name, l.opt_name, l.image, l.unit_price, l.qty
           FROM order_lines l JOIN orders o ON o.id = l.order_id AND o.shop_id = ? AND o.owner = ?
           WHERE l.order_id = ? ORDER BY l.rowid`,
        )
        .bind(shopId, owner, id),
      this.db
        .prepare(
          `SELECT p.method, p.provider, p.status, p.amount, p.depositor, p.bank_name, p.bank_account, p.bank_holder,
             p.deadline
           FROM payments p JOIN orders o ON o.id = p.order_id AND o.shop_id = ? AND o.owner = ?
           WHERE p.order_id = ?`,
        )
        .bind(shopId, owner, id),
    ]);
    const order = orders!.results[0] as OrderRow | undefined;
    if (!order) return null;
    return {
      order,
      groups: groups!.results as OrderGroupRow[],
      lines: lines!.results as OrderLineRow[],
      payment: (payments!.results[0] as PaymentRow | undefined) ?? null,
    };
  }

  /**
   * Records the orderer, address and a pending bank transfer in one batch, only while the order
   * waits for payment, has no payment yet and its deadline has not passed. Throws D1's error
   * (batchFailure 'state') otherwise.
   */
  async chooseBankTransfer(
    shopId: number,
    owner: Owner,
    id: number,
    now: number,
    details: {
      orderer_name: string;
      orderer_phone: string;
      receiver_name: string;
      postcode: string;
      address: string;
      detail: string;
      receiver_phone: string;
      memo: string;
      depositor: string;
      bank: { name: string; account: string; holder: string };
      deadline: number;
    },
  ): Promise<void> {
    const d = details;
    await this.db.batch([
      this.db
        .prepare(
          `UPDATE orders SET pay_method = 'bank', orderer_name = ?, orderer_phone = ?, receiver_name = ?, postcode = ?,
             address = ?, address_detail = ?, receiver_phone = ?, memo = ?, deadline = ?
           WHERE id = ? AND shop_id = ? AND owner = ? AND status = 'WAITING_PAYMENT' AND pay_method IS NULL
             AND deadline > ?`,
        )
        .bind(
          d.orderer_name,
          d.orderer_phone,
          d.receiver_name,
          d.postcode,
          d.address,
          d.detail,
          d.receiver_phone,
          d.memo,
          d.deadline,
          id,
          shopId,
          owner,
          now,
        ),
      this.db.prepare("INSERT INTO batch_guard (reason) SELECT 'state' WHERE changes() = 0"),
      this.db
        .prepare(
          `INSERT INTO payments (order_id, method, provider, amount, status, depositor, bank_name, bank_account,
             bank_holder, deadline, created_at, updated_at)
           SELECT id, 'bank', 'bank_transfer', total_price, 'pending', ?, ?, ?, ?, ?, ?, ? FROM orders WHERE id = ?`,
        )
        .bind(d.depositor, d.bank.name, d.bank.account, d.bank.holder, d.deadline, now, now, id),
    ]);
  }

  /** Unpaid orders whose deadline has passed (oldest first). */
  async expired(now: number, limit: number): Promise<number[]> {
    const { results } = await this.db
      .prepare("SELECT id FROM orders WHERE status = 'WAITING_PAYMENT' AND deadline <= ? ORDER BY deadline LIMIT ?")
      .bind(now, limit)
      .all<{ id: number }>();
    return results.map((r) => r.id);
  }

  /**
   * Cancels one unpaid order whose deadline has passed and returns its stock, in one batch. Returns
   * false when the order was no longer waiting (paid, or cancelled by a concurrent run).
   */
  async cancelExpired(id: number, now: number): Promise<boolean> {
    try {
      await this.db.batch([
        this.db
          .prepare(
            `UPDATE orders SET status = 'CANCELED', canceled_at = ?2, cancel_reason = 'deadline'
             WHERE id = ?1 AND status = 'WAITING_PAYMENT' AND deadline <= ?2`,
          )
          .bind(id, now),
        this.db.prepare("INSERT INTO batch_guard (reason) SELECT 'state' WHERE changes() = 0"),
        this.db
          .prepare(
            `UPDATE product_options
             SET stock = stock + (SELECT SUM(l.qty) FROM order_lines l WHERE l.order_id = ?1 AND l.option_id = product_options.id)
             WHERE id IN (SELECT option_id FROM order_lines WHERE order_id = ?1)`,
          )
          .bind(id),
        this.db
          .prepare(
            "UPDATE payments SET status = 'canceled', updated_at = ?2 WHERE order_id = ?1 AND status = 'pending'",
          )
          .bind(id, now),
      ]);
      return true;
    } catch (error) {
      if (batchFailure(error) === "state") return false;
      throw error;
    }
  }
}

/** Most orders one scheduled run cancels; the next run takes the rest. */
export const CANCEL_BATCH = 100;

/** The scheduled job: cancels every unpaid order past its deadline, returning its stock. */
export async function cancelExpiredOrders(db: D1Database, now: number): Promise<number> {
  const store = new OrderStore(db);
  let cancelled = 0;
  for (const id of await store.expired(now, CANCEL_BATCH)) {
    if (await store.cancelExpired(id, now)) cancelled += 1;
  }
  return cancelled;
}
