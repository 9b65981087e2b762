import { parseShareKey } from "~/shared/share-image";
import { parseSizedKey } from "~/shared/picture-sizes";
import { deriveShareImage } from "./share-image";
import { deriveSizedPicture } from "./picture-sizes";
import type { Log } from "./log";

/** Serves stored files (product images, logos) from R2 under /files/{key}. Keys are immutable. */
export async function serveFile(
  bucket: R2Bucket,
  key: string,
  request: Request,
  images: ImagesBinding | undefined,
  log: Log,
): Promise<Response> {
  if (!/^[a-z0-9][a-z0-9/_.-]{0,260}$/i.test(key) || key.includes("..")) {
    return new Response("Not found", { status: 404 });
  }
  const object = await bucket.get(key, { onlyIf: request.headers });
  if (!object) {
    // A derived picture asked for the first time: made from its original and kept (decisions 072, 078).
    const share = parseShareKey(key);
    if (share) {
      const made = await deriveShareImage(bucket, images, key, log);
      return serveDerived(made, "image/jpeg", bucket, share.source, request);
    }
    const sized = parseSizedKey(key);
    if (sized) {
      const made = await deriveSizedPicture(bucket, images, key, log);
      return serveDerived(made, "image/webp", bucket, sized.source, request);
    }
    return notFound();
  }
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("etag", object.httpEtag);
  headers.set("cache-control", "public, max-age=31536000, immutable");
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : object.body, { headers });
}

const notFound = () => new Response("Not found", { status: 404 });

/**
 * A derived picture just made, or, when it could not be (an SVG, too big, no Images binding), its
 * original linked for a short while.
 */
async function serveDerived(
  made: ArrayBuffer | Uint8Array<ArrayBuffer> | null,
  contentType: string,
  bucket: R2Bucket,
  source: string,
  request: Request,
): Promise<Response> {
  if (made) {
    return new Response(request.method === "HEAD" ? null : made, {
      headers: { "content-type": contentType, "cache-control": "public, max-age=31536000, immutable" },
    });
  }
  if (!(await bucket.head(source))) return notFound();
  return new Response(null, {
    status: 302,
    headers: { location: `/files/${source}`, "cache-control": "public, max-age=3600" },
  });
}
