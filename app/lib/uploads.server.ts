import { randomToken } from "../../functions/auth/crypto";
import { MAX_PRODUCT_PHOTO_BYTES, MAX_PRODUCT_PHOTO_SIDE, MAX_PROFILE_IMAGE_BYTES } from "~/shared/limits";
import { PICTURE_WIDTHS, sizedKey } from "~/shared/picture-sizes";
import { isUpload, PRODUCT_PHOTO_TYPES } from "~/shared/uploads";

/** Uploaded pictures (profiles, product photos): judged by the file's own bytes, not its claimed type. */

const KINDS = {
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
} as const;
type Kind = keyof typeof KINDS;

/** JPEG, PNG, GIF or WebP by magic number; anything else (SVG, HTML…) is refused. */
export function sniffImage(bytes: Uint8Array): Kind | null {
  const at = (i: number, ...values: number[]) => values.every((v, j) => bytes[i + j] === v);
  const ascii = (i: number, text: string) => at(i, ...Array.from(text, (c) => c.charCodeAt(0)));
  if (at(0, 0xff, 0xd8, 0xff)) return "jpg";
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (ascii(0, "GIF87a") || ascii(0, "GIF89a")) return "gif";
  if (ascii(0, "RIFF") && ascii(8, "WEBP")) return "webp";
  return null;
}

export type StoredImage = { ok: true; key: string } | { ok: false; reason: "type" | "size" | "side" };

type Rules = { maxBytes: number; kinds: readonly Kind[]; images?: ImagesBinding };

/** Profile pictures may be GIFs; product photos are resized into WebP, so JPEG, PNG or WebP. */
export const PROFILE_IMAGE: Rules = { maxBytes: MAX_PROFILE_IMAGE_BYTES, kinds: ["jpg", "png", "gif", "webp"] };
export const productPhoto = (images: ImagesBinding | undefined): Rules => ({
  maxBytes: MAX_PRODUCT_PHOTO_BYTES,
  kinds: (Object.keys(KINDS) as Kind[]).filter((k) => (PRODUCT_PHOTO_TYPES as readonly string[]).includes(KINDS[k])),
  images,
});

/**
 * Stores an upload under `prefix` with a fresh, unguessable name. With the Images binding, the
 * file must also decode as a picture no longer than MAX_PRODUCT_PHOTO_SIDE on either side (what
 * the binding takes to make its sizes).
 */
export async function storeImage(bucket: R2Bucket, prefix: string, file: File, rules: Rules): Promise<StoredImage> {
  if (file.size > rules.maxBytes) return { ok: false, reason: "size" };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffImage(bytes);
  if (!kind || !rules.kinds.includes(kind)) return { ok: false, reason: "type" };
  if (rules.images) {
    const info = await rules.images.info(new Blob([bytes]).stream()).catch(() => null);
    if (!info || !("width" in info)) return { ok: false, reason: "type" };
    if (Math.max(info.width, info.height) > MAX_PRODUCT_PHOTO_SIDE) return { ok: false, reason: "side" };
  }
  const key = `${prefix}${randomToken(12)}.${kind}`;
  await bucket.put(key, bytes, { httpMetadata: { contentType: KINDS[kind] } });
  return { ok: true, key };
}

/** Stores an uploaded profile image under members/{uid}/. */
export const storeProfileImage = (bucket: R2Bucket, uid: number, file: File) =>
  storeImage(bucket, `members/${uid}/`, file, PROFILE_IMAGE);

/** Removes a member's previous image (only ever one of their own). */
export async function removeProfileImage(bucket: R2Bucket, uid: number, key: string | null): Promise<void> {
  if (key && key.startsWith(`members/${uid}/`)) await bucket.delete(key);
}

/** Removes an uploaded picture and the sizes made from it; a seeded picture is left alone. */
export async function removeUpload(bucket: R2Bucket, key: string): Promise<void> {
  if (isUpload(key)) await bucket.delete([key, ...PICTURE_WIDTHS.map((w) => sizedKey(key, w))]);
}

/** Removes product photos the API found unused, only ever under this shop's own uploads. */
export async function removeShopPhotos(bucket: R2Bucket, shopId: number, keys: readonly string[]): Promise<void> {
  const own = keys.filter((k) => k.startsWith(`uploads/${shopId}/`));
  await Promise.all(own.map((k) => removeUpload(bucket, k)));
}
