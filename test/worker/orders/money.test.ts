import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  amountDue,
  deliveryFee,
  earnedPoints,
  groupSums,
  itemsSum,
  lineSum,
  optionPrice,
  orderPrices,
  parsePoints,
  pointsProblem,
  refundAmount,
  lineCancelRefund,
  returnRefund,
  sqlRefundAmount,
  sqlAmountDue,
  sqlEarnedPoints,
  untilFreeDelivery,
} from "../../../app/shared/money";
import { isPlaced, sqlPlaced } from "../../../app/shared/order-status";

/** Issue 34, point 2: the one money module, in integer won. */
describe("money", () => {
  it("prices an option and its add-ons from the product's price", () => {
    expect(optionPrice(12_000, 0)).toBe(12_000);
    expect(optionPrice(12_000, 1_500)).toBe(13_500);
    expect(optionPrice(9_000, 500, [1_000, 2_000])).toBe(12_500);
  });

  it("sums lines, leaving out goods whose sales ended", () => {
    expect(lineSum({ price: 4_500, qty: 3 })).toBe(13_500);
    expect(
      itemsSum([
        { price: 4_500, qty: 3 },
        { price: 10_000, qty: 2, discontinued: 1 },
        { price: 1_000, qty: 1, discontinued: false },
      ]),
    ).toBe(14_500);
    expect(itemsSum([])).toBe(0);
  });

  it("charges the shipping shop's fee below its free-delivery threshold, none from it on or on nothing", () => {
    expect(deliveryFee(29_999, 3_000, 30_000)).toBe(3_000);
    expect(deliveryFee(30_000, 3_000, 30_000)).toBe(0);
    expect(deliveryFee(0, 3_000, 30_000)).toBe(0);
    expect(groupSums([{ price: 14_000, qty: 1 }], { fee: 3_000, freeFrom: 50_000 })).toEqual({
      subTotal: 14_000,
      deliveryFee: 3_000,
    });
    // A group of ended goods only costs nothing, its fee included.
    expect(groupSums([{ price: 14_000, qty: 1, discontinued: 1 }], { fee: 3_000, freeFrom: 50_000 })).toEqual({
      subTotal: 0,
      deliveryFee: 0,
    });
    expect(untilFreeDelivery(14_000, 3_000, 50_000)).toBe(36_000);
    expect(untilFreeDelivery(50_000, 3_000, 50_000)).toBeNull();
    expect(untilFreeDelivery(14_000, 0, 50_000)).toBeNull();
    expect(
      orderPrices([
        { subTotal: 34_800, deliveryFee: 3_000 },
        { subTotal: 60_000, deliveryFee: 0 },
      ]),
    ).toEqual({ itemsPrice: 94_800, deliveryPrice: 3_000, totalPrice: 97_800 });
  });

  it("leaves the total less the points to pay, never below nothing", () => {
    expect(amountDue({ total_price: 37_800, points_used: 1_000 })).toBe(36_800);
    expect(amountDue({ total_price: 37_800, points_used: 0 })).toBe(37_800);
    expect(amountDue({ total_price: 5_000, points_used: 5_000 })).toBe(0);
    expect(amountDue({ total_price: 5_000, points_used: 6_000 })).toBe(0);
  });

  it("checks the points a buyer asks to use: whole, in the shop's unit, at most the total and the balance", () => {
    const terms = { unit: 10, total: 37_800, balance: 2_000 };
    expect(pointsProblem(0, terms)).toBeNull();
    expect(pointsProblem(1_000, terms)).toBeNull();
    expect(pointsProblem(1_005, terms)).toBe("unit");
    expect(pointsProblem(-10, terms)).toBe("invalid");
    expect(pointsProblem(1.5, terms)).toBe("invalid");
    expect(pointsProblem(40_000, { ...terms, balance: 100_000 })).toBe("over_total");
    expect(pointsProblem(3_000, terms)).toBe("short");
    // The balance is the payment batch's to check when it is not known here.
    expect(pointsProblem(3_000, { unit: 10, total: 37_800 })).toBeNull();
    expect(parsePoints("1,000")).toBe(1_000);
    expect(parsePoints(" 500 ")).toBe(500);
    expect(parsePoints("")).toBe(0);
    expect(parsePoints("1만")).toBeNull();
    expect(parsePoints("-5")).toBeNull();
  });

  it("earns the shop's rate of what was paid, rounded down, and refunds what was paid", () => {
    expect(earnedPoints(36_800, 1)).toBe(368);
    expect(earnedPoints(36_850, 1)).toBe(368);
    expect(earnedPoints(10_000, 2.5)).toBe(250);
    expect(earnedPoints(0, 5)).toBe(0);
    expect(earnedPoints(10_000, 0)).toBe(0);
    expect(refundAmount({ paid_amount: 36_800 })).toBe(36_800);
    expect(refundAmount({ paid_amount: 36_800, return_amount: 12_000 })).toBe(12_000);
  });

  it("refunds a return's lines: their price, the delivery fee only with everything, less points going back", () => {
    const order = { delivery_price: 3_000, points_used: 0 };
    const lines = (a: number, b: number) => [
      { price: 12_000, qty: 1, returned: a },
      { price: 5_000, qty: 2, returned: b },
    ];
    const paidLeft = 25_000;
    expect(returnRefund(order, lines(1, 0), { pointsBack: true, paidLeft })).toBe(12_000);
    expect(returnRefund(order, lines(0, 1), { pointsBack: true, paidLeft })).toBe(5_000);
    expect(returnRefund(order, lines(1, 2), { pointsBack: true, paidLeft })).toBe(25_000);
    expect(returnRefund({ ...order, points_used: 2_000 }, lines(1, 2), { pointsBack: true, paidLeft: 23_000 })).toBe(
      23_000,
    );
    expect(returnRefund({ ...order, points_used: 2_000 }, lines(1, 0), { pointsBack: true, paidLeft: 23_000 })).toBe(
      10_000,
    );
    expect(returnRefund({ ...order, points_used: 2_000 }, lines(1, 0), { pointsBack: false, paidLeft: 23_000 })).toBe(
      12_000,
    );
    expect(returnRefund(order, lines(1, 0), { pointsBack: true, paidLeft: 4_000 })).toBe(4_000);
    expect(returnRefund(order, lines(0, 0), { pointsBack: true, paidLeft })).toBe(0);
  });

  it("gives back a line the shop cancels (decision 176): its value, the fee and points staying with the rest", () => {
    const order = { delivery_price: 3_000, points_used: 0 };
    const lines = [
      { price: 12_000, qty: 1, canceled: false },
      { price: 5_000, qty: 2, canceled: false },
    ];
    expect(lineCancelRefund(order, lines, 0, 25_000)).toBe(12_000);
    expect(lineCancelRefund(order, lines, 1, 25_000)).toBe(10_000);
    // A line cancelled before counts for nothing, and is not cancelled twice.
    expect(lineCancelRefund(order, [{ ...lines[0]!, canceled: true }, lines[1]!], 0, 13_000)).toBeNull();
    // Points stay with the goods left: the money left must cover the line, else only the whole order goes.
    expect(lineCancelRefund({ ...order, points_used: 2_000 }, lines, 0, 23_000)).toBe(12_000);
    expect(lineCancelRefund({ ...order, points_used: 20_000 }, lines, 0, 5_000)).toBeNull();
    expect(lineCancelRefund(order, lines, 5, 25_000)).toBeNull();
    // What was paid less that line's refund is what a later refund of the rest sends back.
    expect(refundAmount({ paid_amount: 25_000, refund_amount: 12_000 })).toBe(13_000);
  });

  it("says the same in D1 as in the Worker: amount due, points earned, refund", async () => {
    const cases = [
      { total_price: 37_800, points_used: 1_000, paid_amount: 36_800, rate: 1 },
      { total_price: 10_000, points_used: 0, paid_amount: 10_000, rate: 2.5 },
      { total_price: 36_850, points_used: 0, paid_amount: 36_850, rate: 3 },
      { total_price: 5_000, points_used: 5_000, paid_amount: 0, rate: 1 },
      // A return of some lines (decision 104): its value, not the whole payment.
      { total_price: 37_800, points_used: 0, paid_amount: 37_800, rate: 1, return_amount: 12_000 },
      // A line cancelled before (decision 176): the rest of the payment.
      { total_price: 37_800, points_used: 0, paid_amount: 37_800, rate: 1, refund_amount: 12_000 },
    ];
    for (const c of cases) {
      const row = await env.DB.prepare(
        `SELECT ${sqlAmountDue("o")} AS due, ${sqlEarnedPoints("o.paid_amount", "o.rate")} AS earned,
           ${sqlRefundAmount("o")} AS refund
         FROM (SELECT ?1 AS total_price, ?2 AS points_used, ?3 AS paid_amount, ?4 AS rate, ?5 AS return_amount,
           ?6 AS refund_amount) o`,
      )
        .bind(
          c.total_price,
          c.points_used,
          c.paid_amount,
          c.rate,
          "return_amount" in c ? c.return_amount : null,
          "refund_amount" in c ? c.refund_amount : null,
        )
        .first<{ due: number; earned: number; refund: number }>();
      expect(row).toEqual({
        due: amountDue(c),
        earned: earnedPoints(c.paid_amount, c.rate),
        refund: refundAmount(c),
      });
    }
  });
});

