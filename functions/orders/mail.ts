import { shopOwnerUid } from "~/shared/shop-owner";
import { koCheckout } from "~/shared/messages/checkout";
import type { ShopInfo } from "~/shared/contracts";
import { courierOf, trackingUrl } from "~/shared/couriers";
import { formatDeadline, formatKRW } from "~/shared/format";
import { lineRefundsOwed } from "~/shared/money";
import { koLifecycle } from "~/shared/messages/lifecycle";
import { koOrderMail as t } from "~/shared/messages/mail";
import type { OrderRecord } from "../db/orders";
import { linesInViewOrder } from "../views/order";
import type { Stores } from "../api/stores";
import type { MailMessage } from "../mail/provider";
import type { Log } from "../log";
import { formatPhone } from "~/shared/phone";

/** The order mails, by the moment they are sent. */
export type OrderMailKind = "placed" | "paid" | "shipped" | "refunded" | "sale_canceled" | "given_back";

/** The buyer's address: a member's account address, or what a guest left on the order sheet. */
async function buyerAddress(db: Stores, record: OrderRecord): Promise<string | null> {
  const member = /^m:(\d+)$/.exec(record.order.owner);
  if (member) return (await db.members.byUid(Number(member[1])))?.email ?? null;
  return record.order.buyer_email;
}

/** Where the refund went: Toss's card or wallet, or the buyer's account (a transfer, a virtual account). */
function refundedTo(record: OrderRecord): string {
  const o = record.order;
  const bank = [o.refund_bank, o.refund_account].filter(Boolean).join(" ");
  const p = record.online;
  if (!p?.payment_key || p.choice === "vbank") return p?.payment_key ? t.refundedTo.account(bank) : bank;
  if (p.easy_pay) return t.refundedTo.wallet(p.easy_pay);
  if (p.choice !== "card") return t.refundedTo.wallet(koCheckout.choices[p.choice]);
  return t.refundedTo.card(p.card_company ?? "");
}

/** Toss gives the money back to the card or wallet it came from: the buyer gives no account. */
function paidBack(record: OrderRecord): boolean {
  const p = record.online;
  return Boolean(p?.payment_key) && p?.choice !== "vbank";
}

