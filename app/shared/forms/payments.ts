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

/** A Toss 상점아이디 as Toss issues them (e.g. tvivarepublica, ec_idlook): letters, digits and _. */
const TOSS_MID = /^[A-Za-z0-9_]{2,30}$/;

/**
 * The purchase-safety service at /admin/payments (decision 103): the shop's Toss MID and whether
 * virtual-account payments carry escrow. The MID may stay when escrow is off (to turn it on again);
 * it must be there to turn it on, since the footer's verification link is built from it.
 */
export const EscrowBody = z
  .object({
    mid: z
      .string({ error: t.midFormat })
      .trim()
      .refine((mid) => mid === "" || TOSS_MID.test(mid), t.midFormat),
    vbank: z.boolean({ error: t.vbankFormat }),
  })
  .superRefine((body, ctx) => {
    if (body.vbank && body.mid === "") ctx.addIssue({ code: "custom", path: ["mid"], message: t.midRequired });
  });
export type EscrowBody = z.infer<typeof EscrowBody>;
