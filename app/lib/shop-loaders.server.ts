import { isShopApiError } from "./api/client.server";

/** Turns API failures into the statuses the error boundary knows: 404 stays 404, the rest 502. */
export function rethrowAsResponse(error: unknown, notFoundData: string | null = null): never {
  if (isShopApiError(error)) {
    if (error.status === 404 || error.status === 400) throw new Response(notFoundData, { status: 404 });
    throw new Response(null, { status: 502 });
  }
  throw error;
}

/** A positive page number from the query, or 1. */
export function pageParam(url: URL): number {
  const n = Number(url.searchParams.get("page") ?? "1");
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}
