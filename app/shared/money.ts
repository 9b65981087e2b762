/**
 * Money, in integer won (decision 098): what a line, a shipping group and an order cost, what the
 * points leave to pay, what 구매확정 earns and what a refund sends back. The one place these sums
 * are made: the API, the views, the Worker's SQL (through the `SQL_` fragments below, the same
 * rules written for D1) and the pages all use it. No dependencies: it ships to browsers.
 */

/** An amount of money in won. Always an integer; never negative where it is charged. */
export type Won = number;

/** The price of one unit of an option: the product's price and the option's extra (and a dish's add-ons). */
export function optionPrice(productPrice: Won, extraPrice: Won, addOns: readonly Won[] = []): Won {
  return addOns.reduce((sum, p) => sum + p, productPrice + extraPrice);
}

/** A line's sum: its unit price times its quantity. */
export function lineSum(line: { price: Won; qty: number }): Won {
  return line.price * line.qty;
}

/**
 * The items' sum of lines. Goods whose sales ended cannot be ordered, so they cost nothing
 * (`discontinued`).
 */
export function itemsSum(lines: readonly { price: Won; qty: number; discontinued?: boolean | number }[]): Won {
  return lines.reduce((sum, l) => sum + (l.discontinued ? 0 : lineSum(l)), 0);
}

/**
 * The delivery fee of one shipping group (spec §3): the fee of the shop that ships the goods,
 * nothing from its free-delivery threshold on, and nothing for a group with nothing to pay for.
 */
export function deliveryFee(subTotal: Won, fee: Won, freeFrom: Won): Won {
  if (subTotal <= 0) return 0;
  return subTotal >= freeFrom ? 0 : fee;
}

/** How much more of a shipping group's goods makes its delivery free; null when it is free already. */
export function untilFreeDelivery(subTotal: Won, fee: Won, freeFrom: Won): Won | null {
  return deliveryFee(subTotal, fee, freeFrom) > 0 && freeFrom > subTotal ? freeFrom - subTotal : null;
}

/** A shipping group's sums: its lines' sum and the shipping shop's fee on it. */
export function groupSums(
  lines: readonly { price: Won; qty: number; discontinued?: boolean | number }[],
  shipping: { fee: Won; freeFrom: Won },
): { subTotal: Won; deliveryFee: Won } {
  const subTotal = itemsSum(lines);
  return { subTotal, deliveryFee: deliveryFee(subTotal, shipping.fee, shipping.freeFrom) };
}

/**
 * A product's delivery rule (decision 110, SmartStore's and Cafe24's three): the shop's fee and
 * threshold ('shop'), no fee of its own ('free'), or its own box at a fixed fee ('fixed'), per
 * every `perQty` pieces when set (수량별 부과).
 */
export const DELIVERY_RULES = ["shop", "free", "fixed"] as const;
export type DeliveryRule = (typeof DELIVERY_RULES)[number];

/** A line as the delivery fee sees it: its goods (`goods`, options of one product ship together) and their rule. */
export type DeliveryLine = {
  price: Won;
  qty: number;
  discontinued?: boolean | number;
  goods?: number;
  rule?: DeliveryRule | null;
  fee?: Won;
  perQty?: number;
};

/** The fee of a product in its own box: `fee`, or `fee` for every `perQty` pieces begun (수량별). */
export function fixedFee(fee: Won, perQty: number, qty: number): Won {
  if (qty <= 0) return 0;
  return perQty > 0 ? fee * Math.ceil(qty / perQty) : fee;
}

/**
 * A shipping group's sums under its products' rules (decision 110). Goods of the shop's rule and
 * free goods share the shop's box: it pays the shop's fee, unless every line in it is free, and the
 * free goods count toward the threshold (what the shopper put in that box). Each product of a
 * fixed rule is a box of its own at its own fee, outside the threshold. `parcels` counts the boxes
 * with goods: the 제주/도서산간 extra is per box.
 */
