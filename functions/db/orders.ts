import type { PayMethod } from "~/shared/contracts/cart";
import type { Actor, Claim } from "~/shared/order-machine";
import { sqlPlaced } from "~/shared/order-status";
import type { Owner, ResolvedLine } from "./cart";
import {
  closeSheetsStatements,
  runTransition,
  transitionStatements,
  type TransitionRequest,
} from "./order-transitions";
import {
  bankTransferStatement,
  holdPointsStatements,
  insertOrderStatements,
  clearOrderedCartStatements,
  remoteFeeStatements,
  takeStockStatements,
  unpaidGuardStatement,
} from "./order-batch";
import type { BuyerDetails, ProviderPaymentRow } from "./provider-payments";
import type { PaymentAttemptRow } from "./payment-attempts";
import type { Db } from "./session";
import type { RemoteAreaKind } from "~/shared/money";

/**
 * Orders on D1. An order starts as an order sheet: its lines and prices are written, but it takes
 * no stock and leaves the cart as it is (docs/decisions/046). Paying (choosing bank transfer) takes
 * the stock and removes the ordered quantities from the cart; cancelling returns the stock. Each of
 * these is one D1 batch of a fixed number of statements, whatever the number of lines: lines go in
 * as one JSON parameter read with json_each. D1 batches are atomic, and the guard statements
 * (migrations 0003 and 0005, batch_guard) make a batch fail as a whole when a condition fails
 * (docs/decisions/022).
 */

/** How many of a buyer's orders are in one status; `needs_account`: of those, refunds waiting for an account. */
export type StatusCount = { status: string; n: number; needs_account: number };

export type NewOrderGroup = {
  uid: number;
  origin_uid: number;
  shop_name: string;
  shop_name_origin: string;
  sub_price: number;
  delivery_fee: number;
  /** The boxes the group ships (decision 110): the 제주/도서산간 extra is per box. */
  parcels?: number;
};

export type NewOrder = {
  shopId: number;
  owner: Owner;
  key: string;
  now: number;
  deadline: number;
  lines: ResolvedLine[];
  groups: NewOrderGroup[];
  /** A guest's verification the goods needed (decision 114). */
  identityVerificationId?: string | null;
  itemsPrice: number;
  deliveryPrice: number;
  npay: boolean;
  /** 바로구매: the lines came from a product page, not the cart, so the cart is not checked. */
  direct?: boolean;
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
  cancel_reason: string | null;
  stock_taken: number;
  claim: Claim | null;
  claim_from: string | null;
  claim_reason: string | null;
  paid_at: number | null;
  paid_amount: number;
  courier: string | null;
  tracking_no: string | null;
  shipped_at: number | null;
  delivered_at: number | null;
  done_at: number | null;
  refund_bank: string | null;
  refund_account: string | null;
  refund_holder: string | null;
  refund_amount: number | null;
  refunded_at: number | null;
  /** A return's money, fixed when the owner accepted it (decision 104); null: the whole payment. */
  return_amount: number | null;
  status_at: number | null;
  buyer_email: string | null;
  points_used: number;
  points_held: number;
  points_earned: number;
  table_id: number | null;
  table_name: string | null;
  visit_id: string | null;
  pay_later: number;
};

export type OrderEventRow = {
  actor: Actor;
  action: string;
  from_status: string;
  to_status: string;
  note: string | null;
  created_at: number;
};

/** A group as stored, with its 제주/도서산간 extra and its shipping shop's extras per box now. */
export type OrderGroupRow = NewOrderGroup & {
  order_id: number;
  parcels: number;
  remote_fee: number;
  jeju_fee: number;
  island_fee: number;
};
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
  events: OrderEventRow[];
  /** Paid (or being paid) through Toss: the attempt and what Toss confirmed, and its cancels. */
  online: ProviderPaymentRow | null;
  cancels: ProviderCancelRow[];
  /** The lines a return covers (decision 104), by their place in the order. */
  returns: { line_no: number; qty: number }[];
  /** The lines the shop cancelled one by one (판매취소, decision 176), by their place in the order. */
  lineCancels: LineCancelRow[];
  /** The newest Toss payment window of the order and what became of it (decision 142), if any. */
  attempt: PaymentAttemptRow | null;
};

