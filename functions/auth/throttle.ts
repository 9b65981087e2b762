import { AttemptStore, type AttemptKind } from "../db/attempts";
import { nowSeconds } from "./session";
import type { Db } from "../db/session";

/** Attempts are counted over this window. */
export const THROTTLE_WINDOW_SECONDS = 15 * 60;

/** How many failures (or requests) a key may have in the window before it is refused. */
export const LIMITS = {
  // Failed logins are counted per account and address together (decision 095): a stranger's
  // guesses lock out the stranger's address, not the owner at theirs. The account's count over
  // every address is a ceiling ten times higher, so guesses spread over many addresses still slow down.
  // A browser that logged in to the account before counts as its own pair instead, outside the
  // ceiling (decision 157): strangers' spread guesses do not lock it out.
  login_pair: 5,
  login_account: 50,
  // Many shoppers share an address (mobile carriers' NAT), so a client gets more room than an account.
  login_client: 20,
  reset_account: 3,
  reset_client: 10,
  join_client: 10,
  // Reset links and custom-domain login codes are long random tokens; a client that keeps
  // presenting wrong ones is guessing.
  token_client: 10,
  // 비회원 주문조회: an order number with a phone number is a guess worth counting both ways; per
  // order, as logins are per account: with the address, and a ceiling over every address.
  lookup_client: 10,
  lookup_pair: 5,
  lookup_order: 50,
  // Opening a shop (decision 108): a few per account, more per address (shared NAT), per window.
  open_account: 3,
  open_client: 10,
  // Searches counted towards the shop's popular searches (decision 129): a shopper types a few a
  // minute; past this the search still answers, it only stops counting.
  search_client: 30,
} as const satisfies Record<AttemptKind, number>;

/**
 * The client's address as Cloudflare reports it. IPv6 clients are counted per /64, the block one
 * subscriber usually gets, so rotating addresses inside it does not reset the count.
 */
export function clientKey(request: Request): string {
  const ip = (request.headers.get("cf-connecting-ip") ?? "").trim().toLowerCase();
  if (!ip) return "unknown";
  if (!ip.includes(":")) return ip;
  const [head = "", tail = ""] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::")
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

type Keyed = { kind: AttemptKind; key: string };

/** The key of an account (or an order) asked about from one client address. */
export const pairKey = (client: string, key: string) => `${client} ${key}`;

export class Throttle {
  private readonly store: AttemptStore;
  constructor(
    db: Db,
    private readonly now: () => number = nowSeconds,
  ) {
    this.store = new AttemptStore(db);
  }

  /** True when any of the keys has reached its limit inside the window. */
  async blocked(keys: Keyed[]): Promise<boolean> {
    const counts = await this.store.counts(keys, this.now() - THROTTLE_WINDOW_SECONDS);
    return keys.some((k, i) => (counts[i] ?? 0) >= LIMITS[k.kind]);
  }

  async record(keys: Keyed[]): Promise<void> {
    const now = this.now();
    await this.store.record(keys, now, now - THROTTLE_WINDOW_SECONDS);
  }

  /**
   * Counts an attempt before anything is checked (issue 7, decision 044): one batch records it
   * and counts, so of many attempts made at once only a limit's worth go on. Returns null when a
   * key is over its limit (that attempt is not kept: nothing was checked); otherwise the attempt,
   * which stays counted as a failure unless it is forgotten.
   */
  async begin(keys: Keyed[]): Promise<Attempt | null> {
    const now = this.now();
    const { ids, counts } = await this.store.attempt(keys, now, now - THROTTLE_WINDOW_SECONDS);
    if (keys.some((k, i) => (counts[i] ?? 0) > LIMITS[k.kind])) {
      await this.store.forget([], ids);
      return null;
    }
    return {
      succeeded: (clear: Keyed[] = []) => this.store.forget(clear, ids),
    };
  }
}

/** An attempt that was let through; `succeeded` forgets it (and clears the keys given). */
export type Attempt = { succeeded: (clear?: Keyed[]) => Promise<void> };
