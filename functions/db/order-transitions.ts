/**
 * The only code that writes orders.status (decision 054). A transition is one D1 batch of a fixed
 * number of statements: the UPDATE of the order is conditional on the status it was read in, and
 * a guard right after it aborts the whole batch when another request moved the order first; the
 * effects (stock, payment) and the timeline row are in the same batch, so they happen with the
 * status change or not at all. The rules themselves are app/shared/order-machine.ts.
 */
import {
  AUTO_CONFIRM_DAYS,
  AUTO_DELIVERED_DAYS,
  transitionOf,
  type Actor,
  type Claim,
  type OrderAction,
} from "~/shared/order-machine";
import type { OrderStatus } from "~/shared/order-status";
import { SQL_REFUND_AMOUNT, sqlAmountDue } from "~/shared/money";
import { earnPointsStatements, releasePointsStatements, revokePointsStatements } from "./points";
import { refundClawbackStatements } from "./reviews";
import type { Db } from "./session";

const DAY_MS = 24 * 60 * 60 * 1000;

export type TransitionRequest = {
  orderId: number;
  shopId: number;
  action: OrderAction;
  actor: Actor;
  actorUid: number | null;
  /** The status the order was read in, and the one the machine leads to. */
  from: OrderStatus;
  to: OrderStatus;
  now: number;
  /** A claim's reason, or the owner's note (hold, refusal). */
  note?: string | null;
  claim?: Claim | null;
  shipment?: { courier: string; trackingNo: string };
  refundAccount?: { bank: string; account: string; holder: string };
  /**
   * A return of some lines (decision 104): which lines come back, how many of each, and the money
   * it sends back (app/shared/money.ts `returnRefund`). Stock comes back for these only.
   */
  returned?: { lines: ReturnedLine[]; amount: number };
  /**
   * A 판매취소 of one line (decision 176): the line, the reason the buyer reads, the money Toss gave
   * back for it, and how many lines were cancelled when the order was read (the batch goes on only
   * if that is still so: two lines cancelled at once never both miss that they were the last).
   */
  canceledLine?: CanceledLine;
  /**
   * A cancelled line's refund owed until now (decision 179): its place in the order. The batch goes
   * on only while it is still owed (two presses at once record it once).
   */
  refundedLine?: { lineNo: number };
  /**
   * What Toss answered to the cancel made for this step, before the batch: its cancels (kept once
   * per transaction key), the payment's status and balance, and the money it gave back now.
   */
  online?: OnlineCancel;
};

export type ReturnedLine = { lineNo: number; optionId: number; qty: number; unitPrice: number };

export type CanceledLine = ReturnedLine & { reason: string; amount: number; canceledBefore: number };

export type OnlineCancel = {
  status: string;
  balance: number;
  refunded: number;
  cancels: { transactionKey: string; amount: number; reason: string; canceledAt: string }[];
};

/** Why an order was cancelled, by the action that cancelled it. */
const CANCEL_REASON: Partial<Record<OrderAction, string>> = {
  cancel: "buyer",
  expire: "deadline",
  close_sheet: "replaced",
  accept_cancel: "claim",
  kitchen_cancel: "shop",
  seller_cancel: "shop",
};

/**
 * Stock held by one order (`?1`), returned; only while it holds it (`stock_taken`). A return of
 * some lines (order_returns) brings back those quantities only; lines the shop cancelled before
 * (order_line_cancels) brought theirs back then. A line's 판매취소 brings back that line only, and
 * the order goes on holding the rest.
 */
function returnStock(db: Db, orderId: number, line?: CanceledLine): D1PreparedStatement[] {
  if (line) {
    return [
      db
        .prepare(
          `UPDATE product_options SET stock = stock + ?2
           WHERE id = ?3 AND (SELECT stock_taken FROM orders WHERE id = ?1) = 1`,
        )
        .bind(orderId, line.qty, line.optionId),
    ];
  }
  return [
    db
      .prepare(
        `UPDATE product_options
         SET stock = stock + CASE WHEN EXISTS (SELECT 1 FROM order_returns WHERE order_id = ?1)
           THEN COALESCE((SELECT SUM(r.qty) FROM order_returns r WHERE r.order_id = ?1 AND r.option_id = product_options.id), 0)
           ELSE (SELECT SUM(l.qty) FROM order_lines l WHERE l.order_id = ?1 AND l.option_id = product_options.id)
             - COALESCE((SELECT SUM(c.qty) FROM order_line_cancels c WHERE c.order_id = ?1 AND c.option_id = product_options.id), 0) END
         WHERE id IN (SELECT option_id FROM order_lines WHERE order_id = ?1)
           AND (SELECT stock_taken FROM orders WHERE id = ?1) = 1`,
      )
      .bind(orderId),
    db.prepare("UPDATE orders SET stock_taken = 0 WHERE id = ?1 AND stock_taken = 1").bind(orderId),
  ];
}

