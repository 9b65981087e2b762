/**
 * Recent searches, kept on the device only (decision 129): in the browser's local storage, per
 * shop host (each shop has its own origin), never sent to the server. Without scripts there are
 * none; the empty search page then offers the shop's popular searches alone.
 */
import { MAX_QUERY_CHARS, normaliseText } from "~/shared/search";

const KEY = "recent-searches";
/** How many the empty search page offers. */
export const RECENT_SEARCHES = 10;

/**
 * What local storage holds is checked by hand, not with zod: the search page is one of those that
 * load no form validation code (test/worker/platform/budget.test.ts), and this is one small shape.
 */
function stored(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((q): q is string => typeof q === "string" && q.length > 0 && q.length <= MAX_QUERY_CHARS)
    .slice(0, RECENT_SEARCHES);
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage refused (private mode, a blocked site's data): no recent searches.
    return null;
  }
}

export function readRecentSearches(): string[] {
  const raw = storage()?.getItem(KEY);
  if (!raw) return [];
  try {
    return stored(JSON.parse(raw));
  } catch {
    return [];
  }
}

function write(list: string[]): string[] {
  try {
    storage()?.setItem(KEY, JSON.stringify(list));
  } catch {
    // Full or refused: the list is simply not kept.
  }
  return list;
}

/** Puts `query` first (once), keeping the newest RECENT_SEARCHES. */
export function rememberSearch(query: string): string[] {
  const q = normaliseText(query).slice(0, MAX_QUERY_CHARS);
  if (q === "") return readRecentSearches();
  return write([q, ...readRecentSearches().filter((r) => r !== q)].slice(0, RECENT_SEARCHES));
}

export function forgetSearch(query: string): string[] {
  return write(readRecentSearches().filter((r) => r !== query));
}

export function clearRecentSearches(): string[] {
  return write([]);
}
