import { parseSizedKey } from "~/shared/picture-sizes";
import type { Log } from "./log";

/**
 * A stored picture's derived size (app/shared/picture-sizes.ts), made on the first request of its
 * address with the Images binding and kept in R2 beside the original; every later request is a
 * plain immutable file. Null when it cannot be made here (no binding, no such original, too big,
 * not a picture): the caller links the original instead.
 */
const MAX_SOURCE_BYTES = 20 * 1024 * 1024;
/** WebP at this quality: about a tenth of a camera JPEG's bytes at a phone's width. */
const QUALITY = 80;

/** A stored bitmap the Images binding can read: a fresh stream of its bytes, and its size. */
export type Source = { read: () => ReadableStream<Uint8Array>; width: number; height: number };

/**
 * The original behind a derived picture, measured by the binding. Null when there is none or it
 * is too big; throws when the binding cannot read it. An SVG has no size: null too.
 */
export async function openSource(bucket: R2Bucket, images: ImagesBinding, key: string): Promise<Source | null> {
  const source = await bucket.get(key);
  if (!source || source.size > MAX_SOURCE_BYTES) return null;
  // A vector scales by itself: nothing to make from it.
  if (source.httpMetadata?.contentType === "image/svg+xml" || key.endsWith(".svg")) return null;
  const original = await source.arrayBuffer();
  const read = () => new Blob([original]).stream();
  const info = await images.info(read());
  return "width" in info ? { read, width: info.width, height: info.height } : null;
}

/**
 * The binding resizes to `width` (height follows), never wider than the original: Miniflare's
 * local binding honours width and height only (no fit, crop or quality) and would enlarge.
 */
export function resized(images: ImagesBinding, source: Source, width: number) {
  return images.input(source.read()).transform({ width: Math.max(1, Math.min(Math.round(width), source.width)) });
}

/**
 * Makes a derived picture from the original at `sourceKey` with `make`, and keeps it at `key`
 * beside it. Null when the original cannot be read; a refusal of the binding is logged as
 * "{what} not made", for the shop's maintainers.
 */
export async function deriveAndKeep<T extends ArrayBuffer | Uint8Array<ArrayBuffer>>(
  bucket: R2Bucket,
  images: ImagesBinding,
  sourceKey: string,
  key: string,
  what: string,
  contentType: string,
  log: Log,
  make: (source: Source) => Promise<T>,
): Promise<T | null> {
  let bytes: T;
  try {
    const source = await openSource(bucket, images, sourceKey);
    if (!source) return null;
    bytes = await make(source);
  } catch (error) {
    log.error(`${what} not made`, error, { key });
    return null;
  }
  await bucket.put(key, bytes, { httpMetadata: { contentType } });
  return bytes;
}

export async function deriveSizedPicture(
  bucket: R2Bucket,
  images: ImagesBinding | undefined,
  key: string,
  log: Log,
): Promise<ArrayBuffer | null> {
  const sized = parseSizedKey(key);
  if (!sized || !images) return null;
  return deriveAndKeep(bucket, images, sized.source, key, "picture size", "image/webp", log, async (source) => {
    const out = await resized(images, source, sized.width).output({ format: "image/webp", quality: QUALITY });
    return out.response().arrayBuffer();
  });
}
