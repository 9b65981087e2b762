import { isbot } from "isbot";

/**
 * A search engine's request (by its user agent). Crawlers get the whole page at once, people the
 * shell first and the rest streamed (entry.server.tsx); the edge page cache keeps the two apart.
 */
export function isCrawler(request: Request): boolean {
  return isbot(request.headers.get("user-agent") || "");
}
