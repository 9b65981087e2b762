/**
 * What an order may require of the shopper (spec §5): adult verification (AGE19), identity
 * verification (AUTH_ONLY) and membership of the shop (APPROVE_ONLY).
 *
 * Accounts are built separately: until they are wired in, nobody is verified and nobody is a shop
 * member, so such products cannot be ordered (never the other way round). A guest is never
 * verified nor a member, whatever source is plugged in.
 */
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

/** The default until accounts record verifications and memberships. */
export const noVerification: VerificationSource = {
  async status() {
    return UNVERIFIED;
  },
};

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
