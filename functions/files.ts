import { parseShareKey } from "~/shared/share-image";
import { deriveShareImage } from "./share-image";

/** Serves stored files (product images, logos) from R2 under /files/{key}. Keys are immutable. */
export async function serveFile(bucket: R2Bucket, key: string, request: Request): Promise<Response> {
  if (!/^[a-z0-9][a-z0-9/_.-]{0,260}$/i.test(key) || key.includes("..")) {
    return new Response("Not found", { status: 404 });
  }
  const object = await bucket.get(key, { onlyIf: request.headers });
  if (!object) return parseShareKey(key) ? serveShareImage(bucket, key, request) : notFound();
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("etag", object.httpEtag);
  headers.set("cache-control", "public, max-age=31536000, immutable");
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : object.body, { headers });
}

const notFound = () => new Response("Not found", { status: 404 });

/**
 * A sharing image asked for the first time: made from its source and stored (decision 072). A
 * source that cannot be made into one (SVG, too big) is linked instead, for a short while.
 */
async function serveShareImage(bucket: R2Bucket, key: string, request: Request): Promise<Response> {
  const jpeg = await deriveShareImage(bucket, key);
  if (jpeg) {
    return new Response(request.method === "HEAD" ? null : jpeg, {
      headers: { "content-type": "image/jpeg", "cache-control": "public, max-age=31536000, immutable" },
    });
  }
  const source = parseShareKey(key)!.source;
  if (!(await bucket.head(source))) return notFound();
  return new Response(null, {
    status: 302,
    headers: { location: `/files/${source}`, "cache-control": "public, max-age=3600" },
  });
}