/**
 * One definition of a placed order (app/shared/order-status.ts): a payment method chosen, points
 * used, or a table paying at the counter. An order sheet nobody paid is none.
 */
describe("a placed order", () => {
  const cases = [
    { what: "a sheet nobody paid", o: { pay_method: null, points_used: 0, pay_later: 0 }, placed: false },
    { what: "a bank transfer chosen", o: { pay_method: "bank", points_used: 0, pay_later: 0 }, placed: true },
    { what: "a card a provider took", o: { pay_method: "card", points_used: 0, pay_later: 0 }, placed: true },
    { what: "paid in full with points", o: { pay_method: null, points_used: 5_000, pay_later: 0 }, placed: true },
    { what: "a table paying at the counter", o: { pay_method: null, points_used: 0, pay_later: 1 }, placed: true },
  ];

  it.each(cases)("$what: placed is $placed, in the Worker and in D1", async ({ o, placed }) => {
    expect(isPlaced(o)).toBe(placed);
    const row = await env.DB.prepare(
      `SELECT ${sqlPlaced("x")} AS placed FROM (SELECT ?1 AS pay_method, ?2 AS points_used, ?3 AS pay_later) x`,
    )
      .bind(o.pay_method, o.points_used, o.pay_later)
      .first<{ placed: number }>();
    expect(row!.placed).toBe(placed ? 1 : 0);
  });

  it("is the only definition the order queries use", async () => {
    // The three stores that ask whether an order was placed read it from here, not their own SQL.
    const sources = import.meta.glob("../../../functions/**/*.ts", { query: "?raw", import: "default", eager: true });
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const copies = Object.entries(sources).filter(([, text]) =>
      /pay_method IS NOT NULL OR (o\.)?points_used > 0/.test(String(text)),
    );
    expect(copies.map(([path]) => path)).toEqual([]);
  });
});
