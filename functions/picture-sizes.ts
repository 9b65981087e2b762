import { parseSizedKey } from "~/shared/picture-sizes";

/**
 * A stored picture's derived size (app/shared/picture-sizes.ts), made on the first request of its
 * address with the Images binding and kept in R2 beside the original; every later request is a
 * plain immutable file. Null when it cannot be made here (no binding, no such original, too big,
 * not a picture): the caller links the original instead.
 */
const MAX_SOURCE_BYTES = 20 * 1024 * 1024;
/** WebP at this quality: about a tenth of a camera JPEG's bytes at a phone's width. */
const QUALITY = 80;

export async function deriveSizedPicture(
  bucket: R2Bucket,
  images: ImagesBinding | undefined,
  key: string,
): Promise<ArrayBuffer | null> {
  const sized = parseSizedKey(key);
  if (!sized || !images) return null;
  const source = await bucket.get(sized.source);
  if (!source || source.size > MAX_SOURCE_BYTES) return null;
  const original = await source.arrayBuffer();
  const read = () => new Blob([original]).stream();
  let bytes: ArrayBuffer;
  try {
    const info = await images.info(read());
    // Never wider than the original (Miniflare's binding would enlarge it): a small picture is
    // only re-encoded.
    const width = "width" in info ? Math.min(sized.width, info.width) : sized.width;
    const out = await images
      .input(read())
      .transform({ width, fit: "scale-down" })
      .output({ format: "image/webp", quality: QUALITY });
    bytes = await out.response().arrayBuffer();
  } catch (error) {
    console.error("picture size not made", key, error);
    return null;
  }
  await bucket.put(key, bytes, { httpMetadata: { contentType: "image/webp" } });
  return bytes;
}
