import type { ShopInfo } from "~/shared/contracts";
import { isShopApiError, type ShopApi } from "~/shared/api-client.server";
import { classifyHost } from "./host";

/**
 * A short-lived cache per isolate, keyed by host (or by shop and host), so one shop's data can
 * never answer for another host. Bounded in size. Used for host → shop and for a shop's categories.
 */
export class HostCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number }>();

  constructor(
    private readonly maxEntries = 1000,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get(host: string): { value: T } | undefined {
    const entry = this.entries.get(host);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(host);
      return undefined;
    }
    return { value: entry.value };
  }

  delete(host: string): void {
    this.entries.delete(host);
  }

  set(host: string, value: T, ttlSeconds: number): void {
    if (ttlSeconds <= 0) return;
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(host, { value, expires: this.now() + ttlSeconds * 1000 });
  }
}

// Misses (unknown hosts) are cached too, so a flood of random host names does not become a flood
// of database reads.
const isolateCache = new HostCache<ShopInfo | null>();

/**
 * Drops this isolate's shop for a host whose custom domain was just connected or removed (decision
 * 092); other isolates let theirs expire within SHOP_CACHE_TTL.
 */
export function forgetHost(host: string): void {
  isolateCache.delete(host);
}

/** Finds the shop a host belongs to, or null. Never falls back to a default shop. */
export async function resolveShop(
  host: string | null,
  platformDomain: string,
  api: ShopApi,
  ttlSeconds: number,
  cache: HostCache<ShopInfo | null> = isolateCache,
  /**
   * When given, a kept shop is used only if this says it is still current, and read anew otherwise
   * (a page about to be kept at the edge is drawn from it: decision 077).
   */
  isCurrent?: (shop: ShopInfo) => Promise<boolean>,
): Promise<ShopInfo | null> {
  const kind = classifyHost(host, platformDomain);
  if (kind.kind === "platform" || kind.kind === "invalid" || !host) return null;
  const hit = cache.get(host);
  if (hit && (!hit.value || !isCurrent || (await isCurrent(hit.value)))) return hit.value;
  const id = kind.kind === "subdomain" ? kind.dom : kind.host;
  let shop: ShopInfo | null;
  try {
    shop = await api.call("shopInfo", { query: { id, domain: "true" } });
  } catch (error) {
    if (!isShopApiError(error) || error.status !== 404) throw error;
    shop = null;
  }
  // A sub-domain only names a shop through dom; a custom host only through dom3.
  if (shop && kind.kind === "custom" && shop.dom3?.toLowerCase() !== host) shop = null;
  cache.set(host, shop, ttlSeconds);
  return shop;
}
