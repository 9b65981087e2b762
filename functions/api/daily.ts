/**
 * The console's daily work (issue 36 item 5, decision 109): the orders a courier's bulk upload
 * takes, tracking numbers shipped from the courier's file, the dashboard. Owner or platform admin
 * of the host's shop only, every query scoped by its id.
 */
import { amountDue } from "~/shared/money";
import type { Dashboard, TrackingProblem } from "~/shared/contracts/daily";
import {
  MAX_EXPORT_ROWS,
  MAX_SHIPPED_PER_WINDOW,
  TRACKING_ROWS_PER_BATCH,
  TRACKING_WINDOW_MINUTES,
} from "~/shared/daily-limits";
import { TrackingRow } from "~/shared/forms/tracking";
import { koDaily } from "~/shared/messages/daily";
import { nextStatus } from "~/shared/order-machine";
import { isOrderStatus, orderStatusLabel, type OrderStatus } from "~/shared/order-status";
import type { ShipCandidate } from "../db/daily";
import type { TransitionRequest } from "../db/order-transitions";
import { factsOf } from "../views/order";
import type { ApiContext, Handlers } from "./context";
import type { ShopInfo } from "~/shared/contracts";
import { ApiError } from "./http";
import { liveRoom } from "../live/publisher";
import { sendOrderMail } from "../orders/mail";

const t = koDaily.tracking.errors;
const DAY_MS = 24 * 60 * 60 * 1000;
const KST_MS = 9 * 60 * 60 * 1000;

/** The dashboard's groups of what waits for the owner, by status. */
const WAITING: Record<"deposit" | "shipping" | "claims", readonly OrderStatus[]> = {
  deposit: ["WAITING_PAYMENT"],
  shipping: ["CONFIRM_PAYMENT", "READY_FOR_DELIVERY", "CHANGE_ACCEPTED"],
  claims: ["REQ_CANCEL", "REQ_REFUND", "REQ_CHANGE", "BUYER_PENDING", "REQ_BANK_REFUND", "REFUND_ACCEPTED"],
};

/** Orders whose shipped mail is read and sent at once: an upload's 200 rows in a few round trips, not 200 in a row. */
const MAIL_AT_ONCE = 10;

/**
 * Each buyer gets the mail the single-order ship sends, only for the orders this upload moved
 * (bad rows and orders shipped before are not in `shipped`), read after the write so the mail
 * carries the stored courier and number. A mail that fails is logged by sendOrderMail; a read
 * that fails is logged here (this runs after the answer, nobody else would hear of it).
 */
async function mailShipped(ctx: ApiContext, shop: ShopInfo, shipped: number[]): Promise<void> {
  for (let i = 0; i < shipped.length; i += MAIL_AT_ONCE) {
    await Promise.all(
      shipped.slice(i, i + MAIL_AT_ONCE).map(async (id) => {
        const record = await ctx.db.orders.getForShop(shop.shopid, id);
        if (record) await sendOrderMail(ctx.db, "shipped", record, shop, ctx.log);
        if (record) await ctx.db.notifier(ctx.log).order("shipped", record, shop);
      }),
    ).catch((error: unknown) => ctx.log.error("tracking upload mail", error));
  }
}

const kstDay = (ms: number) => new Date(ms + KST_MS).toISOString().slice(0, 10);

/** Whether the machine lets the owner ship this order now (the provider's state plays no part in `ship`). */
function shipsTo(o: ShipCandidate): OrderStatus | null {
  const facts = factsOf(o, o.has_payment > 0 || o.pay_later === 1);
  return facts ? nextStatus(facts, "ship", "owner") : null;
}

