/**
 * The one order write path (decision 098): the statements every writer of an order puts in its
 * D1 batch — cart order sheets and 바로구매 (functions/db/orders.ts `create`), their payment
 * (`pay`), table orders (functions/db/table-orders.ts `place`) and a payment provider's
 * (`reserveStatements`, `markPaidStatements` and `releaseStatements` below, decision 142). Each builder returns a fixed number of statements
 * whatever the number of lines (lines go in as one JSON parameter read with json_each), and the
 * guards (batch_guard, decision 022) make the whole batch fail when a condition does; the caller
 * reads why with `batchFailure` (functions/db/orders.ts). Status changes go through the state
 * machine's own statements (functions/db/order-transitions.ts), never around them.
 */
import type { PayMethod } from "~/shared/contracts/cart";
import { METHOD_OF_CHOICE, type ProviderChoice } from "~/shared/limits";
import { sqlAmountDue, sqlRemoteExtra, type RemoteAreaKind, type Won } from "~/shared/money";
import { transitionStatements } from "./order-transitions";
import { holdPointsStatements } from "./points";
import {
  countedAddress,
  MAX_SHEETS_PER_WINDOW,
  MAX_UNPAID_PER_CLIENT,
  MAX_UNPAID_PER_OWNER,
  SHEET_WINDOW_MS,
} from "../orders/limits";
import type { Db } from "./session";

/** One line of a new order, as stored: `price` is the unit price at the time of ordering. */
export type OrderBatchLine = {
  pid2: number;
  pid3: number;
  sid: string;
  uid: number;
  origin_uid: number;
  name: string;
  opt_name: string;
  image: string | null;
  price: Won;
  qty: number;
  /** A dish's add-ons (table orders), as their key; empty for goods. */
  extras?: string;
};

export type OrderBatchGroup = {
  uid: number;
  origin_uid: number;
  shop_name: string;
  shop_name_origin: string;
  sub_price: Won;
  delivery_fee: Won;
  /** The boxes the group ships (decision 110); none for a table's meal. */
  parcels?: number;
};

/** A new order row and its parts. */
export type OrderBatchInsert = {
  id: number;
  shopId: number;
  owner: string;
  key: string;
  now: number;
  deadline: number;
  itemsPrice: Won;
  deliveryPrice: Won;
  lines: readonly OrderBatchLine[];
  groups: readonly OrderBatchGroup[];
  ua: string | null;
  ip: string | null;
  fbp?: string | null;
  fbc?: string | null;
  npay?: boolean;
  fromMaster?: boolean;
  memo?: string | null;
  /** Chosen at once (a table's transfer); a cart's sheet chooses later, in `pay`. */
  payMethod?: PayMethod | null;
  /** 후불: a table that pays at the counter after the meal. */
  payLater?: boolean;
  table?: { id: number; name: string; visitId: string } | null;
  /** Points the order uses, held in the same batch (`holdPoints`). */
  pointsUsed?: number;
  /** The stock is taken in the same batch (`takeStock`): a table order. A sheet takes none. */
  stockTaken?: boolean;
  /** The buyer agreed to the order's terms in the same request (a table order). */
  agreed?: boolean;
};

/**
 * The order, its idempotency key, groups and lines, and the rate guard: five statements. A used
 * key fails the batch ('duplicate_key'), so the second submit of a form creates nothing; too many
 * orders lately from this owner or address fails it ('rate').
 */
