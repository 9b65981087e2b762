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
};

/**
 * Where Toss posts a virtual account's deposit (DEPOSIT_CALLBACK) for a shop: on the shop's own
 * host, so the host names the shop. The owner registers it in Toss's developer center.
 */
export const TOSS_WEBHOOK_PATH = "/api/payments/toss/webhook";
