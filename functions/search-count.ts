/**
 * Which page requests count towards the shop's popular searches (decision 129). Counted in the
 * Worker, not the search's loader: a search page kept at the edge (decision 077) is given out
 * without its loader running, and every shopper who searched must count.
 */
import { z } from "zod";
import { normaliseText, searchTerms } from "~/shared/search";

const SEARCH_PAGE = /^\/shop\/search(\.data)?\/?$/;

/** The counted form of a search: its words as the search reads them, one to forty characters. */
export const CountedQuery = z.string().min(1).max(40);

/**
 * A query that may be someone's own details, never counted (the counts are shown to every
 * shopper): an e-mail address, or a run of six digits or more however split by spaces, dots or
 * hyphens (a phone, order or card number; sizes like 200ml or SPF50 have fewer).
 */
function personal(query: string): boolean {
  return query.includes("@") || /\d{6,}/.test(query.replace(/[\s.-]/g, ""));
}

/**
 * The query a request searched for, normalised, or null when it is no search to count: anything
 * but a GET of the search page's first page (or its data), an empty query, or a link prefetched
 * on hover.
 */
export function countedSearch(request: Request, url: URL): string | null {
  if (request.method !== "GET" || !SEARCH_PAGE.test(url.pathname)) return null;
  if (/prefetch/i.test(request.headers.get("sec-purpose") ?? request.headers.get("purpose") ?? "")) return null;
  const page = url.searchParams.get("page");
  if (page !== null && page !== "1") return null;
  const query = normaliseText(searchTerms(url.searchParams.get("q") ?? "").join(" "));
  const parsed = CountedQuery.safeParse(query);
  return parsed.success && !personal(parsed.data) ? parsed.data : null;
}
