import { randomToken } from "../../functions/auth/crypto";
import { MAX_PROFILE_IMAGE_BYTES } from "~/shared/limits";

/** Profile images: what a member may upload, judged by the file's own bytes, not its claimed type. */

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

export type StoredImage = { ok: true; key: string } | { ok: false; reason: "type" | "size" };

/** Stores an uploaded profile image under members/{uid}/ with a fresh, unguessable name. */
export async function storeProfileImage(bucket: R2Bucket, uid: number, file: File): Promise<StoredImage> {
  if (file.size > MAX_PROFILE_IMAGE_BYTES) return { ok: false, reason: "size" };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffImage(bytes);
  if (!kind) return { ok: false, reason: "type" };
  const key = `members/${uid}/${randomToken(12)}.${kind}`;
  await bucket.put(key, bytes, { httpMetadata: { contentType: KINDS[kind] } });
  return { ok: true, key };
}

/** Removes a member's previous image (only ever one of their own). */
export async function removeProfileImage(bucket: R2Bucket, uid: number, key: string | null): Promise<void> {
  if (key && key.startsWith(`members/${uid}/`)) await bucket.delete(key);
}
