/**
 * Recent searches, kept on the device only (decision 129): in the browser's local storage, per
 * shop host (each shop has its own origin), never sent to the server. Without scripts there are
 * none; the empty search page then offers the shop's popular searches alone.
 */
import { z } from "zod";
import { MAX_QUERY_CHARS, normaliseText } from "~/shared/search";

const KEY = "recent-searches";
/** How many the empty search page offers. */
export const RECENT_SEARCHES = 10;

const Stored = z.array(z.string().min(1).max(MAX_QUERY_CHARS)).max(RECENT_SEARCHES);

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
    const parsed = Stored.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
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