export type LineCancelRow = {
  line_no: number;
  qty: number;
  reason: string;
  amount: number;
  created_at: number;
  /** When its money went back; null while it is owed (a transfer's, decision 179). */
  refunded_at: number | null;
};

export type ProviderCancelRow = { amount: number; reason: string; canceled_at: string };

/** One order in the buyer's lists. */
export type BuyerOrderRow = {
  id: number;
  status: string;
  refund_after_done: number;
  total_price: number;
  points_used: number;
  pay_method: string | null;
  created_at: number;
  paid_amount: number;
  claim: Claim | null;
  claim_from: string | null;
  refund_bank: string | null;
  refund_account: string | null;
  refund_holder: string | null;
  has_payment: number;
  table_id: number | null;
  pay_later: number;
  first_item: string | null;
  first_image: string | null;
  item_count: number;
};

/** One order in the owner's list. */
export type OrderListRow = {
  id: number;
  status: string;
  refund_after_done: number;
  total_price: number;
  pay_method: string | null;
  table_name: string | null;
  orderer_name: string | null;
  orderer_phone: string | null;
  first_item: string | null;
  item_count: number;
  created_at: number;
  status_at: number | null;
  buyer_email: string | null;
  /** Paid through Toss: the sheet's choice, and whether with test keys (1). */
  online_choice: string | null;
  online_test: number | null;
};

export type BatchFailure =
  | "stock"
  | "state"
  | "cart"
  | "unpaid"
  | "rate"
  | "points"
  | "hold"
  | "amount"
  | "pending"
  | "duplicate_key"
  | "duplicate_id";

/** Why a batch failed, read from D1's error. */
export function batchFailure(error: unknown): BatchFailure | null {
  const message = error instanceof Error ? error.message : String(error);
  for (const reason of ["stock", "state", "cart", "unpaid", "rate", "points", "hold", "amount", "pending"] as const) {
    if (message.includes(`GUARD_${reason.toUpperCase()}`)) return reason;
  }
  if (/UNIQUE constraint failed: order_keys/.test(message)) return "duplicate_key";
  if (/UNIQUE constraint failed: orders\.id/.test(message)) return "duplicate_id";
  return null;
}

/** A random 12-digit order id: not guessable from the previous one. */
export function newOrderId(): number {
  const [a, b] = crypto.getRandomValues(new Uint32Array(2));
  return 100_000_000_000 + ((a! * 2 ** 20 + (b! >>> 12)) % 900_000_000_000);
}

/** The owner's open order sheet (unpaid, no payment chosen, not expired) and its lines. */
export type OpenSheet = { id: number; lines: { pid2: number; pid3: number; qty: number }[] };

/** An order (`o`) somebody placed (app/shared/order-status.ts `isPlaced`). */
const PLACED = sqlPlaced("o");
/** Money (`o`) to send back that waits for the buyer's refund account; a card or wallet needs none (decision 104). */
const NEEDS_ACCOUNT = `(o.refund_account IS NULL AND o.paid_amount > 0 AND NOT EXISTS (SELECT 1 FROM provider_payments p
  WHERE p.order_id = o.id AND p.payment_key IS NOT NULL AND p.choice <> 'vbank'))`;

/**
 * A buyer's placed orders per status (and how many wait for a refund account), of shop ?1 and
 * owner ?2: a statement of its own, or a sub-select of the account summary's.
 */
export const BUYER_COUNTS_SQL = `SELECT o.status, COUNT(*) AS n, SUM(CASE WHEN ${NEEDS_ACCOUNT} THEN 1 ELSE 0 END) AS needs_account
   FROM orders o WHERE o.shop_id = ?1 AND o.owner = ?2 AND ${PLACED}
   GROUP BY o.status`;

