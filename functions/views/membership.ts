import type { Membership as MembershipView } from "~/shared/contracts/membership";
import type { Membership } from "../db/shop-members";

/** A member's standing in a shop as the contract shows it: expired points count as 0 left. */
export function toMembershipView(m: Membership, now: number): MembershipView {
  return {
    id: m.id,
    joined_at: m.joined_at,
    point: m.point,
    list_history: m.history.map((h) => {
      const expired = h.expires_at !== null && h.expires_at <= now;
      return {
        id: h.id,
        amount: h.amount,
        reason: h.reason,
        created_at: h.created_at,
        expiration: h.expires_at,
        rem_value: expired ? 0 : h.rem_value,
        expired,
      };
    }),
    join_point: m.join_point,
  };
}