export const dailyHandlers = {
  async adminOrderExport({ query }, ctx) {
    const { shop } = await ctx.requireOwner();
    const rows = await ctx.db.daily.exportRows(shop.shopid, query, MAX_EXPORT_ROWS);
    return {
      rows: rows.slice(0, MAX_EXPORT_ROWS).map(({ table_id, refund_after_done, total_price, points_used, ...r }) => ({
        ...r,
        amount_due: amountDue({ total_price, points_used }),
        refund_after_done: refund_after_done === 1,
        smart: table_id !== null,
      })),
      capped: rows.length > MAX_EXPORT_ROWS,
    };
  },

  /**
   * Each row checked alone (zod, then the shop's order and the machine's `ship`); the good ones
   * shipped TRACKING_ROWS_PER_BATCH to a batch, a raced batch read again and tried once more. The
   * answer lists what shipped and, by line, what did not and why.
   */
  async adminTrackingUpload({ body }, ctx) {
    const { shop, member, actor } = await ctx.requireOwner();
    const now = Date.now();
    const problems: TrackingProblem[] = [];
    const good: TrackingRow[] = [];
    const seen = new Set<number>();
    for (const raw of body.rows) {
      const parsed = TrackingRow.safeParse(raw);
      if (!parsed.success) {
        problems.push({ line: raw.line, message: parsed.error.issues[0]?.message ?? t.orderId });
        continue;
      }
      if (seen.has(parsed.data.order_id)) {
        problems.push({ line: raw.line, message: t.duplicate });
        continue;
      }
      seen.add(parsed.data.order_id);
      good.push(parsed.data);
    }
    const since = now - TRACKING_WINDOW_MINUTES * 60 * 1000;
    const read = (ids: number[]) => ctx.db.daily.shipCandidates(shop.shopid, ids, since);
    const first = await read(good.map((r) => r.order_id));
    if (first.shippedRecently + good.length > MAX_SHIPPED_PER_WINDOW) {
      throw new ApiError(429, "TOO_MANY_SHIPMENTS", t.tooOften);
    }
    const plan = (rows: TrackingRow[], orders: ShipCandidate[], late: boolean) => {
      const byId = new Map(orders.map((o) => [o.id, o]));
      const requests: TransitionRequest[] = [];
      for (const row of rows) {
        const o = byId.get(row.order_id);
        const to = o ? shipsTo(o) : null;
        if (!o) problems.push({ line: row.line, message: t.unknownOrder });
        else if (!to || !isOrderStatus(o.status)) {
          problems.push({
            line: row.line,
            message: late ? t.raced : t.status(orderStatusLabel(o.status, { smartOrder: o.table_id !== null })),
          });
        } else {
          requests.push({
            orderId: o.id,
            shopId: shop.shopid,
            action: "ship",
            actor,
            actorUid: member.uid,
            from: o.status,
            to,
            now,
            shipment: { courier: row.courier, trackingNo: row.tracking_no },
          });
        }
      }
      return requests;
    };
    const requests = plan(good, first.orders, false);
    const { raced } = await ctx.db.daily.ship(requests, TRACKING_ROWS_PER_BATCH);
    let shipped = requests.map((r) => r.orderId).filter((id) => !raced.includes(id));
    if (raced.length > 0) {
      // Another request moved one of a batch's orders: the rest of that batch is tried once more.
      const again = good.filter((r) => raced.includes(r.order_id));
      const retry = plan(again, (await read(raced)).orders, true);
      const second = await ctx.db.daily.ship(retry, TRACKING_ROWS_PER_BATCH);
      for (const id of second.raced) {
        problems.push({ line: again.find((r) => r.order_id === id)!.line, message: t.raced });
      }
      shipped = [...shipped, ...retry.map((r) => r.orderId).filter((id) => !second.raced.includes(id))];
    }
    if (shipped.length > 0) {
      // The console's open pages follow; each buyer's page shows 배송중 on its next load.
      await ctx.live.publish([liveRoom.inbox(shop.shopid)], { type: "order", id: shipped[0]!, status: "DELIVERY" });
      // The mails go after the answer: a 200-row upload must not wait on 200 mails.
      ctx.later(mailShipped(ctx, shop, shipped));
    }
    problems.sort((a, b) => a.line - b.line);
    return { shipped, problems };
  },

  async adminDashboard(_input, ctx) {
    const { shop } = await ctx.requireOwner();
    const now = Date.now();
    const { days, statuses, unread, setup, legalGaps, feedback } = await ctx.db.daily.dashboard(shop.shopid, now);
    const byDay = new Map(days.map((d) => [d.day, d]));
    const last30 = Array.from({ length: 30 }, (_, i) => {
      const day = kstDay(now - (29 - i) * DAY_MS);
      const d = byDay.get(day);
      return { day, orders: d?.orders ?? 0, sales: d?.sales ?? 0 };
    });
    const today = last30.at(-1)!;
    const count = (group: readonly OrderStatus[]) =>
      group.flatMap((status) => {
        const n = statuses.find((s) => s.status === status)?.n ?? 0;
        return n > 0 ? [{ status, n }] : [];
      });
    const result: Dashboard = {
      today: { orders: today.orders, sales: today.sales },
      days: last30,
      waiting: {
        deposit: count(WAITING.deposit),
        shipping: count(WAITING.shipping),
        claims: count(WAITING.claims),
        messages: unread,
      },
      setup,
      legal_gaps: legalGaps,
      feedback,
    };
    return result;
  },
} satisfies Handlers;