export function groupDelivery(
  lines: readonly DeliveryLine[],
  shipping: { fee: Won; freeFrom: Won },
): { subTotal: Won; deliveryFee: Won; parcels: number } {
  const subTotal = itemsSum(lines);
  const live = lines.filter((l) => !l.discontinued && l.qty > 0);
  const boxed = live.filter((l) => l.rule !== "fixed");
  const paying = boxed.some((l) => (l.rule ?? "shop") === "shop");
  const shopFee = paying ? deliveryFee(itemsSum(boxed), shipping.fee, shipping.freeFrom) : 0;
  const own = new Map<number | undefined, { fee: Won; perQty: number; qty: number }>();
  for (const l of live) {
    if (l.rule !== "fixed") continue;
    const box = own.get(l.goods) ?? { fee: l.fee ?? 0, perQty: l.perQty ?? 0, qty: 0 };
    box.qty += l.qty;
    own.set(l.goods, box);
  }
  const fixed = [...own.values()].reduce((n, b) => n + fixedFee(b.fee, b.perQty, b.qty), 0);
  return { subTotal, deliveryFee: shopFee + fixed, parcels: (boxed.length > 0 ? 1 : 0) + own.size };
}

/** Where a parcel costs more to deliver (app/shared/remote-areas.ts). */
export type RemoteAreaKind = "jeju" | "island";

/**
 * The 제주/도서산간 extra of a shipping group: the shipping shop's extra for the area, once per box,
 * whether or not its delivery is free (what Korean shops do: the courier's surcharge is the box's).
 */
export function remoteExtra(parcels: number, area: RemoteAreaKind | null, fees: { jeju: Won; island: Won }): Won {
  if (!area || parcels <= 0) return 0;
  return parcels * fees[area];
}

/** `remoteExtra` for D1: `parcels`, `area` ('jeju', 'island' or NULL), `jeju` and `island` are SQL expressions. */
export function sqlRemoteExtra(parcels: string, area: string, jeju: string, island: string): string {
  return `(MAX(0, ${parcels}) * CASE ${area} WHEN 'jeju' THEN ${jeju} WHEN 'island' THEN ${island} ELSE 0 END)`;
}

/**
 * An open sheet's total for the receiver's area: its stored total less the extra an earlier address
 * put on it, plus this area's (`quote`, what each area adds). The sheet shows it and posts it; the
 * server pays the sheet at it or not at all.
 */
export function totalForArea(
  order: { total_price: Won; remote: { fee: Won; quote: Record<RemoteAreaKind, Won> } },
  area: RemoteAreaKind | null,
): Won {
  return order.total_price - order.remote.fee + (area ? order.remote.quote[area] : 0);
}

/** An order's prices from its groups: items, delivery and their total. */
export function orderPrices(groups: readonly { subTotal: Won; deliveryFee: Won }[]): {
  itemsPrice: Won;
  deliveryPrice: Won;
  totalPrice: Won;
} {
  const itemsPrice = groups.reduce((n, g) => n + g.subTotal, 0);
  const deliveryPrice = groups.reduce((n, g) => n + g.deliveryFee, 0);
  return { itemsPrice, deliveryPrice, totalPrice: itemsPrice + deliveryPrice };
}

/**
 * What the buyer pays after points (결제할 금액): the order's total less the points used, never
 * below nothing. The amount a transfer asks for, a provider charges and `paid_amount` records.
 */
export function amountDue(order: { total_price: Won; points_used: Won }): Won {
  return Math.max(0, order.total_price - order.points_used);
}

/** `amountDue` for D1, on an `orders` row (unqualified columns, or prefixed with `alias.`). */
export function sqlAmountDue(alias = ""): string {
  const a = alias ? `${alias}.` : "";
  return `MAX(0, ${a}total_price - ${a}points_used)`;
}

/** Why points cannot be used on an order (the order sheet's and the API's rule). */
export type PointsProblem = "invalid" | "unit" | "over_total" | "short";

/**
 * Points a buyer asks to use, checked against the shop's unit, the order's total and (when known)
 * the balance. Null when they may be used; 0 always may.
 */
