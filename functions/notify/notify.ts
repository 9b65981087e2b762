/**
 * The messages outside the browser (decision 131): what to send for an order's moment, a
 * question's answer and a new chat message, to whom, and the scheduled retry. Each message is
 * recorded first (functions/db/notify.ts: once per shop, kind, subject and phone), then sent;
 * a buyer's only with the number they consented to on the order sheet, and any kind only while
 * the shop has it switched on. Runs after the answer (ctx.later): failures are logged, never thrown.
 */
import type { ShopInfo } from "~/shared/contracts";
import { courierOf, trackingUrl } from "~/shared/couriers";
import { formatDeadline, formatKRW } from "~/shared/format";
import { koLifecycle } from "~/shared/messages/lifecycle";
import { koNotifyTemplates } from "~/shared/messages/notify";
import { NOTIFY_MAX_ATTEMPTS, type NotifyKind } from "~/shared/notify-kinds";
import { mobileDigits } from "~/shared/phone";
import type { NotifyDraft, NotifyStore } from "../db/notify";
import type { OrderRecord } from "../db/orders";
import type { Log } from "../log";
import { SolapiClient, templateIds, type SolapiConfig } from "./solapi";

/** The template's text with its #{…} filled in. */
export function renderTemplate(kind: NotifyKind, variables: Record<string, string>): string {
  return koNotifyTemplates[kind].replace(/#\{(\w+)\}/g, (whole) => variables[whole] ?? whole);
}

const vars = (values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [`#{${k}}`, v]));

/** An order's moments, as the order mails name them (functions/orders/mail.ts OrderMailKind). */
export type OrderMoment = "placed" | "paid" | "shipped" | "refunded" | "sale_canceled" | "given_back";

type Message = { kind: NotifyKind; subjectId: number; phone: string; variables: Record<string, string> };

export class Notifier {
  readonly #templates: Map<string, string>;
  readonly #client: SolapiClient | null;

  constructor(
    private readonly store: NotifyStore,
    config: SolapiConfig,
    private readonly log: Log,
    fetcher?: typeof fetch,
    private readonly now: () => number = Date.now,
  ) {
    this.#templates = templateIds(config.SOLAPI_TEMPLATES);
    this.#client = SolapiClient.configured(config) ? new SolapiClient(config, fetcher, now) : null;
  }

