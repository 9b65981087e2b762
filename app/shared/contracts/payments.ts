/** A shop's payment keys in the owner's console (issue 35, decision 101). The secret never comes back. */
import { z } from "zod";
import { PaymentKeysBody } from "../forms/payments";
import { endpoint } from "./core";

export const PaymentKeys = z.object({
  provider: z.literal("toss"),
  family: z.enum(["widget", "api"]),
  mode: z.enum(["test", "live"]),
  client_key: z.string(),
  /** The secret's last four characters: enough to tell which key is in, nothing to pay with. */
  secret_last4: z.string(),
  updated_at: z.number(),
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
  adminPaymentsRemove: endpoint({
    method: "POST",
    path: "/api/myshp/admin/payments/remove",
    query: z.object({}),
    body: z.object({}).optional(),
    response: z.object({ ok: z.literal(true) }),
  }),
};