export function pointsProblem(
  points: number,
  terms: { unit: number; total: Won; balance?: number | null },
): PointsProblem | null {
  if (!Number.isSafeInteger(points) || points < 0) return "invalid";
  if (points === 0) return null;
  if (points % terms.unit !== 0) return "unit";
  if (points > terms.total) return "over_total";
  if (terms.balance !== undefined && terms.balance !== null && points > terms.balance) return "short";
  return null;
}

/**
 * Points typed into a field ("1,000", " 500 ") as a number; null when it is not a whole number
 * of won. An empty field is 0.
 */
export function parsePoints(value: string | null | undefined): number | null {
  const digits = (value ?? "").replace(/[,\s]/g, "");
  if (digits === "") return 0;
  if (!/^\d{1,9}$/.test(digits)) return null;
  return Number(digits);
}

/** What 구매확정 earns: the shop's rate (percent) of what was paid, rounded down to the won. */
export function earnedPoints(paid: Won, ratePercent: number): number {
  if (paid <= 0 || ratePercent <= 0) return 0;
  return Math.floor((paid * ratePercent) / 100);
}

/** `earnedPoints` for D1: `paid` and `rate` are SQL expressions. */
export function sqlEarnedPoints(paid: string, rate: string): string {
  return `CAST(${paid} * ${rate} / 100 AS INTEGER)`;
}

/**
 * What a refund sends back: what was paid less what went back before (a line's 판매취소, decision
 * 176; points used go back as points, not money), or, when the owner accepted a return of some
 * lines, that return's value (`returnRefund`, kept on the order as `return_amount`). Every refund
 * adds to `refund_amount`, so that column is all the money that went back, or is owed back for a
 * cancelled line (decision 179: a transfer's line, sent by hand later; `lineRefundsOwed`). The
 * order's refund is always of the rest: an owed line's money goes back with that line.
 */
export function refundAmount(order: { paid_amount: Won; return_amount?: Won | null; refund_amount?: Won | null }): Won {
  return order.return_amount ?? Math.max(0, order.paid_amount - (order.refund_amount ?? 0));
}

/** `refundAmount` for D1, on an `orders` row (unqualified columns, or prefixed with `alias.`). */
export function sqlRefundAmount(alias = ""): string {
  const a = alias ? `${alias}.` : "";
  return `COALESCE(${a}return_amount, MAX(0, ${a}paid_amount - COALESCE(${a}refund_amount, 0)))`;
}

/** `sqlRefundAmount()` on an unqualified `orders` row. */
export const SQL_REFUND_AMOUNT = sqlRefundAmount();

/**
 * Statuses whose whole payment is not the shop's: cancelled, or cancelled after payment with the
 * money waiting to go back by hand (환불대기, REQ_BANK_REFUND: a 판매취소 or 취소승인 of a transfer).
 */
export const MONEY_BACK_STATUSES = ["CANCELED", "REQ_BANK_REFUND"] as const;

/**
 * What a placed order leaves the shop (매출, issue 52): its amount due, nothing once cancelled
 * (`MONEY_BACK_STATUSES`), less what refunds gave back or owe back (`refund_amount`: a line's
 * 판매취소 from the moment it is cancelled, sent or not, decision 179; a partial return's value
 * only) and, once a return is accepted and its refund not yet sent, what that refund will send
 * (`refundAmount`). Every sales figure of the console is a sum of it.
 */
export function keptAmount(order: {
  status: string;
  total_price: Won;
  points_used: Won;
  paid_amount: Won;
  return_amount?: Won | null;
  refund_amount?: Won | null;
}): Won {
  if ((MONEY_BACK_STATUSES as readonly string[]).includes(order.status)) return 0;
  const back = (order.refund_amount ?? 0) + (order.status === "REFUND_ACCEPTED" ? refundAmount(order) : 0);
  return Math.max(0, amountDue(order) - back);
}