function buyerMail(kind: OrderMailKind, record: OrderRecord, shop: ShopInfo, to: string): MailMessage | null {
  const o = record.order;
  const name = o.orderer_name ?? t.guest;
  const link = `${shop.url}/myshop/order_view?id=${o.id}`;
  const p = record.payment;
  if (kind === "placed" && p?.bank_account) {
    return {
      to,
      subject: t.placed.subject(shop.name, o.id),
      text: t.placed.body({
        name,
        amount: formatKRW(p.amount),
        deadline: formatDeadline(p.deadline ?? o.deadline),
        bank: p.bank_name ?? "",
        account: p.bank_account,
        holder: p.bank_holder ?? "",
        link,
      }),
    };
  }
  const online = record.online;
  if (kind === "placed" && online?.payment_key && online.status === "DONE") {
    return {
      to,
      subject: t.paidOnline.subject(shop.name, o.id),
      text: t.paidOnline.body({
        name,
        amount: formatKRW(online.amount),
        method: koCheckout.choices[online.choice],
        receipt: online.receipt_url,
        test: online.mode === "test",
        link,
      }),
    };
  }
  if (kind === "placed" && !p && o.points_used > 0) {
    return {
      to,
      subject: t.paidWithPoints.subject(shop.name, o.id),
      text: t.paidWithPoints.body({ name, points: formatKRW(o.points_used), link }),
    };
  }
  if (kind === "paid") {
    return {
      to,
      subject: t.paid.subject(shop.name, o.id),
      text: t.paid.body({ name, amount: formatKRW(o.paid_amount), link }),
    };
  }
  if (kind === "shipped" && o.courier && o.tracking_no) {
    return {
      to,
      subject: t.shipped.subject(shop.name, o.id),
      text: t.shipped.body({
        name,
        courier: courierOf(o.courier)?.name ?? o.courier,
        trackingNo: o.tracking_no,
        trackingUrl: trackingUrl(o.courier, o.tracking_no),
        link,
      }),
    };
  }
  // A 판매취소 of one line (decision 176): the same mail, naming the line and the money back for it.
  const lineSale = kind === "sale_canceled" && record.events.at(-1)?.action === "seller_cancel_line";
  const canceled = lineSale ? [...record.lineCancels].sort((a, b) => a.created_at - b.created_at).at(-1) : undefined;
  const canceledLine = canceled ? linesInViewOrder(record)[canceled.line_no] : undefined;
  if (canceled && canceledLine) {
    // Owed (a transfer's, decision 179): to the account the buyer gave, or one they are asked for.
    const owed = canceled.refunded_at === null;
    const account = [o.refund_bank, o.refund_account].filter(Boolean).join(" ");
    return {
      to,
      subject: t.lineCanceled.subject(shop.name, o.id),
      text: t.lineCanceled.body({
        name,
        item: `${canceledLine.name}${canceledLine.opt_name ? ` (${canceledLine.opt_name})` : ""} × ${canceled.qty}`,
        reason: canceled.reason,
        amount: formatKRW(canceled.amount),
        to: owed ? (o.refund_account ? t.refundedTo.account(account) : "") : refundedTo(record),
        owed,
        link,
      }),
    };
  }
  if (kind === "sale_canceled") {
    const sale = record.events.filter((e) => e.action === "seller_cancel").at(-1);
    // Money back: through Toss by itself, or to an account the buyer gives on the order page.
    const refund = o.paid_amount <= 0 ? "none" : paidBack(record) ? "online" : "account";
    return {
      to,
      subject: t.saleCanceled.subject(shop.name, o.id),
      text: t.saleCanceled.body({ name, reason: sale?.note ?? koLifecycle.saleCancel.reasons.other, refund, link }),
    };
  }
  // Money Toss took for a sheet that could not take it, given back by itself (decision 142).
  if (kind === "given_back" && record.attempt?.state === "canceled" && record.attempt.refunded > 0) {
    return {
      to,
      subject: t.givenBack.subject(shop.name, o.id),
      text: t.givenBack.body({
        name,
        amount: formatKRW(record.attempt.refunded),
        link: `${shop.url}/user/order?id=${o.id}`,
      }),
    };
  }
  if (kind === "refunded") {
    const account = refundedTo(record);
    // A cancelled line's owed refund (decision 179): that line's money, the newest to go back.
    const line =
      record.events.at(-1)?.action === "line_refund_done"
        ? record.lineCancels
            .filter((c) => c.refunded_at !== null)
            .sort((a, b) => b.refunded_at! - a.refunded_at!)
            .at(0)
        : undefined;
    // The order's own refund: what went back, lines still owed apart.
    const back = (o.refund_amount ?? 0) - lineRefundsOwed(record.lineCancels);
    return {
      to,
      subject: t.refunded.subject(shop.name, o.id),
      text: t.refunded.body({ name, amount: formatKRW(line ? line.amount : back), account, link }),
    };
  }
  return null;
}

/**
 * Sends the mail of an order's moment: to the buyer (when there is an address) and, for a new
 * order, to the shop's owner. After the order's write, never part of it: a mail that cannot be
 * handed over is logged and the order stands.
 */
export async function sendOrderMail(
  db: Stores,
  kind: OrderMailKind,
  record: OrderRecord,
  shop: ShopInfo,
  log: Log,
): Promise<void> {
  const messages: MailMessage[] = [];
  const to = await buyerAddress(db, record);
  const forBuyer = to ? buyerMail(kind, record, shop, to) : null;
  if (forBuyer) messages.push(forBuyer);
  if (kind === "placed") {
    const owner = await db.members.byUid(shopOwnerUid(shop));
    const first = record.lines[0];
    if (owner?.email && first) {
      messages.push({
        to: owner.email,
        subject: t.newOrder.subject(shop.name, record.order.id),
        text: t.newOrder.body({
          items: koLifecycle.items(first.name, record.lines.length),
          amount: formatKRW(record.payment?.amount ?? record.order.points_used),
          orderer: `${record.order.orderer_name ?? t.guest} (${formatPhone(record.order.orderer_phone) || "-"})`,
          deadline: record.payment ? formatDeadline(record.payment.deadline ?? record.order.deadline) : null,
          online: record.online?.payment_key
            ? {
                method: koCheckout.choices[record.online.choice],
                waiting: record.online.status === "WAITING_FOR_DEPOSIT",
              }
            : null,
          link: `${shop.url}/admin/order?id=${record.order.id}`,
        }),
      });
    }
  }
  for (const message of messages) {
    try {
      await db.mail.send(message);
    } catch (error) {
      log.error("order mail not sent", error, { kind, order: record.order.id });
    }
  }
}
