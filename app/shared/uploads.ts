/**
 * Where uploads live in storage. The page that stores a file and the API that records it agree on
 * these prefixes, so the API can refuse a key the console did not make for that very product.
 */
export const productPhotoPrefix = (shopId: number, productId: number) => `uploads/${shopId}/p/${productId}/`;

/** What a product photo may be: the file picker's `accept` and the server's check (by the bytes). */
export const PRODUCT_PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** Only files under an uploads prefix are ever deleted from storage (never seeded pictures). */
export const isUpload = (key: string) => key.startsWith("uploads/");

/** A shop's logo (/admin/settings, decision 107). */
export const shopLogoPrefix = (shopId: number) => `uploads/${shopId}/logo/`;

/** A shop's own backdrop behind the page's column (/admin/settings, decision 111). */
export const shopBackgroundPrefix = (shopId: number) => `uploads/${shopId}/bg/`;
