import { shopOwnerUid } from "~/shared/shop-owner";
import type { ShopInfo } from "~/shared/contracts";
import type { Member } from "../../functions/auth/member";

/**
 * The session state of spec §3 as the pages see it. `login` is 1 when the member lookup
 * succeeded and -1 when it did not (a failed lookup counts as not logged in); 0, "unknown", exists
 * only before an answer, which server rendering never shows.
 */
export type SessionState = {
  login: 1 | -1;
  muid: number;
  madmin: boolean;
  /** The member owns this shop (user id = shop uid): the header shows the admin button. */
  mshop: boolean;
  member: { uid: number; name: string; profile: string | null } | null;
  /** Where the owner's admin button leads; only for the owner. */
  adminUrl: string | null;
};

export function sessionState(member: Member | null, shop: ShopInfo, adminBase: string): SessionState {
  if (!member) return { login: -1, muid: 0, madmin: false, mshop: false, member: null, adminUrl: null };
  const mshop = member.uid === shopOwnerUid(shop);
  let adminUrl: string | null = null;
  if (mshop && adminBase.startsWith("/")) {
    // The console on the shop's own host (the default): it knows the shop by its host.
    adminUrl = adminBase;
  } else if (mshop) {
    const url = new URL(adminBase);
    url.searchParams.set("shopid", String(shop.shopid));
    adminUrl = url.toString();
  }
  return {
    login: 1,
    muid: member.uid,
    madmin: member.admin,
    mshop,
    member: { uid: member.uid, name: member.name, profile: member.profile },
    adminUrl,
  };
}