/**
 * `keptAmount` for D1, on an `orders` row (unqualified columns, or prefixed with `alias.`). The
 * triggers keeping `shop_daily_orders` (migration 0052) write this same expression out, and
 * test/worker/console/kept-sales.test.ts holds them to it.
 */
export function sqlKeptAmount(alias = ""): string {
  const a = alias ? `${alias}.` : "";
  const back = MONEY_BACK_STATUSES.map((s) => `'${s}'`).join(", ");
  return (
    `CASE WHEN ${a}status IN (${back}) THEN 0 ELSE MAX(0, ${sqlAmountDue(alias)} - COALESCE(${a}refund_amount, 0) - ` +
    `CASE WHEN ${a}status = 'REFUND_ACCEPTED' THEN ${sqlRefundAmount(alias)} ELSE 0 END) END`
  );
}

/**
 * The money a return (반품) sends back (decision 104): the returned lines' price, the delivery fee
 * only when every line comes back whole, less the points the order used when those points go back
 * to the buyer as points (a return accepted before 구매확정; after it they were spent), never below
 * nothing and never more than the money still to give back (`paidLeft`: what was paid less what
 * went back before). A full return before 구매확정 is `paid_amount`, as without a choice of lines.
 */
export function returnRefund(
  order: { delivery_price: Won; points_used: Won },
  lines: readonly { price: Won; qty: number; returned: number }[],
  o: { pointsBack: boolean; paidLeft: Won },
): Won {
  const value = lines.reduce((sum, l) => sum + l.price * Math.min(l.qty, Math.max(0, l.returned)), 0);
  const whole = lines.every((l) => l.returned >= l.qty);
  const money = value + (whole ? order.delivery_price : 0) - (o.pointsBack ? order.points_used : 0);
  return Math.min(Math.max(0, o.paidLeft), Math.max(0, money));
}

/**
 * The platform's fee on money a shop took through the platform's Toss contract (issue 52 item 1,
 * decision 178): `bps` hundredths of a percent of the amount, rounded down to the won. A refund
 * gives back the fee of what it returns, so the fee is always that of the money kept.
 */
export function platformFee(amount: Won, bps: number): Won {
  return Math.floor((amount * bps) / 10_000);
}

/** `platformFee` in SQL, for sums over many payments (integer division rounds down, as above). */
export function sqlPlatformFee(amount: string, bps: string): string {
  return `((${amount}) * (${bps}) / 10000)`;
}

/**
 * The money a 판매취소 of one line (`lineNo`) of a paid order sends back before shipping (decision
 * 176): `returnRefund` of that line alone. The points stay with the goods left (they go back as
 * points when the whole order is cancelled), and the delivery fee stays as it was charged: the
 * rest still ships, and a cancel by the shop never charges the buyer more when the rest falls
 * under the free-delivery threshold. Lines cancelled before count for nothing. Null when the money
 * left does not cover the line (points paid for part of it): only the whole order can go then.
 */
export function lineCancelRefund(
  order: { delivery_price: Won; points_used: Won },
  lines: readonly { price: Won; qty: number; canceled: boolean }[],
  lineNo: number,
  paidLeft: Won,
): Won | null {
  const line = lines[lineNo];
  if (!line || line.canceled) return null;
  const amount = returnRefund(
    order,
    lines.map((l, i) => ({ price: l.price, qty: l.canceled ? 0 : l.qty, returned: i === lineNo ? l.qty : 0 })),
    { pointsBack: false, paidLeft },
  );
  return amount < lineSum(line) ? null : amount;
}

/**
 * The money still owed to the buyer for lines the shop cancelled (decision 179): a transfer's, sent
 * by hand, or a virtual account's before the buyer gave an account. It is in `refund_amount` since
 * the line was cancelled (the shop does not keep it); a line's `refunded_at` says it went back.
 */
export function lineRefundsOwed(cancels: readonly { amount: Won; refunded_at: number | null }[]): Won {
  return cancels.reduce((sum, c) => sum + (c.refunded_at === null ? c.amount : 0), 0);
}
