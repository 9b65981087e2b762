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

/**
 * What a page whose form carries a file exports as its route module's `handle`. The Worker lets
 * posts to every address of such a module (its aliases too) reach the page up to the upload cap
 * (functions/upload-pages.ts reads the marks from the build), so the page answers a picture that is
 * too big with its own message; every other page is held to the small form cap.
 */
export const UPLOAD_PAGE = { upload: true } as const;

/** True for a route module's `handle` that is UPLOAD_PAGE (or says the same). */
export function takesUpload(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { upload?: unknown }).upload === true;
}

/** A provider's window a page opens: Toss's payment window, or PortOne's identity verification. */
export type WindowKind = "toss" | "portone";

/**
 * What a page that opens a provider's window exports as its route module's `handle` (issue 53
 * item 2): the Worker's Content-Security-Policy lets that provider's script, frames and calls in
 * on every address of the module and of the routes under it (a layout marks its pages), and on no
 * other page (functions/upload-pages.ts reads the marks from the build).
 */
export const TOSS_WINDOW_PAGE = { window: "toss" } as const satisfies { window: WindowKind };
export const IDENTITY_WINDOW_PAGE = { window: "portone" } as const satisfies { window: WindowKind };

/** The window a route module's `handle` says the page opens, if any. */
export function windowOf(handle: unknown): WindowKind | null {
  const kind = typeof handle === "object" && handle !== null ? (handle as { window?: unknown }).window : undefined;
  return kind === "toss" || kind === "portone" ? kind : null;
}