export function insertOrderStatements(db: Db, o: OrderBatchInsert): D1PreparedStatement[] {
  const points = o.pointsUsed ?? 0;
  const lines = o.lines.map((l) => ({ ...l, extras: l.extras ?? "" }));
  return [
    db
      .prepare(
        `INSERT INTO orders (id, shop_id, owner, items_price, delivery_price, total_price, npay, from_master,
           ua, ip, fbp, fbc, created_at, deadline, memo, pay_method, pay_later, table_id, table_name, visit_id,
           stock_taken, points_used, points_held, order_agreed_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?4 + ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19,
           ?20, ?21, ?22, ?23)`,
      )
      .bind(
        o.id,
        o.shopId,
        o.owner,
        o.itemsPrice,
        o.deliveryPrice,
        o.npay ? 1 : 0,
        o.fromMaster ? 1 : 0,
        o.ua,
        o.ip,
        o.fbp ?? null,
        o.fbc ?? null,
        o.now,
        o.deadline,
        o.memo ?? null,
        o.payMethod ?? null,
        o.payLater ? 1 : 0,
        o.table?.id ?? null,
        o.table?.name ?? null,
        o.table?.visitId ?? null,
        o.stockTaken ? 1 : 0,
        points,
        points > 0 ? 1 : 0,
        o.agreed ? o.now : null,
      ),
    // Orders made lately by this owner or from this address, the new one included.
    db
      .prepare(
        `INSERT INTO batch_guard (reason) SELECT 'rate'
         WHERE (SELECT COUNT(*) FROM orders WHERE owner = ?1 AND created_at > ?2) > ?4
            OR (?3 IS NOT NULL AND (SELECT COUNT(*) FROM orders WHERE ip = ?3 AND created_at > ?2) > ?4)`,
      )
      .bind(o.owner, o.now - SHEET_WINDOW_MS, countedAddress(o.ip), MAX_SHEETS_PER_WINDOW),
    db
      .prepare("INSERT INTO order_keys (shop_id, owner, key, order_id, created_at) VALUES (?, ?, ?, ?, ?)")
      .bind(o.shopId, o.owner, o.key, o.id, o.now),
    db
      .prepare(
        `INSERT INTO order_groups (order_id, uid, origin_uid, shop_name, origin_shop_name, sub_price, delivery_fee,
           parcels)
         SELECT ?1, value ->> 'uid', value ->> 'origin_uid', value ->> 'shop_name', value ->> 'shop_name_origin',
           value ->> 'sub_price', value ->> 'delivery_fee', COALESCE(value ->> 'parcels', 0)
         FROM json_each(?2)`,
      )
      .bind(o.id, JSON.stringify(o.groups)),
    db
      .prepare(
        `INSERT INTO order_lines (order_id, product_id, option_id, extras, sid, uid, origin_uid, name, opt_name, image,
           unit_price, qty)
         SELECT ?1, value ->> 'pid2', value ->> 'pid3', value ->> 'extras', value ->> 'sid', value ->> 'uid',
           value ->> 'origin_uid', value ->> 'name', value ->> 'opt_name', value ->> 'image', value ->> 'price',
           value ->> 'qty'
         FROM json_each(?2)`,
      )
      .bind(o.id, JSON.stringify(lines)),
  ];
}

/** An open sheet of this shop and owner: waiting for payment, nothing chosen, no stock taken. */
const OPEN_SHEET = `status = 'WAITING_PAYMENT' AND pay_method IS NULL AND stock_taken = 0`;

/**
 * The 제주/도서산간 extra of open sheet `orderId` for the receiver's area (decision 110), then the
 * guard that the buyer pays what they were shown: three statements, first in the paying batch.
 * Each group's `remote_fee` is its shipping shop's extra per box (`sqlRemoteExtra`), and the
 * order's delivery price and total are summed afresh from the groups, so a changed address
 * replaces the extra rather than adding to it. With `shownTotal`, a total that came out otherwise
 * fails the batch ('amount'). The caller's own guard on the order decides the rest.
 */
export function remoteFeeStatements(
  db: Db,
  o: { orderId: number; shopId: number; owner: string; area: RemoteAreaKind | null; shownTotal: Won | null },
): D1PreparedStatement[] {
  const extra = sqlRemoteExtra("order_groups.parcels", "?4", "s.jeju_fee", "s.island_fee");
  const delivery = "(SELECT COALESCE(SUM(delivery_fee + remote_fee), 0) FROM order_groups WHERE order_id = ?1)";
  return [
    db
      .prepare(
        `UPDATE order_groups SET remote_fee = COALESCE((SELECT ${extra} FROM shops s WHERE s.uid = order_groups.origin_uid), 0)
         WHERE order_id = ?1 AND EXISTS (SELECT 1 FROM orders WHERE id = ?1 AND shop_id = ?2 AND owner = ?3 AND ${OPEN_SHEET})`,
      )
      .bind(o.orderId, o.shopId, o.owner, o.area),
    db
      .prepare(
        `UPDATE orders SET delivery_price = ${delivery}, total_price = items_price + ${delivery}
         WHERE id = ?1 AND shop_id = ?2 AND owner = ?3 AND ${OPEN_SHEET}`,
      )
      .bind(o.orderId, o.shopId, o.owner),
    db
      .prepare(
        `INSERT INTO batch_guard (reason) SELECT 'amount'
         WHERE ?2 IS NOT NULL AND (SELECT total_price FROM orders WHERE id = ?1) IS NOT ?2`,
      )
      .bind(o.orderId, o.shownTotal),
  ];
}