export class OrderStore {
  constructor(private readonly db: Db) {}

  /** One step of the state machine, as one conditional batch (functions/db/order-transitions.ts). */
  transition(r: TransitionRequest): Promise<void> {
    return runTransition(this.db, r);
  }

  async byKey(shopId: number, owner: Owner, key: string): Promise<number | null> {
    const row = await this.db
      .prepare("SELECT order_id FROM order_keys WHERE shop_id = ? AND owner = ? AND key = ?")
      .bind(shopId, owner, key)
      .first<{ order_id: number }>();
    return row?.order_id ?? null;
  }

  /**
   * The newest open order sheet of this owner on this shop, if any. Found by the owner's orders
   * (orders_owner): the "+" keeps the planner off the indexes by status, which would walk every
   * unpaid order of the shop or the platform (0.5 s among a million orders; issue 39).
   */
  async openSheet(shopId: number, owner: Owner, now: number): Promise<OpenSheet | null> {
    const { results } = await this.db
      .prepare(
        `SELECT o.id, l.product_id AS pid2, l.option_id AS pid3, l.qty
         FROM orders o JOIN order_lines l ON l.order_id = o.id
         WHERE o.id = (SELECT id FROM orders WHERE shop_id = ?1 AND owner = ?2 AND +status = 'WAITING_PAYMENT'
                         AND pay_method IS NULL AND +deadline > ?3 ORDER BY created_at DESC LIMIT 1)
         ORDER BY l.rowid`,
      )
      .bind(shopId, owner, now)
      .all<{ id: number; pid2: number; pid3: number; qty: number }>();
    if (results.length === 0) return null;
    return { id: results[0]!.id, lines: results.map(({ pid2, pid3, qty }) => ({ pid2, pid3, qty })) };
  }

  /**
   * Writes an order sheet in one batch of eight statements. It fails as a whole (`batchFailure`)
   * when a line is no longer in the owner's cart with the same quantity ('cart'), when the owner or
   * the client address made too many sheets lately ('rate'), or when the key was used
   * ('duplicate_key'). Any other open sheet of the owner on this shop is replaced (cancelled):
   * a cart has one open sheet at a time, so two tabs or a retry never leave two payable orders.
   */
  async create(o: NewOrder, id = newOrderId()): Promise<number> {
    const db = this.db;
    await db.batch([
      ...insertOrderStatements(db, {
        id,
        shopId: o.shopId,
        owner: o.owner,
        key: o.key,
        now: o.now,
        deadline: o.deadline,
        itemsPrice: o.itemsPrice,
        deliveryPrice: o.deliveryPrice,
        lines: o.lines.map((l) => ({
          pid2: l.pid2,
          pid3: l.pid3,
          sid: l.sid,
          uid: l.uid,
          origin_uid: l.origin_uid,
          name: l.name,
          opt_name: l.opt_name,
          image: l.image,
          price: l.price,
          qty: l.qty,
        })),
        groups: o.groups,
        ua: o.ua,
        ip: o.ip,
        fbp: o.fbp,
        fbc: o.fbc,
        npay: o.npay,
        fromMaster: o.fromMaster,
      }),
      // A guest's verification that allowed adult-only or verified-only goods stays with the order.
      ...(o.identityVerificationId
        ? [
            db
              .prepare("UPDATE orders SET identity_verification_id = ? WHERE id = ? AND shop_id = ?")
              .bind(o.identityVerificationId, id, o.shopId),
          ]
        : []),
      // Only what is still in the caller's cart, as many as there, becomes an order (바로구매 aside).
      ...(o.direct
        ? []
        : [
            db
              .prepare(
                `INSERT INTO batch_guard (reason) SELECT 'cart'
                 WHERE (SELECT COUNT(*) FROM order_lines l JOIN cart_lines c
                          ON c.shop_id = ?2 AND c.owner = ?3 AND c.product_id = l.product_id
                         AND c.option_id = l.option_id AND c.qty = l.qty
                        WHERE l.order_id = ?1)
                    <> (SELECT COUNT(*) FROM order_lines WHERE order_id = ?1)`,
              )
              .bind(id, o.shopId, o.owner),
          ]),
      ...closeSheetsStatements(db, o.shopId, o.owner, id, o.now),
    ]);
    return id;
  }

