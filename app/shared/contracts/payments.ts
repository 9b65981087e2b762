/** A shop's payment keys in the owner's console (issue 35, decision 101). The secret never comes back. */
import { z } from "zod";
import { EscrowBody, PaymentKeysBody } from "../forms/payments";
import { endpoint } from "./core";

export const PaymentKeys = z.object({
  provider: z.literal("toss"),
  family: z.enum(["widget", "api"]),
  mode: z.enum(["test", "live"]),
  client_key: z.string(),
  /** The secret's last four characters: enough to tell which key is in, nothing to pay with. */
  secret_last4: z.string(),
  updated_at: z.number(),
  /** The purchase-safety service on this contract (decision 103); the MID may be kept while off. */
  escrow: z.object({ mid: z.string().nullable(), vbank: z.boolean() }),
});
export type PaymentKeys = z.infer<typeof PaymentKeys>;

const PaymentsPage = z.object({
  /** Whether this platform can keep keys (its sealing secret is configured). */
  available: z.boolean(),
  keys: PaymentKeys.nullable(),
});

/** A Korean calendar day, as 정산 대사 names it. */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * Why a payment's figures differ (decision 144): `orphan` Toss keeps money no order carries;
 * `missing` an order is paid that Toss no longer holds (cancelled at Toss's dashboard); `amount`
 * both hold it, for different amounts; `unknown` Toss keeps a payment of an orderId the shop never
 * opened; `stuck` still being confirmed an hour on.
 */
export const ReconciliationDifference = z.enum(["orphan", "missing", "amount", "unknown", "stuck"]);
export type ReconciliationDifference = z.infer<typeof ReconciliationDifference>;

export const ReconciliationReport = z.object({
  day: Day,
  /** Toss's ledger of the day: money in (approvals, deposits) and out (cancels). */
  toss: z.object({ captured: z.number().int(), refunded: z.number().int() }),
  /** Our records of the same: payments opened that day that took money, and the refunds made that day. */
  ours: z.object({ captured: z.number().int(), refunded: z.number().int() }),
  rows: z.array(
    z.object({
      order_id: z.number().int().nullable(),
      provider_order_id: z.string(),
      choice: z.string().nullable(),
      /** What Toss says of the payment now, and keeps of it. */
      toss_status: z.string().nullable(),
      toss_kept: z.number().int(),
      /** The attempt's state and its order's status, and what our records say Toss keeps. */
      state: z.string().nullable(),
      order_status: z.string().nullable(),
      our_kept: z.number().int(),
      difference: ReconciliationDifference.nullable(),
    }),
  ),
  differences: z.number().int(),
  checked_at: z.number(),
});
export type ReconciliationReport = z.infer<typeof ReconciliationReport>;

const ReconciliationPage = z.object({
  /** The day shown, and its report: kept by the daily job or the owner's last check (null: none yet). */
  day: Day,
  report: ReconciliationReport.nullable(),
  /** The latest days checked, newest first. */
  days: z.array(z.object({ day: Day, differences: z.number().int(), checked_at: z.number() })),
  /** Toss could not be asked for the day (the shop's keys, or its answer): the report is as last kept. */
  unavailable: z.boolean().default(false),
});

export const paymentsApi = {
  adminPayments: endpoint({
    method: "GET",
    path: "/api/myshp/admin/payments",
    query: z.object({}),
    response: PaymentsPage,
  }),
  adminPaymentsSave: endpoint({
    method: "POST",
    path: "/api/myshp/admin/payments/save",
    query: z.object({}),
    body: PaymentKeysBody,
    response: PaymentKeys,
  }),
  /** Refused (409) while the shop has no keys: escrow rides on the Toss contract. */
  adminPaymentsEscrow: endpoint({
    method: "POST",
    path: "/api/myshp/admin/payments/escrow",
    query: z.object({}),
    body: EscrowBody,
    response: PaymentKeys,
  }),
  adminPaymentsRemove: endpoint({
    method: "POST",
    path: "/api/myshp/admin/payments/remove",
    query: z.object({}),
    body: z.object({}).optional(),
    response: z.object({ ok: z.literal(true) }),
  }),
  /** 정산 대사 of a day (today when none is named): the kept report, and the days checked. */
  adminReconciliation: endpoint({
    method: "GET",
    path: "/api/myshp/admin/payments/reconciliation",
    query: z.object({ day: Day.optional() }),
    response: ReconciliationPage,
  }),
  /** Checks a day now against Toss's ledger (at most once a minute per shop and day) and keeps it. */
  adminReconcile: endpoint({
    method: "POST",
    path: "/api/myshp/admin/payments/reconciliation/check",
    query: z.object({}),
    body: z.object({ day: Day }),
    response: ReconciliationPage,
  }),
};

/**
 * Where Toss posts a virtual account's deposit (DEPOSIT_CALLBACK) for a shop: on the shop's own
 * host, so the host names the shop. The owner registers it in Toss's developer center.
 */
export const TOSS_WEBHOOK_PATH = "/api/payments/toss/webhook";
