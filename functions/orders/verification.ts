/**
 * What an order may require of the shopper (spec §5): adult verification (AGE19), identity
 * verification (AUTH_ONLY) and membership of the shop (APPROVE_ONLY).
 *
 * The flags come from the member's account (what a verification provider confirmed) and from
 * shop membership (`accountVerification`, docs/decisions/033); a guest's from their device's
 * verification (decision 114).
 */
import { readVerification } from "../identity/provider";
import { IdentityStore } from "../db/identity";
import { ShopMemberStore } from "../db/shop-members";
import type { Owner } from "../db/cart";
import type { Db } from "../db/session";

export type VerificationStatus = {
  adult: boolean;
  identity: boolean;
  /** Member of the shop the order is placed in. */
  shopMember: boolean;
  /** A guest's verification that gives these flags, to keep on the order (decision 114). */
  guestVerificationId?: string | null;
};

export const UNVERIFIED: VerificationStatus = { adult: false, identity: false, shopMember: false };

export interface VerificationSource {
  status(owner: Owner, shopId: number): Promise<VerificationStatus>;
}

/**
 * The real source: a member's adult and identity flags from their account, a guest's from their
 * device's verification in this shop (both set only from PortOne's answer, decision 114), shop
 * membership from shop_members of the shop ordered in. A guest is never a shop member.
 */
export function accountVerification(db: Db, now: () => number = Date.now): VerificationSource {
  return {
    async status(owner, shopId) {
      if (owner.startsWith("d:")) {
        const v = await new IdentityStore(db).forDevice(shopId, owner.slice(2), now());
        return v ? { adult: v.adult, identity: true, shopMember: false, guestVerificationId: v.id } : UNVERIFIED;
      }
      const uid = Number(owner.slice(2));
      const [verified, shopMember] = await Promise.all([
        readVerification(db, uid, now()),
        new ShopMemberStore(db).isMember(shopId, uid),
      ]);
      return { adult: verified.adult, identity: verified.identity, shopMember };
    },
  };
}

export async function verificationFor(
  source: VerificationSource,
  owner: Owner | null,
  shopId: number,
): Promise<VerificationStatus> {
  return owner === null ? UNVERIFIED : source.status(owner, shopId);
}

/** The first requirement the shopper does not meet, as the order error code of spec §8. */
export function unmetRequirement(
  goods: { adult_only: number | boolean; auth_only: number | boolean; members_only: number | boolean }[],
  status: VerificationStatus,
): "AGE19" | "AUTH_ONLY" | "APPROVE_ONLY" | null {
  if (goods.some((g) => g.adult_only) && !status.adult) return "AGE19";
  if (goods.some((g) => g.auth_only) && !status.identity) return "AUTH_ONLY";
  if (goods.some((g) => g.members_only) && !status.shopMember) return "APPROVE_ONLY";
  return null;
}