  /** An order of this shop, only for its owner (the buyer: member or device). */
  get(shopId: number, owner: Owner, id: number): Promise<OrderRecord | null> {
    return this.read(shopId, id, owner);
  }

  /** An order of this shop, whoever bought it: for the shop's owner. */
  getForShop(shopId: number, id: number): Promise<OrderRecord | null> {
    return this.read(shopId, id, null);
  }

  private async read(shopId: number, id: number, owner: Owner | null): Promise<OrderRecord | null> {
    // Every part is joined to the order under the same conditions: no part of another shop's or
    // another buyer's order is ever read.
    const of = "JOIN orders o ON o.id = x.order_id AND o.shop_id = ?1 AND (?2 IS NULL OR o.owner = ?2)";
    const [orders, groups, lines, payments, events, online, cancels, returns, attempts, lineCancels] =
      await this.db.batch([
        this.db
          .prepare("SELECT * FROM orders WHERE id = ?3 AND shop_id = ?1 AND (?2 IS NULL OR owner = ?2)")
          .bind(shopId, owner, id),
        this.db
          .prepare(
            `SELECT x.order_id, x.uid, x.origin_uid, x.shop_name, x.origin_shop_name AS shop_name_origin, x.sub_price,
             x.delivery_fee, x.parcels, x.remote_fee, COALESCE(s.jeju_fee, 0) AS jeju_fee,
             COALESCE(s.island_fee, 0) AS island_fee
           FROM order_groups x ${of} LEFT JOIN shops s ON s.uid = x.origin_uid
           WHERE x.order_id = ?3 ORDER BY x.rowid`,
          )
          .bind(shopId, owner, id),
        this.db
          .prepare(
            `SELECT x.product_id, x.option_id, x.sid, x.uid, x.origin_uid, x.name, x.opt_name, x.image, x.unit_price, x.qty
           FROM order_lines x ${of} WHERE x.order_id = ?3 ORDER BY x.rowid`,
          )
          .bind(shopId, owner, id),
        this.db
          .prepare(
            `SELECT x.method, x.provider, x.status, x.amount, x.depositor, x.bank_name, x.bank_account, x.bank_holder,
             x.deadline
           FROM payments x ${of} WHERE x.order_id = ?3`,
          )
          .bind(shopId, owner, id),
        this.db
          .prepare(
            `SELECT x.actor, x.action, x.from_status, x.to_status, x.note, x.created_at
           FROM order_events x ${of} WHERE x.order_id = ?3 ORDER BY x.id`,
          )
          .bind(shopId, owner, id),
        this.db.prepare(`SELECT x.* FROM provider_payments x ${of} WHERE x.order_id = ?3`).bind(shopId, owner, id),
        this.db
          .prepare(
            `SELECT x.amount, x.reason, x.canceled_at FROM provider_cancels x ${of} WHERE x.order_id = ?3
           ORDER BY x.created_at, x.rowid`,
          )
          .bind(shopId, owner, id),
        this.db
          .prepare(`SELECT x.line_no, x.qty FROM order_returns x ${of} WHERE x.order_id = ?3 ORDER BY x.line_no`)
          .bind(shopId, owner, id),
        this.db
          .prepare(`SELECT x.* FROM payment_attempts x ${of} WHERE x.order_id = ?3 ORDER BY x.attempt DESC LIMIT 1`)
          .bind(shopId, owner, id),
        this.db
          .prepare(
            `SELECT x.line_no, x.qty, x.reason, x.amount, x.created_at, x.refunded_at FROM order_line_cancels x ${of}
           WHERE x.order_id = ?3 ORDER BY x.line_no`,
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
      events: events!.results as OrderEventRow[],
      online: (online!.results[0] as ProviderPaymentRow | undefined) ?? null,
      cancels: cancels!.results as ProviderCancelRow[],
      returns: returns!.results as { line_no: number; qty: number }[],
      attempt: (attempts!.results[0] as PaymentAttemptRow | undefined) ?? null,
      lineCancels: lineCancels!.results as LineCancelRow[],
    };
  }

  /**
   * One buyer's orders on this shop for their lists (order sheets nobody paid are no orders):
   * newest first, with the first line's name and image, how many lines, and what the list's
   * conditions need. `statuses` null is every order; `needsAccount` keeps money waiting for the
   * buyer's refund account.
   */
  async listForBuyer(
    shopId: number,
    owner: Owner,
    f: { statuses: readonly string[] | null; needsAccount: boolean; page: number; size: number },
  ): Promise<{ items: BuyerOrderRow[]; total: number }> {
    const where = `o.shop_id = ?1 AND o.owner = ?2 AND ${PLACED}
      AND (?3 IS NULL OR o.status IN (SELECT value FROM json_each(?3))) AND (?4 = 0 OR ${NEEDS_ACCOUNT})`;
    const args = [shopId, owner, f.statuses ? JSON.stringify(f.statuses) : null, f.needsAccount ? 1 : 0];
    const [items, total] = await this.db.batch([
      this.db
        .prepare(
          `SELECT o.id, o.status, o.refund_after_done, o.total_price, o.points_used, o.pay_method, o.created_at,
             o.paid_amount, o.claim, o.claim_from, o.refund_bank, o.refund_account, o.refund_holder,
             o.table_id, o.pay_later,
             (SELECT COUNT(*) FROM payments WHERE order_id = o.id) AS has_payment,
             (SELECT name FROM order_lines WHERE order_id = o.id ORDER BY rowid LIMIT 1) AS first_item,
             (SELECT image FROM order_lines WHERE order_id = o.id ORDER BY rowid LIMIT 1) AS first_image,
             (SELECT COUNT(*) FROM order_lines WHERE order_id = o.id) AS item_count
           FROM orders o WHERE ${where}
           ORDER BY o.created_at DESC, o.id DESC LIMIT ?5 OFFSET ?6`,
        )
        .bind(...args, f.size, (f.page - 1) * f.size),
      this.db.prepare(`SELECT COUNT(*) AS n FROM orders o WHERE ${where}`).bind(...args),
    ]);
    return {
      items: items!.results as BuyerOrderRow[],
      total: (total!.results[0] as { n: number } | undefined)?.n ?? 0,
    };
  }

  /** How many of one buyer's orders on this shop are in each status, in one query. */
  async countsForBuyer(shopId: number, owner: Owner): Promise<StatusCount[]> {
    const { results } = await this.db.prepare(BUYER_COUNTS_SQL).bind(shopId, owner).all<StatusCount>();
    return results;
  }

  /** A guest's orders on this shop become the member's at login (in the login's batch, like the cart). */
  mergeStatements(shopId: number, deviceId: string, uid: number): D1PreparedStatement[] {
    return this.moveStatements(shopId, `d:${deviceId}`, `m:${uid}`);
  }

  /** One owner's orders here given to another (a login, or a device handoff: decision 116). */
  moveStatements(shopId: number, from: string, to: string): D1PreparedStatement[] {
    return [
      this.db.prepare("UPDATE order_keys SET owner = ?3 WHERE shop_id = ?1 AND owner = ?2").bind(shopId, from, to),
      this.db.prepare("UPDATE orders SET owner = ?3 WHERE shop_id = ?1 AND owner = ?2").bind(shopId, from, to),
    ];
  }

  /**
   * The shop's orders for its console, newest first, with counts per status. An order sheet
   * nobody chose a payment for is no order yet and is left out. `q` is an order id, or part of
   * the orderer's name or phone number (digits compared without hyphens).
   */
  async listForShop(
    shopId: number,
    f: { status?: string; q?: string; page: number; size: number },
  ): Promise<{ items: OrderListRow[]; total: number; counts: Record<string, number> }> {
    const q = f.q?.trim() ?? "";
    const digits = q.replace(/\D/g, "");
    // The status as an equality when there is one: `?2 IS NULL OR …` would keep the index on
    // (shop, status, created_at) from finding and ordering a status's orders (issue 39).
    const where = `o.shop_id = ?1 AND ${PLACED} AND ${f.status ? "o.status = ?2" : "?2 IS NULL"}
      AND (?3 = '' OR o.id = ?4 OR o.orderer_name LIKE '%' || ?3 || '%'
           OR (?5 <> '' AND REPLACE(o.orderer_phone, '-', '') LIKE '%' || ?5 || '%'))`;
    const args = [shopId, f.status ?? null, q, /^\d{12}$/.test(q) ? Number(q) : -1, digits.length >= 4 ? digits : ""];
    const kept = this.db
      .prepare(
        "SELECT COALESCE(SUM(n), 0) AS n FROM shop_order_counts WHERE shop_id = ?1 AND (?2 IS NULL OR status = ?2)",
      )
      .bind(shopId, f.status ?? null);
    // A page in the list's second half is read from its end: OFFSET walks the index from where the
    // order starts, so the console's last page of 400,000 orders would skip 400,000 entries. Only
    // without a search (whose total is a kept count, read first in a round trip of its own).
    let offset = (f.page - 1) * f.size;
    let size = f.size;
    let fromEnd = false;
    if (q === "" && f.page > 1) {
      const all = (await kept.first<{ n: number }>())?.n ?? 0;
      if (offset * 2 > all) {
        fromEnd = true;
        size = Math.max(0, Math.min(f.size, all - offset));
        offset = Math.max(0, all - offset - size);
      }
    }
    const [items, total, counts] = await this.db.batch([
      this.db
        .prepare(
          `SELECT o.id, o.status, o.refund_after_done, o.total_price, o.pay_method, o.table_name, o.orderer_name,
             o.orderer_phone,
             (SELECT name FROM order_lines WHERE order_id = o.id ORDER BY rowid LIMIT 1) AS first_item,
             (SELECT COUNT(*) FROM order_lines WHERE order_id = o.id) AS item_count,
             o.created_at, o.status_at,
             (SELECT p.choice FROM provider_payments p WHERE p.order_id = o.id AND p.payment_key IS NOT NULL)
               AS online_choice,
             (SELECT p.mode = 'test' FROM provider_payments p WHERE p.order_id = o.id AND p.payment_key IS NOT NULL)
               AS online_test
           FROM orders o WHERE ${where}
           ORDER BY o.created_at ${fromEnd ? "ASC" : "DESC"} LIMIT ?6 OFFSET ?7`,
        )
        .bind(...args, size, offset),
      // Without a search the total is a kept count (shop_order_counts, migration 0039): counting a
      // big shop's orders row by row would read them all on every page of the console.
      q === "" ? kept : this.db.prepare(`SELECT COUNT(*) AS n FROM orders o WHERE ${where}`).bind(...args),
      this.db.prepare("SELECT status, n FROM shop_order_counts WHERE shop_id = ?1 AND n > 0").bind(shopId),
    ]);
    const rows = items!.results as OrderListRow[];
    return {
      items: fromEnd ? rows.reverse() : rows,
      total: (total!.results[0] as { n: number } | undefined)?.n ?? 0,
      counts: Object.fromEntries((counts!.results as { status: string; n: number }[]).map((r) => [r.status, r.n])),
    };
  }

  /**
   * Pays an order sheet, in one batch: records the orderer and address, takes the stock of every
   * line, holds the points the buyer uses (decision 055), and takes the ordered quantities out of
   * the owner's cart. First the receiver's 제주/도서산간 extra goes into the order's delivery price
   * and total, at the total the buyer was shown or not at all ('amount', decision 110). With
   * `bank`, a pending transfer of what the points leave (eleven statements, four more with
   * points); without, the points cover it all and the order is paid at once
   * (`pay_points` of the state machine). Only while the sheet waits for payment, has none chosen
   * and has not expired ('state'), while every option has the stock and is on sale ('stock'),
   * while the balance covers the points ('points'), while the owner and the address have few
   * enough unpaid transfers holding stock ('unpaid'), and while a guest's transfer holds at most
   * half of each option's stock ('hold').
   */
  async pay(
    shopId: number,
    owner: Owner,
    id: number,
    now: number,
    details: BuyerDetails & {
      depositor: string;
      /** The shop's account for the transfer; null when the points pay for everything. */
      bank: { name: string; account: string; holder: string } | null;
      deadline: number;
      /** The order's client address (as stored when the sheet was made). */
      ip: string | null;
      /** Points used, of member `uid` (0 for none). */
      points: number;
      uid: number | null;
      /** The receiver's 제주/도서산간 area, and the total the buyer was shown (decision 110). */
      area?: RemoteAreaKind | null;
      shownTotal?: number | null;
    },
  ): Promise<void> {
    const d = details;
    const db = this.db;
    const points = d.uid !== null && d.points > 0 ? d.points : 0;
    const statements = [
      ...remoteFeeStatements(db, {
        orderId: id,
        shopId,
        owner,
        area: d.area ?? null,
        shownTotal: d.shownTotal ?? null,
      }),
      db
        .prepare(
          `UPDATE orders SET pay_method = ?, orderer_name = ?, orderer_phone = ?, receiver_name = ?, postcode = ?,
             address = ?, address_detail = ?, receiver_phone = ?, memo = ?, deadline = ?, buyer_email = ?,
             points_used = ?, points_held = ?, stock_taken = 1, order_agreed_at = ?, third_party_agreed_at = ?
           WHERE id = ? AND shop_id = ? AND owner = ? AND status = 'WAITING_PAYMENT' AND pay_method IS NULL
             AND stock_taken = 0 AND deadline > ? AND total_price >= ?`,
        )
        .bind(
          d.bank ? "bank" : null,
          d.orderer_name,
          d.orderer_phone,
          d.receiver_name,
          d.postcode,
          d.address,
          d.detail,
          d.receiver_phone,
          d.memo,
          d.deadline,
          d.email,
          points,
          points > 0 ? 1 : 0,
          now,
          d.thirdPartyAgreed ? now : null,
          id,
          shopId,
          owner,
          now,
          points,
        ),
      db.prepare("INSERT INTO batch_guard (reason) SELECT 'state' WHERE changes() = 0"),
      ...takeStockStatements(db, id),
    ];
    if (points > 0) {
      statements.push(...holdPointsStatements(db, { orderId: id, shopId, uid: d.uid!, points, now }));
    }
    if (d.bank) {
      statements.push(
        unpaidGuardStatement(db, { orderId: id, owner, ip: d.ip, guestHold: true }),
        bankTransferStatement(db, { orderId: id, bank: d.bank, depositor: d.depositor, deadline: d.deadline, now }),
      );
    }
    statements.push(
      // What was ordered leaves the cart; more of the same added meanwhile stays.
      ...clearOrderedCartStatements(db, { orderId: id, shopId, owner }),
    );
    if (!d.bank) {
      // Nothing left to pay: the order is paid now, through the state machine's own statements.
      statements.push(
        ...transitionStatements(db, {
          orderId: id,
          shopId,
          action: "pay_points",
          actor: "buyer",
          actorUid: d.uid,
          from: "WAITING_PAYMENT",
          to: "CONFIRM_PAYMENT",
          now,
        }),
      );
    }
    await db.batch(statements);
  }
}
