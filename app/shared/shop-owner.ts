/**
 * Who owns a shop (decision 108): `owner_uid` once shops can be opened and transferred; a record
 * without it (an upstream's, or one made before) is owned by its `uid`, the spec's rule.
 */
export function shopOwnerUid(shop: { uid: number; owner_uid?: number | null }): number {
  return shop.owner_uid ?? shop.uid;
}