/** Rows of order_lines for an order (`?1`): pid2 (product_id) and pid3 (option_id) are the keys. */
const LINES_OF = "(SELECT product_id, option_id, qty FROM order_lines WHERE order_id = ?1)";

/**
 * Takes the stock of every line of order `orderId`, or fails the batch ('stock') when an option
 * has too little or its product is off sale: two statements. The same option reached through two
 * lines (a pick and the original) is taken once, summed. The caller marks the order
 * `stock_taken = 1` in the same batch, under its own conditions, so stock is taken once.
 */
export function takeStockStatements(db: Db, orderId: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `UPDATE product_options
         SET stock = stock - (SELECT SUM(qty) FROM ${LINES_OF} l WHERE l.option_id = product_options.id)
         WHERE id IN (SELECT option_id FROM ${LINES_OF})
           AND stock >= (SELECT SUM(qty) FROM ${LINES_OF} l WHERE l.option_id = product_options.id)
           AND product_id IN (SELECT id FROM products WHERE sold_out = 0 AND visible = 1)`,
      )
      .bind(orderId),
    db
      .prepare(
        `INSERT INTO batch_guard (reason) SELECT 'stock'
         WHERE changes() <> (SELECT COUNT(DISTINCT option_id) FROM order_lines WHERE order_id = ?1)`,
      )
      .bind(orderId),
  ];
}

/**
 * The limits on unpaid transfers that hold stock (decision 047), after the stock is taken: the
 * owner and the address have few enough ('unpaid'), and, for a guest's cart order, the transfer
 * holds at most half of each option's stock, rounded up ('hold', decision 095): q of S units when
 * q <= (S + 1) / 2, that is when the stock left is at least q - 1. One statement, either reason.
 */
export function unpaidGuardStatement(
  db: Db,
  g: { orderId: number; owner: string; ip: string | null; guestHold: boolean },
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO batch_guard (reason)
       SELECT reason FROM (
         SELECT 'hold' AS reason WHERE ?6 = 1 AND substr(?2, 1, 2) = 'd:' AND EXISTS (SELECT 1 FROM product_options o
           WHERE o.id IN (SELECT option_id FROM ${LINES_OF})
             AND (SELECT SUM(qty) FROM ${LINES_OF} l WHERE l.option_id = o.id) > o.stock + 1)
         UNION ALL
         SELECT 'unpaid'
         WHERE (SELECT COUNT(*) FROM orders WHERE owner = ?2 AND status = 'WAITING_PAYMENT' AND stock_taken = 1) > ?3
            OR (?5 IS NOT NULL AND (SELECT COUNT(*) FROM orders WHERE ip = ?5
                  AND status = 'WAITING_PAYMENT' AND stock_taken = 1) > ?4)
       ) LIMIT 1`,
    )
    .bind(g.orderId, g.owner, MAX_UNPAID_PER_OWNER, MAX_UNPAID_PER_CLIENT, countedAddress(g.ip), g.guestHold ? 1 : 0);
}

/** A pending bank transfer of what the order leaves to pay after points: one statement. */
export function bankTransferStatement(
  db: Db,
  p: {
    orderId: number;
    bank: { name: string; account: string; holder: string };
    depositor: string;
    deadline: number;
    now: number;
  },
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO payments (order_id, method, provider, amount, status, depositor, bank_name, bank_account,
         bank_holder, deadline, created_at, updated_at)
       SELECT id, 'bank', 'bank_transfer', ${sqlAmountDue()}, 'pending', ?2, ?3, ?4, ?5, ?6, ?7, ?7
       FROM orders WHERE id = ?1`,
    )
    .bind(p.orderId, p.depositor, p.bank.name, p.bank.account, p.bank.holder, p.deadline, p.now);
}

