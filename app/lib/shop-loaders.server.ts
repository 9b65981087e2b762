import { LIST_SORTS, type ListSort } from "~/shared/contracts";
import { apiFailureResponse } from "~/shared/api-failures.server";

/**
 * Turns API failures into the statuses the error boundary knows, with the page's own text for a
 * 404. (Any loader's unhandled outage is a 502 anyway: functions/worker.ts wraps the build.)
 */
export function rethrowAsResponse(error: unknown, notFoundData: string | null = null): never {
  throw apiFailureResponse(error, notFoundData) ?? error;
}

/** The console's order list of a big shop runs to 20,000 pages and more (issue 39). */
const MAX_PAGE = 1_000_000;

/** A positive page number from the query, or 1. */
export function pageParam(url: URL): number {
  const n = Number(url.searchParams.get("page") ?? "1");
  return Number.isInteger(n) && n >= 1 && n <= MAX_PAGE ? n : 1;
}

/** The list's order from the query (`sort`); anything unknown is the shop's own order. */
export function sortParam(url: URL): ListSort {
  const sort = url.searchParams.get("sort");
  return (LIST_SORTS as readonly string[]).includes(sort ?? "") ? (sort as ListSort) : "recommended";
}
