/**
 * What an order may require of the shopper (spec §5): adult verification (AGE19), identity
 * verification (AUTH_ONLY) and membership of the shop (APPROVE_ONLY).
 *
 * The flags come from the member's account (what a verification provider confirmed) and from
 * shop membership (`accountVerification`, docs/decisions/033). A guest is never verified nor a
 * member, whatever source is plugged in.
 */
import { readVerification } from "../identity/provider";
import { ShopMemberStore } from "../db/shop-members";
import type { Db } from "../db/session";

export type VerificationStatus = {
  adult: boolean;
  identity: boolean;
  /** Member of the shop the order is placed in. */
  shopMember: boolean;
};

export const UNVERIFIED: VerificationStatus = { adult: false, identity: false, shopMember: false };

export interface VerificationSource {
  status(uid: number, shopId: number): Promise<VerificationStatus>;
}

/**
 * The real source: adult and identity from the member's verified flags (set only by an identity
 * provider, docs/decisions/018), shop membership from shop_members of the shop ordered in.
 */
export function accountVerification(db: Db): VerificationSource {
  return {
    async status(uid, shopId) {
      const [verified, shopMember] = await Promise.all([
        readVerification(db, uid),
        new ShopMemberStore(db).isMember(shopId, uid),
      ]);
      return { adult: verified.adult, identity: verified.identity, shopMember };
    },
  };
}

export async function verificationFor(
  source: VerificationSource,
  uid: number | null,
  shopId: number,
): Promise<VerificationStatus> {
  return uid === null ? UNVERIFIED : source.status(uid, shopId);
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
