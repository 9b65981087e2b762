/**
 * The keys an owner pastes at /admin/payments (decision 101): one schema for the API contract and
 * the page's action. Only shape is checked here (trimmed, present, not absurdly long); which
 * family and mode the pair is, and whether they match, the API decides (functions/payments/keys.ts).
 */
import * as z from "zod";
import { koPayments } from "../messages/payments";

const t = koPayments.errors;

const key = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(200, required).regex(/^\S+$/, required);

export const PaymentKeysBody = z.object({
  client_key: key(t.clientRequired),
  secret_key: key(t.secretRequired),
});
export type PaymentKeysBody = z.infer<typeof PaymentKeysBody>;