/** Points the order uses, held from the member's balance, or the batch fails ('points'): four statements. */
export { holdPointsStatements };

/**
 * What the order sheet ordered leaves the owner's cart; more of the same added meanwhile stays:
 * two statements. A table's order came from the table's cart, not this one (decision 105).
 */
export function clearOrderedCartStatements(db: Db, c: { orderId: number; shopId: number; owner: string | null }) {
  // No owner given (the reconciler records a payment): the order's own buyer.
  const owner = "COALESCE(?3, (SELECT owner FROM orders WHERE id = ?1))";
  const sheet = "NOT EXISTS (SELECT 1 FROM orders WHERE id = ?1 AND visit_id IS NOT NULL)";
  return [
    db
      .prepare(
        `DELETE FROM cart_lines WHERE shop_id = ?2 AND owner = ${owner} AND ${sheet} AND EXISTS (SELECT 1 FROM order_lines l
           WHERE l.order_id = ?1 AND l.product_id = cart_lines.product_id AND l.option_id = cart_lines.option_id
             AND l.qty >= cart_lines.qty)`,
      )
      .bind(c.orderId, c.shopId, c.owner),
    db
      .prepare(
        `UPDATE cart_lines SET qty = qty - (SELECT l.qty FROM order_lines l WHERE l.order_id = ?1
             AND l.product_id = cart_lines.product_id AND l.option_id = cart_lines.option_id)
         WHERE shop_id = ?2 AND owner = ${owner} AND ${sheet} AND EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = ?1
           AND l.product_id = cart_lines.product_id AND l.option_id = cart_lines.option_id)`,
      )
      .bind(c.orderId, c.shopId, c.owner),
  ];
}

/** A table's line matching an order line of order ?1: the same dish, made the same way, at its meal. */
const TABLE_LINE_OF = `l.order_id = ?1 AND l.product_id = c.product_id AND l.option_id = c.option_id
  AND l.extras = c.extras AND c.visit_id = (SELECT visit_id FROM orders WHERE id = ?1)`;

/**
 * A table order paid first (decision 105) leaves the table's cart only once Toss confirmed it:
 * every ordered line must still be there in at least its quantity, or another phone's paid order
 * took it first ('cart'); then it leaves, more of the same added meanwhile staying. Three
 * statements, doing nothing for an order of no table.
 */