/**
 * Toss's answer to a cancel, kept with the transition: each cancel once (by its transaction key:
 * a retry or a reconciled timeout adds nothing twice), and the payment's status and balance.
 */
function onlineCancelStatements(db: Db, orderId: number, c: OnlineCancel, now: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO provider_cancels (order_id, transaction_key, amount, reason, canceled_at, created_at)
         SELECT ?1, j.value ->> 'transactionKey', j.value ->> 'amount', j.value ->> 'reason', j.value ->> 'canceledAt', ?3
         FROM json_each(?2) j
         WHERE true
         ON CONFLICT (order_id, transaction_key) DO NOTHING`,
      )
      .bind(orderId, JSON.stringify(c.cancels), now),
    db
      .prepare(
        `UPDATE provider_payments SET status = ?2, balance_amount = ?3, failure_code = NULL, failure_message = NULL,
           updated_at = ?4
         WHERE order_id = ?1`,
      )
      .bind(orderId, c.status, c.balance, now),
  ];
}

/**
 * The statements of one transition, in batch order: a fixed number for each action (at most
 * fourteen, with a return's lines and Toss's cancel).
 */
export function transitionStatements(db: Db, r: TransitionRequest): D1PreparedStatement[] {
  const t = transitionOf(r.action);
  const sets = ["status = ?", "status_at = ?"];
  const args: unknown[] = [r.to, r.now];
  const set = (sql: string, ...values: unknown[]) => {
    sets.push(sql);
    args.push(...values);
  };
  for (const effect of t.effects) {
    // Paid once: a table's 완료 after a confirmed transfer keeps the transfer's time.
    if (effect === "mark_paid") set(`paid_at = COALESCE(paid_at, ?), paid_amount = ${sqlAmountDue()}`, r.now);
    if (effect === "open_claim")
      set("claim = ?, claim_from = status, claim_reason = ?", r.claim ?? null, r.note ?? null);
    if (effect === "close_claim") set("claim = NULL, claim_from = NULL");
    if (effect === "record_shipment") {
      set(
        "courier = ?, tracking_no = ?, shipped_at = ?",
        r.shipment?.courier ?? null,
        r.shipment?.trackingNo ?? null,
        r.now,
      );
    }
    if (effect === "record_delivery") set("delivered_at = ?", r.now);
    if (effect === "record_done") set("done_at = ?", r.now);
    if (effect === "record_refund_account") {
      const a = r.refundAccount;
      set(
        "refund_bank = ?, refund_account = ?, refund_holder = ?",
        a?.bank ?? null,
        a?.account ?? null,
        a?.holder ?? null,
      );
    }
    // A line's owed refund was counted in refund_amount when the line was cancelled: only its time.
    if (effect === "record_line_refund") set("refunded_at = ?", r.now);
    // Through Toss, the money recorded is what Toss gave back (the amount it was asked for). Every
    // refund adds to what went back before (a line's 판매취소, decision 176).
    if (effect === "record_refund" && r.online) {
      set("refund_amount = COALESCE(refund_amount, 0) + ?, refunded_at = ?", r.online.refunded, r.now);
    } else if (effect === "record_refund") {
      set(`refund_amount = COALESCE(refund_amount, 0) + ${SQL_REFUND_AMOUNT}, refunded_at = ?`, r.now);
    }
    if (effect === "refund_after_done") set("refund_after_done = 1");
  }
  // A 판매취소 of a paid order waits for its refund in 환불대기, but it is cancelled (by the shop) now.
  if (r.to === "CANCELED" || r.action === "seller_cancel") {
    set("canceled_at = ?, cancel_reason = ?", r.now, CANCEL_REASON[r.action] ?? r.action);
  }
  // A cancel Toss refunded in the same step closes the order with its money back (no 환불대기).
  const counted = t.effects.includes("record_refund") || t.effects.includes("record_line_refund");
  if (r.online && r.online.refunded > 0 && !counted) {
    set("refund_amount = COALESCE(refund_amount, 0) + ?, refunded_at = ?", r.online.refunded, r.now);
  } else if (r.canceledLine && !r.online) {
    // A line whose money goes back later (a transfer's, decision 179) is owed from now: the shop no
    // longer keeps it, and the order's own refund is of the rest.
    set("refund_amount = COALESCE(refund_amount, 0) + ?", r.canceledLine.amount);
  }
  if (r.returned) set("return_amount = ?", r.returned.amount);
  // `claim_from = status` above reads the status before this UPDATE: SQLite evaluates every
  // expression of a SET against the old row.
  // A line's 판매취소 goes on only while the order has the lines cancelled it was read with.
  const where = ["id = ?", "shop_id = ?", "status = ?"];
  const whereArgs: unknown[] = [r.orderId, r.shopId, r.from];
  if (r.canceledLine) {
    where.push("(SELECT COUNT(*) FROM order_line_cancels WHERE order_id = orders.id) = ?");
    whereArgs.push(r.canceledLine.canceledBefore);
  }
  const statements = [
    db.prepare(`UPDATE orders SET ${sets.join(", ")} WHERE ${where.join(" AND ")}`).bind(...args, ...whereArgs),
    db.prepare("INSERT INTO batch_guard (reason) SELECT 'state' WHERE changes() = 0"),
  ];
  if (r.canceledLine) {
    const c = r.canceledLine;
    // Given back now (through Toss, or nothing to give), or owed until the line's refund (decision 179).
    const refundedAt = r.online || c.amount === 0 ? r.now : null;
    statements.push(
      db
        .prepare(
          `INSERT INTO order_line_cancels (order_id, line_no, option_id, qty, unit_price, reason, amount, created_at,
             refunded_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(r.orderId, c.lineNo, c.optionId, c.qty, c.unitPrice, c.reason, c.amount, r.now, refundedAt),
    );
  }
  if (r.refundedLine) {
    statements.push(
      db
        .prepare(
          `UPDATE order_line_cancels SET refunded_at = ?3
           WHERE order_id = ?1 AND line_no = ?2 AND refunded_at IS NULL`,
        )
        .bind(r.orderId, r.refundedLine.lineNo, r.now),
      db.prepare("INSERT INTO batch_guard (reason) SELECT 'state' WHERE changes() = 0"),
    );
  }
  if (r.returned) {
    statements.push(
      db
        .prepare(
          `INSERT INTO order_returns (order_id, line_no, option_id, qty, unit_price, created_at)
           SELECT ?1, j.value ->> 'lineNo', j.value ->> 'optionId', j.value ->> 'qty', j.value ->> 'unitPrice', ?3
           FROM json_each(?2) j
           WHERE true
           ON CONFLICT (order_id, line_no) DO UPDATE SET qty = excluded.qty, created_at = excluded.created_at`,
        )
        .bind(r.orderId, JSON.stringify(r.returned.lines), r.now),
    );
  }
  if (t.effects.includes("return_stock")) statements.push(...returnStock(db, r.orderId, r.canceledLine));
  if (r.online) statements.push(...onlineCancelStatements(db, r.orderId, r.online, r.now));
  const one = ["o.id = ?1", [r.orderId]] as const;
  if (t.effects.includes("release_points")) statements.push(...releasePointsStatements(db, one[0], [...one[1]], r.now));
  if (t.effects.includes("earn_points")) statements.push(...earnPointsStatements(db, one[0], [...one[1]], r.now));
  if (t.effects.includes("revoke_points")) statements.push(...revokePointsStatements(db, r.orderId, r.now));
  // Goods that come back take their reviews' rewards back (decision 117); a partial return, only its lines'.
  if (t.effects.includes("return_stock")) {
    const options = r.returned
      ? r.returned.lines.map((l) => l.optionId)
      : r.canceledLine
        ? [r.canceledLine.optionId]
        : null;
    statements.push(...refundClawbackStatements(db, r.orderId, options, r.now));
  }
  if (t.effects.includes("mark_paid")) {
    statements.push(
      db
        .prepare("UPDATE payments SET status = 'paid', updated_at = ?2 WHERE order_id = ?1 AND status = 'pending'")
        .bind(r.orderId, r.now),
    );
  }
  if (t.effects.includes("cancel_payment")) {
    statements.push(
      db
        .prepare("UPDATE payments SET status = 'canceled', updated_at = ?2 WHERE order_id = ?1 AND status = 'pending'")
        .bind(r.orderId, r.now),
    );
  }
  statements.push(
    db
      .prepare(
        `INSERT INTO order_events (order_id, actor, actor_uid, action, from_status, to_status, note, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(r.orderId, r.actor, r.actorUid, r.action, r.from, r.to, r.note ?? null, r.now),
  );
  return statements;
}

/**
 * Makes one transition. Throws the batch's error when the order moved meanwhile (`batchFailure`
 * reads it as 'state'); the caller reads the order again and answers with what it is now.
 */
export async function runTransition(db: Db, r: TransitionRequest): Promise<void> {
  await db.batch(transitionStatements(db, r));
}

/**
 * The set-based form of a system transition, for the cron and for sheets replaced by a newer one:
 * the timeline rows first (they select the orders still in their old status), then the effects,
 * then the status. D1 runs a batch alone, so every statement sees the same orders.
 */
function systemStatements(
  db: Db,
  action: OrderAction,
  where: string,
  args: unknown[],
  now: number,
  /** Why the orders were cancelled, as SQL, when it depends on the order (default: CANCEL_REASON). */
  cancelReason?: string,
): D1PreparedStatement[] {
  const t = transitionOf(action);
  const to = typeof t.to === "string" ? t.to : null;
  if (!to) throw new Error(`${action} has no fixed target status`);
  const n = args.length;
  const nowArg = `?${n + 1}`;
  const all = [...args, now];
  const selected = `SELECT o.id FROM orders o WHERE ${where}`;
  const statements = [
    db
      .prepare(
        `INSERT INTO order_events (order_id, actor, actor_uid, action, from_status, to_status, note, created_at)
         SELECT o.id, 'system', NULL, '${action}', o.status, '${to}', NULL, ${nowArg} FROM orders o WHERE ${where}`,
      )
      .bind(...all),
  ];
  if (t.effects.includes("return_stock")) {
    const holding = `${selected} AND o.stock_taken = 1`;
    statements.push(
      db
        .prepare(
          `UPDATE product_options
           SET stock = stock + (SELECT SUM(l.qty) FROM order_lines l
                                WHERE l.option_id = product_options.id AND l.order_id IN (${holding}))
           WHERE id IN (SELECT option_id FROM order_lines WHERE order_id IN (${holding}))`,
        )
        .bind(...args),
    );
  }
  if (t.effects.includes("cancel_payment")) {
    statements.push(
      db
        .prepare(
          `UPDATE payments SET status = 'canceled', updated_at = ${nowArg} WHERE status = 'pending' AND order_id IN (${selected})`,
        )
        .bind(...all),
    );
  }
  if (t.effects.includes("release_points")) statements.push(...releasePointsStatements(db, where, args, now));
  if (t.effects.includes("earn_points")) statements.push(...earnPointsStatements(db, where, args, now));
  const sets = [`status = '${to}'`, `status_at = ${nowArg}`];
  if (t.effects.includes("return_stock")) sets.push("stock_taken = 0");
  if (t.effects.includes("record_delivery")) sets.push(`delivered_at = ${nowArg}`);
  if (t.effects.includes("record_done")) sets.push(`done_at = ${nowArg}`);
  if (to === "CANCELED") sets.push(`canceled_at = ${nowArg}`);
  if (to === "CANCELED") sets.push(`cancel_reason = ${cancelReason ?? `'${CANCEL_REASON[action] ?? action}'`}`);
  statements.push(db.prepare(`UPDATE orders AS o SET ${sets.join(", ")} WHERE ${where}`).bind(...all));
  return statements;
}

/** Other unpaid sheets of this cart (no payment chosen), closed by the new one (`keepId`). */
export function closeSheetsStatements(
  db: Db,
  shopId: number,
  owner: string,
  keepId: number,
  now: number,
): D1PreparedStatement[] {
  return systemStatements(
    db,
    "close_sheet",
    "o.shop_id = ?1 AND o.owner = ?2 AND o.id <> ?3 AND o.status = 'WAITING_PAYMENT' AND o.pay_method IS NULL AND o.stock_taken = 0",
    [shopId, owner, keepId],
    now,
  );
}

/**
 * The scheduled job, in one batch of fifteen statements however many orders there are: unpaid
 * orders past their deadline are cancelled (stock returned), shipped ones count as delivered
 * AUTO_DELIVERED_DAYS after shipping, delivered ones as confirmed AUTO_CONFIRM_DAYS after delivery.
 */
export async function runScheduledTransitions(
  db: Db,
  now: number,
): Promise<{ expired: number; delivered: number; confirmed: number }> {
  // A virtual account's order is the reconciler's to expire (functions/payments/reconcile.ts): only
  // Toss knows whether its money came in before the due date.
  const expire = systemStatements(
    db,
    "expire",
    `o.status = 'WAITING_PAYMENT' AND o.deadline <= ?1
     AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.provider = 'toss')`,
    [now],
    now,
    "CASE WHEN o.pay_method IS NULL THEN 'sheet_expired' ELSE 'deadline' END",
  );
  const deliver = systemStatements(
    db,
    "deliver",
    "o.status = 'DELIVERY' AND o.shipped_at <= ?1",
    [now - AUTO_DELIVERED_DAYS * DAY_MS],
    now,
  );
  const confirm = systemStatements(
    db,
    "confirm",
    "o.status = 'CONFIRM_DELIVERY' AND o.delivered_at <= ?1",
    [now - AUTO_CONFIRM_DAYS * DAY_MS],
    now,
  );
  const results = await db.batch([...expire, ...deliver, ...confirm]);
  const changes = (i: number) => results[i]?.meta.changes ?? 0;
  return {
    expired: changes(expire.length - 1),
    delivered: changes(expire.length + deliver.length - 1),
    confirmed: changes(results.length - 1),
  };
}
