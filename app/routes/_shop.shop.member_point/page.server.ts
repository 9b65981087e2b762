/**
 * The /shop/member_point forms, checked on the server (the page itself checks the agreement box
 * without zod, so that zod stays out of its bundle).
 */
import * as z from "zod";
import { koMembership } from "~/shared/messages/membership";

const returnUrl = z.string().max(2000).optional();

export const MembershipForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("join"),
    // Spec §5: joining requires agreeing to the privacy policy.
    agree: z.literal("on", { error: koMembership.agreeRequired }),
    // The form showed what this shop receives from an account made elsewhere (decision 180).
    share: z.literal("1").optional(),
    url: returnUrl,
  }),
  z.object({
    intent: z.literal("cancel"),
    // Spec §5: cancelling requires confirmation; without it the page asks first.
    confirm: z.literal("1").optional(),
    url: returnUrl,
  }),
]);
export type MembershipForm = z.output<typeof MembershipForm>;
