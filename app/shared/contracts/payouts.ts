/**
 * Being paid through the platform's Toss contract (issue 52 item 1, decision 178): the seller the
 * shop is at Toss, its 정산 by day and its payouts. No account number or personal detail comes
 * back but the last four digits and the holder's name.
 */
import { z } from "zod";
import { PayViaBody, SELLER_TYPES, SellerBody } from "../forms/payout-seller";
import { endpoint } from "./core";

const SellerStatus = z.enum(["APPROVAL_REQUIRED", "PARTIALLY_APPROVED", "KYC_REQUIRED", "APPROVED"]);
const PayoutState = z.enum(["REQUESTING", "REQUESTED", "IN_PROGRESS", "COMPLETED", "FAILED", "CANCELED"]);

export const PayoutSeller = z.object({
  business_type: z.enum(SELLER_TYPES),
  status: SellerStatus,
  name: z.string(),
  bank: z.string(),
  account_last4: z.string(),
  holder: z.string(),
});
export type PayoutSeller = z.infer<typeof PayoutSeller>;

export const SettlementDay = z.object({
  day: z.string(),
  sales: z.number().int(),
  fees: z.number().int(),
  refunds: z.number().int(),
  net: z.number().int(),
});

export const SettlementPage = z.object({
  /** The platform's contract is configured here. */
  available: z.boolean(),
  pay_via: z.enum(["platform", "own"]).nullable(),
  fee_bps: z.number().int(),
  hold_days: z.number().int(),
  seller: PayoutSeller.nullable(),
  /** What the registration form starts from: the shop's business details and deposit account. */
  prefill: z.object({
    business_type: z.enum(SELLER_TYPES),
    name: z.string(),
    representative: z.string(),
    business_number: z.string(),
    email: z.string(),
    phone: z.string(),
    bank_code: z.string(),
    account_number: z.string(),
    holder: z.string(),
  }),
  days: z.array(SettlementDay),
  payouts: z.array(
    z.object({
      day: z.string(),
      amount: z.number().int(),
      status: PayoutState,
      error: z.string().nullable(),
    }),
  ),
  /** Owed now (the hold passed), still held back, paid out so far. Negative `payable`: refunds to take from the next. */
  balance: z.object({ payable: z.number().int(), waiting: z.number().int(), paid: z.number().int() }),
});
export type SettlementPage = z.infer<typeof SettlementPage>;

export const payoutsApi = {
  adminSettlement: endpoint({
    method: "GET",
    path: "/api/myshp/admin/settlement",
    query: z.object({}),
    response: SettlementPage,
  }),
  /** Registers the shop as the platform's seller at Toss and takes cards through the platform from then on. */
  adminPayoutSeller: endpoint({
    method: "POST",
    path: "/api/myshp/admin/settlement/seller",
    query: z.object({}),
    body: SellerBody,
    response: PayoutSeller,
  }),
  /** Back to the platform's contract, for a registered seller that used its own keys meanwhile. */
  adminPayVia: endpoint({
    method: "POST",
    path: "/api/myshp/admin/settlement/via",
    query: z.object({}),
    body: PayViaBody,
    response: z.object({ ok: z.literal(true) }),
  }),
};