  /** The order's messages for `moment`: to the consented buyer, and a new order to the owner. */
  async order(moment: OrderMoment, record: OrderRecord, shop: ShopInfo): Promise<void> {
    await this.#guard("order", async () => {
      const o = record.order;
      const messages: Message[] = [];
      const buyer = await this.store.consent(shop.shopid, o.id);
      const common = { shop: shop.name, order: String(o.id) };
      const p = record.payment;
      if (buyer && moment === "placed" && p?.bank_account) {
        messages.push({
          kind: "account",
          subjectId: o.id,
          phone: buyer,
          variables: vars({
            ...common,
            bank: p.bank_name ?? "-",
            account: p.bank_account,
            holder: p.bank_holder ?? "-",
            amount: formatKRW(p.amount),
            deadline: formatDeadline(p.deadline ?? o.deadline),
          }),
        });
      }
      const paidOnline = moment === "placed" && record.online?.payment_key && record.online.status === "DONE";
      if (buyer && (moment === "paid" || paidOnline)) {
        const amount = paidOnline ? (record.online?.amount ?? o.paid_amount) : o.paid_amount;
        messages.push({
          kind: "paid",
          subjectId: o.id,
          phone: buyer,
          variables: vars({ ...common, amount: formatKRW(amount) }),
        });
      }
      if (buyer && moment === "shipped" && o.courier && o.tracking_no) {
        messages.push({
          kind: "shipped",
          subjectId: o.id,
          phone: buyer,
          variables: vars({
            ...common,
            courier: courierOf(o.courier)?.name ?? o.courier,
            tracking: o.tracking_no,
            link: trackingUrl(o.courier, o.tracking_no) ?? `${shop.url}/myshop/order_view?id=${o.id}`,
          }),
        });
      }
      // A payment Toss took for a sheet that could not take it, given back by itself (decision 142).
      const back = record.attempt;
      if (buyer && moment === "given_back" && back?.state === "canceled" && back.refunded > 0) {
        messages.push({
          kind: "payment_canceled",
          subjectId: o.id,
          phone: buyer,
          variables: vars({ ...common, amount: formatKRW(back.refunded) }),
        });
      }
      if (moment === "placed") {
        const owner = (await this.store.settings(shop.shopid)).owner_phone;
        const first = record.lines[0];
        if (owner && first) {
          messages.push({
            kind: "new_order",
            subjectId: o.id,
            phone: owner,
            variables: vars({
              ...common,
              items: koLifecycle.items(first.name, record.lines.length),
              amount: formatKRW(p?.amount ?? record.online?.amount ?? o.points_used),
              link: `${shop.url}/admin/order?id=${o.id}`,
            }),
          });
        }
      }
      await this.#deliver(shop.shopid, messages);
    });
  }

  /** The owner's answer to a member's question, to the number that member consented to in this shop. */
  async answer(
    shop: ShopInfo,
    question: { id: number; uid: number; product_title: string; product_sid: string },
  ): Promise<void> {
    await this.#guard("answer", async () => {
      const phone = await this.store.memberConsent(shop.shopid, question.uid);
      if (!phone) return;
      const link = `${shop.url}/shop/qna?${new URLSearchParams({ pid: question.product_sid })}`;
      await this.#deliver(shop.shopid, [
        {
          kind: "answer",
          subjectId: question.id,
          phone,
          variables: vars({ shop: shop.name, product: question.product_title, link }),
        },
      ]);
    });
  }

  /** A member's new chat message, to the owner's number. */
  async newMessage(shop: ShopInfo, ticketId: number, messageId: number): Promise<void> {
    await this.#guard("message", async () => {
      const owner = (await this.store.settings(shop.shopid)).owner_phone;
      if (!owner || !(await this.store.firstSinceReply(shop.shopid, ticketId, messageId))) return;
      const link = `${shop.url}/admin/message?id=${ticketId}`;
      await this.#deliver(shop.shopid, [
        { kind: "new_message", subjectId: messageId, phone: owner, variables: vars({ shop: shop.name, link }) },
      ]);
    });
  }

  /** The scheduled run: old sends removed; failed sends with attempts left, and those a dead run left queued, tried again. */
  async retry(): Promise<{ retried: number; sent: number }> {
    // Old sends go whether or not sending is configured now.
    await this.store.purge(this.now());
    if (!this.#client) return { retried: 0, sent: 0 };
    const ids = await this.store.due(this.now());
    let sent = 0;
    for (const id of ids) if (await this.#attempt(id)) sent++;
    return { retried: ids.length, sent };
  }

  async #guard(what: string, work: () => Promise<void>): Promise<void> {
    if (!this.#client) return;
    try {
      await work();
    } catch (error) {
      this.log.error("notification not sent", error, { what });
    }
  }

  async #deliver(shopId: number, messages: Message[]): Promise<void> {
    if (messages.length === 0) return;
    const switches = (await this.store.settings(shopId)).kinds;
    for (const m of messages) {
      const template = this.#templates.get(m.kind);
      const phone = mobileDigits(m.phone);
      if (!switches[m.kind] || !template || !phone) continue;
      const draft: NotifyDraft = {
        shopId,
        kind: m.kind,
        subjectId: m.subjectId,
        phone,
        template,
        variables: m.variables,
        text: renderTemplate(m.kind, m.variables),
      };
      const id = await this.store.record(draft, this.now());
      if (id !== null) await this.#attempt(id);
    }
  }

  /** One attempt at a recorded message; true when the provider took it. */
  async #attempt(id: number): Promise<boolean> {
    const row = await this.store.claim(id, this.now());
    if (!row || !this.#client) return false;
    const outcome = await this.#client.send({
      to: row.phone,
      templateId: row.template,
      variables: JSON.parse(row.variables) as Record<string, string>,
      text: row.text,
    });
    if (outcome.ok) {
      await this.store.markSent(id, outcome.messageId, outcome.sentAs, this.now());
      return true;
    }
    await this.store.markFailed(id, outcome.error, this.now(), !outcome.retry);
    this.log.info("notification failed", { id, kind: row.kind, attempt: row.attempts, error: outcome.error });
    return false;
  }
}

export { NOTIFY_MAX_ATTEMPTS };
