import { koRequestErrors } from "~/shared/messages/shop/request-errors";
import { MAX_PRODUCT_PHOTO_BYTES } from "~/shared/limits";
import { ApiError, errorResponse } from "./api/http";
import { isApiPath } from "./api/router";
import { plainPage } from "./pages";
import type { UploadPages } from "./upload-pages";

/**
 * What a request must look like before anything reads it (issue 7, decision 041): a method this
 * Worker answers, a body within its cap, and for a page's POST a form body that parses.
 */

/** Body caps in bytes. Forms and JSON are small; two forms upload a picture. */
export const BODY_LIMITS = {
  form: 64 * 1024,
  // uuid/sync_save parks up to 65,536 characters (3 bytes each in UTF-8 for Hangul) as JSON.
  api: 256 * 1024,
  // A phone photo is often 3 to 8 MB: up to this the page answers with its own message ("too
  // large": the picture limits are MAX_PROFILE_IMAGE_BYTES and MAX_PRODUCT_PHOTO_BYTES) and keeps
  // what was typed.
  upload: 1.5 * MAX_PRODUCT_PHOTO_BYTES,
} as const;

export const ALLOWED_METHODS = "GET, HEAD, POST";

function refuse(pathname: string, status: number, code: string, message: string, requestId?: string): Response {
  const response = isApiPath(pathname)
    ? errorResponse(new ApiError(status, code, message))
    : plainPage(status, message, koRequestErrors.requestBody, requestId);
  if (status === 405) response.headers.set("allow", ALLOWED_METHODS);
  return response;
}

/**
 * The cap for a post to `pathname`: the API's, a page's whose form carries a file (`uploads`, read
 * from the pages themselves: functions/upload-pages.ts), or any other page's.
 */
export function bodyLimit(pathname: string, uploads: UploadPages): number {
  if (isApiPath(pathname)) return BODY_LIMITS.api;
  return uploads.has(pathname.replace(/\.data$/, "")) ? BODY_LIMITS.upload : BODY_LIMITS.form;
}

/** The body, read up to `limit` bytes (chunked bodies too: it is counted as it arrives), or null past it. */
async function readCapped(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    // Past the cap: stop reading (the rest is never buffered) and refuse.
    if (size > limit) return null;
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** 405 for a method other than GET, HEAD or POST (OPTIONS too: nothing here is called cross-origin). */
export function methodRefusal(request: Request, requestId?: string): Response | null {
  if (["GET", "HEAD", "POST"].includes(request.method)) return null;
  const { pathname } = new URL(request.url);
  return refuse(pathname, 405, "METHOD_NOT_ALLOWED", koRequestErrors.methodNotAllowed, requestId);
}

/**
 * Either the request to go on with (a POST's body read and checked, handed on as bytes) or the
 * refusal: 413 past the cap, 415 for a page POST that is not a form, 400 for a form body that
 * does not parse or a body its sender stopped sending.
 */
export async function guardBody(
  request: Request,
  uploads: UploadPages,
  requestId?: string,
): Promise<Request | Response> {
  if (request.method !== "POST") return request;
  const { pathname } = new URL(request.url);

  const limit = bodyLimit(pathname, uploads);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) return refuse(pathname, 413, "BODY_TOO_LARGE", koRequestErrors.bodyTooLarge, requestId);
  let body: Uint8Array<ArrayBuffer> | null;
  try {
    body = await readCapped(request, limit);
  } catch {
    // The sender went away mid-body (a phone losing its network): no one reads this answer, and it
    // is not the server failing. 400 says so in the request's log line.
    return refuse(pathname, 400, "BODY_INCOMPLETE", koRequestErrors.badRequest, requestId);
  }
  if (!body) return refuse(pathname, 413, "BODY_TOO_LARGE", koRequestErrors.bodyTooLarge, requestId);

  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const isForm = FORM_TYPES.includes(type);
  if (!isApiPath(pathname) && !isForm) {
    return refuse(pathname, 415, "UNSUPPORTED_MEDIA_TYPE", koRequestErrors.unsupportedBody, requestId);
  }
  const checked = new Request(request, { body });
  if (isForm) {
    // A form that does not parse (a broken multipart boundary) is the sender's mistake: 400.
    try {
      await checked.clone().formData();
    } catch {
      return refuse(pathname, 400, "BAD_FORM", koRequestErrors.badRequest, requestId);
    }
  }
  return checked;
}