export function clearPaidTableCartStatements(db: Db, orderId: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO batch_guard (reason) SELECT 'cart' FROM orders o WHERE o.id = ?1 AND o.visit_id IS NOT NULL
           AND (SELECT COUNT(*) FROM order_lines l JOIN table_cart_lines c ON ${TABLE_LINE_OF} AND c.qty >= l.qty)
             <> (SELECT COUNT(*) FROM order_lines WHERE order_id = ?1)`,
      )
      .bind(orderId),
    db
      .prepare(
        `DELETE FROM table_cart_lines AS c WHERE EXISTS (SELECT 1 FROM order_lines l WHERE ${TABLE_LINE_OF}
           AND l.qty >= c.qty)`,
      )
      .bind(orderId),
    db
      .prepare(
        `UPDATE table_cart_lines AS c SET qty = qty - (SELECT l.qty FROM order_lines l WHERE ${TABLE_LINE_OF})
         WHERE EXISTS (SELECT 1 FROM order_lines l WHERE ${TABLE_LINE_OF})`,
      )
      .bind(orderId),
  ];
}

/** What Toss answered for a confirmed payment, as the receipt keeps it. */
export type ConfirmedDetails = {
  status: "DONE" | "WAITING_FOR_DEPOSIT";
  method: string | null;
  approvedAt: string | null;
  cardCompany: string | null;
  cardNumber: string | null;
  installmentMonths: number | null;
  easyPay: string | null;
  receiptUrl: string | null;
  balance: Won;
};

/** A virtual account Toss issued: the order waits for its deposit like a transfer. */
export type IssuedAccount = {
  bank: string;
  account: string;
  holder: string;
  /** Who Toss expects the deposit from (the buyer's name as given to the window). */
  depositor: string;
  /** Its due date: the order's deadline (ms), and as Toss gave it. */
  deadline: number;
  due: string;
  /** SHA-256 (hex) of the secret its deposit callback will carry. */
  secretHash: string;
};

/** The order's lines whose options have too little stock, or whose product is off sale: a statement's condition. */
const SHORT_OF_STOCK = `EXISTS (SELECT 1 FROM product_options o WHERE o.id IN (SELECT option_id FROM ${LINES_OF})
  AND (o.stock < (SELECT SUM(qty) FROM ${LINES_OF} l WHERE l.option_id = o.id)
    OR o.product_id NOT IN (SELECT id FROM products WHERE sold_out = 0 AND visible = 1)))`;

/**
 * Fails the batch ('stock') when the order's goods are not there now, taking nothing: the early
 * answer 결제하기 gives before a window opens (a flash sale's late buyers hear it before paying).
 */
export function stockThereStatement(db: Db, orderId: number): D1PreparedStatement {
  return db.prepare(`INSERT INTO batch_guard (reason) SELECT 'stock' WHERE ${SHORT_OF_STOCK}`).bind(orderId);
}

/** Attempts of order ?1 that hold or may hold money at Toss: while one exists, no other window confirms. */
const LIVE_ATTEMPT = "SELECT 1 FROM payment_attempts WHERE order_id = ?1 AND state IN ('confirming', 'approved')";

/** Fails the batch ('pending') while a payment of the order is being confirmed: one statement. */
export function noPaymentUnderWayStatement(db: Db, orderId: number): D1PreparedStatement {
  return db.prepare(`INSERT INTO batch_guard (reason) SELECT 'pending' WHERE EXISTS (${LIVE_ATTEMPT})`).bind(orderId);
}

/** The window's return that is about to be confirmed with Toss (functions/payments/settle.ts). */
export type PaymentReservation = {
  orderId: number;
  shopId: number;
  owner: string;
  /** The attempt's Toss orderId and the window's paymentKey. */
  providerOrderId: string;
  paymentKey: string;
  choice: ProviderChoice;
  amount: Won;
  points: number;
  /** The member whose points the order uses (null: a guest, or no points). */
  uid: number | null;
  ip: string | null;
  now: number;
  /** The sheet stays open at least until then: the reconciler's time to learn what Toss did. */
  holdUntil: number;
  /** When the reconciler looks at Toss if this request never finishes the attempt. */
  checkAt: number;
};

/**
 * Confirming (decision 142): before Toss is asked to take the money, the attempt becomes
 * `confirming` with its paymentKey, and the order's stock and points are taken for it, so a payment
 * Toss approves can always be recorded, and a buyer who lost the race for the last units hears it
 * before any money moves. Fails ('pending') while another attempt of the order is under way,
 * ('state') unless the attempt is this order's open window for exactly this amount and the order an
 * open sheet of this owner and shop, ('stock', 'points', and for a virtual account 'unpaid' or
 * 'hold') as paying does, ('cart') when a table's lines were taken by another phone's paid order.
 * A fixed number of statements.
 */
export function reserveStatements(db: Db, r: PaymentReservation): D1PreparedStatement[] {
  const statements = [
    noPaymentUnderWayStatement(db, r.orderId),
    db
      .prepare(
        `UPDATE payment_attempts SET state = 'confirming', payment_key = ?4, next_check_at = ?6, updated_at = ?5
         WHERE provider_order_id = ?1 AND order_id = ?2 AND shop_id = ?3 AND state = 'window' AND amount = ?7
           AND points = ?8`,
      )
      .bind(r.providerOrderId, r.orderId, r.shopId, r.paymentKey, r.now, r.checkAt, r.amount, r.points),
    db.prepare("INSERT INTO batch_guard (reason) SELECT 'state' WHERE changes() = 0"),
    db
      .prepare(
        `UPDATE orders SET stock_taken = 1, points_used = ?5, points_held = ?5 > 0, deadline = MAX(deadline, ?7)
         WHERE id = ?1 AND shop_id = ?2 AND owner = ?3 AND status = 'WAITING_PAYMENT' AND pay_method IS NULL
           AND stock_taken = 0 AND points_used = 0 AND deadline > ?4 AND total_price - ?5 = ?6
           AND NOT EXISTS (SELECT 1 FROM payments WHERE order_id = ?1)`,
      )
      .bind(r.orderId, r.shopId, r.owner, r.now, r.points, r.amount, r.holdUntil),
    db.prepare("INSERT INTO batch_guard (reason) SELECT 'state' WHERE changes() = 0"),
    ...takeStockStatements(db, r.orderId),
  ];
  if (r.points > 0 && r.uid !== null) {
    statements.push(
      ...holdPointsStatements(db, { orderId: r.orderId, shopId: r.shopId, uid: r.uid, points: r.points, now: r.now }),
    );
  }
  if (r.choice === "vbank") {
    statements.push(unpaidGuardStatement(db, { orderId: r.orderId, owner: r.owner, ip: r.ip, guestHold: true }));
  }
  statements.push(clearPaidTableCartStatements(db, r.orderId)[0]!);
  return statements;
}

/** What Toss confirmed for a reserved attempt: the order records it as its payment. */
export type PaymentRecord = {
  orderId: number;
  shopId: number;
  providerOrderId: string;
  paymentKey: string;
  /** The attempt as opened: what the sheet chose, with which keys, for how much. */
  attempt: { mode: "test" | "live"; choice: ProviderChoice; amount: Won; points: number; escrow: boolean };
  now: number;
  details: ConfirmedDetails;
  /** A virtual account: issued, not paid yet. */
  account: IssuedAccount | null;
  /** A virtual account's first look at Toss, in case its deposit callback never comes (null: none). */
  checkAt: number | null;
};

/**
 * Recorded (decision 142): the payment Toss confirmed for a reserved attempt becomes the order's,
 * through the one order path. The attempt must be confirming or approved with this paymentKey, and
 * the order still the sheet it reserved ('state' otherwise: cancelled or expired meanwhile, when
 * the money must go back); a table's ordered lines must still be in its cart ('cart'). Then the
 * payment and Toss's details are recorded, the ordered lines leave the cart (or the table's cart),
 * and the state machine's `pay_provider` marks the order paid. A virtual account instead leaves the
 * order waiting for its deposit, like a transfer, with the account's due date as its deadline. A
 * fixed number of statements; nothing changes unless all of it does.
 */
export function markPaidStatements(db: Db, c: PaymentRecord): D1PreparedStatement[] {
  const d = c.details;
  const a = c.account;
  const t = c.attempt;
  const statements = [
    db
      .prepare(
        `UPDATE payment_attempts SET state = 'recorded', toss_status = ?4, captured = ?5, next_check_at = ?6,
           updated_at = ?7
         WHERE provider_order_id = ?1 AND order_id = ?2 AND payment_key = ?3 AND state IN ('confirming', 'approved')`,
      )
      .bind(c.providerOrderId, c.orderId, c.paymentKey, d.status, a ? 0 : t.amount, c.checkAt, c.now),
    db.prepare("INSERT INTO batch_guard (reason) SELECT 'state' WHERE changes() = 0"),
    db
      .prepare(
        `UPDATE orders SET pay_method = ?3, order_agreed_at = COALESCE(order_agreed_at, ?4), deadline = COALESCE(?5, deadline)
         WHERE id = ?1 AND shop_id = ?2 AND status = 'WAITING_PAYMENT' AND pay_method IS NULL AND stock_taken = 1
           AND NOT EXISTS (SELECT 1 FROM payments WHERE order_id = ?1)`,
      )
      .bind(c.orderId, c.shopId, METHOD_OF_CHOICE[t.choice], c.now, a?.deadline ?? null),
    db.prepare("INSERT INTO batch_guard (reason) SELECT 'state' WHERE changes() = 0"),
    db
      .prepare(
        `INSERT INTO payments (order_id, method, provider, amount, status, depositor, bank_name, bank_account,
           bank_holder, deadline, created_at, updated_at)
         VALUES (?1, ?2, 'toss', ?3, 'pending', ?4, ?5, ?6, ?9, ?7, ?8, ?8)`,
      )
      .bind(
        c.orderId,
        METHOD_OF_CHOICE[t.choice],
        t.amount,
        a?.depositor ?? null,
        a?.bank ?? null,
        a?.account ?? null,
        a?.deadline ?? null,
        c.now,
        a?.holder ?? null,
      ),
    db
      .prepare(
        `INSERT INTO provider_payments (order_id, shop_id, provider, mode, choice, provider_order_id, attempt, amount,
           points, escrow, status, payment_key, method, approved_at, card_company, card_number, installment_months,
           easy_pay, receipt_url, balance_amount, va_bank, va_account, va_holder, va_due, secret_hash, created_at,
           updated_at, via, fee_bps)
         SELECT ?1, ?2, 'toss', ?3, ?4, ?5, x.attempt, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18,
           ?19, ?20, ?21, ?22, ?23, ?24, ?24, x.via, x.fee_bps
         FROM payment_attempts x WHERE x.provider_order_id = ?5`,
      )
      .bind(
        c.orderId,
        c.shopId,
        t.mode,
        t.choice,
        c.providerOrderId,
        t.amount,
        t.points,
        t.escrow ? 1 : 0,
        d.status,
        c.paymentKey,
        d.method,
        d.approvedAt,
        d.cardCompany,
        d.cardNumber,
        d.installmentMonths,
        d.easyPay,
        d.receiptUrl,
        d.balance,
        a?.bank ?? null,
        a?.account ?? null,
        a?.holder ?? null,
        a?.due ?? null,
        a?.secretHash ?? null,
        c.now,
      ),
    ...clearOrderedCartStatements(db, { orderId: c.orderId, shopId: c.shopId, owner: null }),
    ...clearPaidTableCartStatements(db, c.orderId),
  ];
  if (!a) {
    statements.push(
      ...transitionStatements(db, {
        orderId: c.orderId,
        shopId: c.shopId,
        action: "pay_provider",
        actor: "system",
        actorUid: null,
        from: "WAITING_PAYMENT",
        to: "CONFIRM_PAYMENT",
        now: c.now,
      }),
    );
  }
  return statements;
}

/** How an attempt that took no money, or whose money went back, ends. */
export type PaymentRelease = {
  orderId: number;
  providerOrderId: string;
  /** failed: Toss took nothing; canceled: Toss took it and gave it back (`refunded`). */
  state: "failed" | "canceled";
  reason: string;
  message: string | null;
  tossStatus: string | null;
  captured: Won;
  refunded: Won;
  now: number;
};

/** The order as its confirming attempt left it, in SQL: still the sheet, its stock and points taken for it. */
const STILL_RESERVED = `EXISTS (SELECT 1 FROM orders WHERE id = ?1 AND status = 'WAITING_PAYMENT' AND pay_method IS NULL
  AND stock_taken = 1)`;

/**
 * Released (decision 142): a confirming or approved attempt ends `failed` or `canceled`, and what
 * it reserved goes back if the order still holds it for it: the stock, and the points as if never
 * held (the holds undone, the use's history row removed), so the sheet can be paid again. An order
 * that was cancelled or expired meanwhile gave them back in its own transition; what it held of an
 * entry taken back meanwhile (decision 155) stays taken. Fails ('state') when the attempt already
 * ended. Eight statements.
 */
export function releaseStatements(db: Db, r: PaymentRelease): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `UPDATE payment_attempts SET state = ?3, reason = ?4, failure_message = ?5, toss_status = COALESCE(?6, toss_status),
           captured = ?7, refunded = ?8, next_check_at = NULL, updated_at = ?9
         WHERE provider_order_id = ?1 AND order_id = ?2 AND state IN ('confirming', 'approved')`,
      )
      .bind(
        r.providerOrderId,
        r.orderId,
        r.state,
        r.reason.slice(0, 60),
        r.message?.slice(0, 300) ?? null,
        r.tossStatus,
        r.captured,
        r.refunded,
        r.now,
      ),
    db.prepare("INSERT INTO batch_guard (reason) SELECT 'state' WHERE changes() = 0"),
    db
      .prepare(
        `UPDATE product_options
         SET stock = stock + (SELECT SUM(qty) FROM ${LINES_OF} l WHERE l.option_id = product_options.id)
         WHERE id IN (SELECT option_id FROM ${LINES_OF}) AND ${STILL_RESERVED}`,
      )
      .bind(r.orderId),
    db
      .prepare(
        `UPDATE point_history
         SET rem_value = rem_value + (SELECT h.amount FROM point_holds h WHERE h.order_id = ?1 AND h.entry_id = point_history.id)
         WHERE id IN (SELECT entry_id FROM point_holds WHERE order_id = ?1) AND revoked_at IS NULL AND ${STILL_RESERVED}
           AND (SELECT points_held FROM orders WHERE id = ?1) = 1`,
      )
      .bind(r.orderId),
    // What it held of an entry taken back meanwhile stays taken, as a release's does (decision 155).
    db
      .prepare(
        `INSERT INTO point_history (shop_id, uid, amount, reason, created_at, expires_at, rem_value, order_id)
         SELECT e.shop_id, e.uid, -SUM(h.amount), 'revoked_return', ?2, NULL, 0, ?1
         FROM point_holds h JOIN point_history e ON e.id = h.entry_id
         WHERE h.order_id = ?1 AND e.revoked_at IS NOT NULL AND ${STILL_RESERVED}
           AND (SELECT points_held FROM orders WHERE id = ?1) = 1
         GROUP BY e.shop_id, e.uid
         ON CONFLICT DO NOTHING`,
      )
      .bind(r.orderId, r.now),
    db
      .prepare(
        `DELETE FROM point_history WHERE order_id = ?1 AND reason = 'order_use' AND ${STILL_RESERVED}
           AND (SELECT points_held FROM orders WHERE id = ?1) = 1`,
      )
      .bind(r.orderId),
    db
      .prepare(
        `DELETE FROM point_holds WHERE order_id = ?1 AND ${STILL_RESERVED} AND (SELECT points_held FROM orders WHERE id = ?1) = 1`,
      )
      .bind(r.orderId),
    db
      .prepare(
        `UPDATE orders SET stock_taken = 0, points_used = 0, points_held = 0
         WHERE id = ?1 AND status = 'WAITING_PAYMENT' AND pay_method IS NULL AND stock_taken = 1`,
      )
      .bind(r.orderId),
  ];
}

/**
 * A virtual account's deposit, reported by Toss's callback and checked against its secret: the
 * deposit is recorded once per (order, transaction), and the state machine's `pay_provider` marks
 * the order paid. Fails ('state') when the order no longer waits for this account (paid already,
 * cancelled at its due date); a repeat of the same transaction fails on its key.
 */
export function depositStatements(
  db: Db,
  p: { orderId: number; shopId: number; transactionKey: string; approvedAt: string; now: number },
): D1PreparedStatement[] {
  return [
    db
      .prepare("INSERT INTO provider_deposits (order_id, transaction_key, created_at) VALUES (?, ?, ?)")
      .bind(p.orderId, p.transactionKey, p.now),
    db
      .prepare(
        `UPDATE provider_payments SET status = 'DONE', approved_at = ?3, updated_at = ?4
         WHERE order_id = ?1 AND shop_id = ?2 AND status = 'WAITING_FOR_DEPOSIT'`,
      )
      .bind(p.orderId, p.shopId, p.approvedAt, p.now),
    db.prepare("INSERT INTO batch_guard (reason) SELECT 'state' WHERE changes() = 0"),
    // The money is in: the attempt needs no more looks for a deposit (decision 142).
    db
      .prepare(
        `UPDATE payment_attempts SET toss_status = 'DONE', captured = amount, next_check_at = NULL, updated_at = ?2
         WHERE order_id = ?1 AND state = 'recorded'`,
      )
      .bind(p.orderId, p.now),
    ...transitionStatements(db, {
      orderId: p.orderId,
      shopId: p.shopId,
      action: "pay_provider",
      actor: "system",
      actorUid: null,
      from: "WAITING_PAYMENT",
      to: "CONFIRM_PAYMENT",
      now: p.now,
    }),
  ];
}
