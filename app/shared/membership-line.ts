import type { MySummary } from "./contracts";
import { koDrawer } from "./messages/shop/drawer";

// Its own module: the drawer (an island) and the Worker (decision 122) say it; the first load's
// modules that read the personal marks (app/shared/personal.ts) need none of the drawer's words.
/** What the shopper has of this shop's membership, or what joining gives (the drawer's line). */
export function membershipLine(
  member: boolean,
  membership: MySummary["membership"],
  shop: { point: number | boolean; join_point: number },
): string {
  if (!member) return koDrawer.guestMembership;
  if (membership?.joined) return shop.point ? koDrawer.points(membership.point) : koDrawer.joined;
  return shop.point && shop.join_point > 0 ? koDrawer.joinBonus(shop.join_point) : koDrawer.joinPrompt;
}
