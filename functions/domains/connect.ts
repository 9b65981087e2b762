import { domainToUnicode } from "node:url";
import type { CustomDomain, DomainRecord } from "~/shared/contracts";
import { koDomain } from "~/shared/messages/domain";
import {
  CLAIM_EXPIRED,
  CLAIM_TAKEN,
  type CustomDomainRow,
  type CustomDomainStore,
  type DomainCheck,
} from "../db/custom-domains";
import { forgetHost } from "../tenant";
import { hostnameState, pendingTxtRecords, type CustomHostnameResult, type CustomHostnames } from "./cloudflare";
import type { Log } from "../log";

/**
 * A shop's custom domain between the console, D1 and Cloudflare (decision 092): what Cloudflare
 * says is kept, and the domain names the shop only while Cloudflare says it is active. A claim
 * holds the name for good only once its ownership is proved at Cloudflare (decision 156).
 */

/** A reservation whose add never heard back from Cloudflare is given up after this long. */
const STALE_RESERVATION_MS = 10 * 60 * 1000;
/** Hostnames the scheduled job asks Cloudflare about in one run. */
export const WAITING_PER_RUN = 5;
/** Unproved claims past their deadline the scheduled job releases in one run. */
export const OVERDUE_PER_RUN = 5;
const HOUR_MS = 60 * 60 * 1000;
/**
 * An unproved claim holds the name against other shops this long: the day the console promises
 * for DNS records to be seen. After it, another shop may claim the name (and the claim is released).
 */
export const CLAIM_HOLD_MS = 24 * HOUR_MS;
/** An unproved claim is released this long after it was made, whoever else wants the name. */
export const CLAIM_DEADLINE_MS = 72 * HOUR_MS;

export function checkOf(h: CustomHostnameResult, wasActive = false): DomainCheck {
  const { state, reason } = hostnameState(h, wasActive);
  return {
    cfId: h.id,
    state,
    status: h.status,
    sslStatus: h.ssl?.status ?? null,
    reason,
    records: state === "active" ? [] : pendingTxtRecords(h),
  };
}

/** Keeps a check; a shop that started or stopped answering on the host is forgotten by this isolate. */
export async function keep(
  domains: CustomDomainStore,
  row: Pick<CustomDomainRow, "id" | "shop_id" | "hostname" | "state">,
  check: DomainCheck,
  now: number,
): Promise<CustomDomainRow | null> {
  const kept = await domains.record(row.shop_id, row.id, check, now);
  if (kept?.state !== row.state) forgetHost(row.hostname);
  return kept;
}

/**
 * Gives an unproved claim up: deleted at Cloudflare first (so nobody's later proof of the name can
 * make it active for this shop), then kept here as released with the reason. Returns the row.
 */
export async function releaseClaim(
  cf: CustomHostnames,
  domains: CustomDomainStore,
  row: CustomDomainRow,
  reason: string,
  now: number,
): Promise<CustomDomainRow | null> {
  if (row.cf_id) await cf.delete(row.cf_id);
  const released = await domains.releaseUnproved(row.shop_id, row.id, reason, now);
  forgetHost(row.hostname);
  return released;
}

/**
 * Asks Cloudflare about the shop's domain and keeps the answer. A row without Cloudflare's id is
 * either an add that never finished (found by name and kept, or given up after a while) or a
 * domain connected by hand (left as it is). A claim not proved yet is released when Cloudflare
 * fails it or its deadline has passed, unless this very answer proves it. Returns the row as it is
 * now (null: gone).
 */
export async function recheck(
  cf: CustomHostnames,
  domains: CustomDomainStore,
  row: CustomDomainRow,
  now: number,
): Promise<CustomDomainRow | null> {
  if (row.state === "released") return row;
  const found = row.cf_id ? await cf.get(row.cf_id) : await cf.find(row.hostname);
  const unproved = row.proved_at === null && found?.status !== "active";
  if (found) {
    const check = checkOf(found, row.state === "active");
    // An add that never finished has no id here yet: Cloudflare's, found by name, is the one to delete.
    const claim = { ...row, cf_id: found.id };
    if (unproved && check.state === "failed") {
      return releaseClaim(cf, domains, claim, check.reason ?? check.status, now);
    }
    if (unproved && row.created_at <= now - CLAIM_DEADLINE_MS) {
      return releaseClaim(cf, domains, claim, CLAIM_EXPIRED, now);
    }
    return keep(domains, row, check, now);
  }
  if (row.cf_id && unproved) return releaseClaim(cf, domains, row, "deleted", now);
  if (row.cf_id) {
    // Deleted at Cloudflare (not from here): the domain no longer reaches the shop.
    const gone = {
      cfId: row.cf_id,
      state: "failed",
      status: "deleted",
      sslStatus: null,
      reason: "deleted",
      records: [],
    };
    return keep(domains, row, gone as DomainCheck, now);
  }
  if (row.state === "creating" && row.created_at < now - STALE_RESERVATION_MS) {
    await domains.release(row.shop_id, row.id);
    return null;
  }
  return row;
}

/**
 * The scheduled job: unproved claims past their deadline released (a few, the oldest first, each
 * asked once more: it may have been proved since), then a few hostnames still waiting, the least
 * recently asked first.
 */
export async function recheckWaiting(
  cf: CustomHostnames | null,
  domains: CustomDomainStore,
  now: number,
  log: Log,
): Promise<number> {
  if (!cf) return 0;
  let checked = 0;
  for (const row of await domains.overdue(now - CLAIM_DEADLINE_MS, OVERDUE_PER_RUN)) {
    try {
      await recheck(cf, domains, row, now);
      checked++;
    } catch (error) {
      log.error("custom domain claim not released", error, { domain: row.id });
    }
  }
  for (const row of await domains.waiting(WAITING_PER_RUN)) {
    try {
      await recheck(cf, domains, row, now);
      checked++;
    } catch (error) {
      log.error("custom domain not checked", error, { domain: row.id });
    }
  }
  return checked;
}

const r = koDomain.reasons;

/** Cloudflare's reason in Korean: the usual ones said plainly, anything else quoted. */
export function reasonInKorean(reason: string): string {
  if (reason === CLAIM_EXPIRED) return r.claimExpired(CLAIM_DEADLINE_MS / (24 * HOUR_MS));
  if (reason === CLAIM_TAKEN) return r.claimTaken;
  if (/cname/i.test(reason)) return r.cname;
  if (/txt|ownership/i.test(reason)) return r.txt;
  if (/timed[_ ]out/i.test(reason)) return r.timeout;
  if (reason === "moved") return r.moved;
  if (reason === "deleted" || reason === "pending_deletion") return r.deleted;
  if (/blocked/.test(reason)) return r.blocked;
  return r.other(reason);
}

/**
 * The row as the console shows it: the records still to create, the reason in Korean, and while
 * it is not proved, when other shops may claim the name and when the claim is released.
 */
export function toDomain(row: CustomDomainRow, fallbackOrigin: string): CustomDomain {
  const state = row.state === "creating" ? "pending" : row.state;
  const txt = JSON.parse(row.records) as Omit<DomainRecord, "type">[];
  const records: DomainRecord[] =
    state === "active" || state === "released"
      ? []
      : [
          ...(fallbackOrigin
            ? [{ type: "CNAME", name: row.hostname, value: fallbackOrigin, purpose: "route" } as const]
            : []),
          ...txt.map((t) => ({ type: "TXT" as const, ...t })),
        ];
  const claiming = row.proved_at === null && state !== "released";
  return {
    hostname: row.hostname,
    display: domainToUnicode(row.hostname) || row.hostname,
    state,
    reason: state === "active" || !row.reason ? null : reasonInKorean(row.reason),
    records,
    checked_at: row.checked_at,
    proved: row.proved_at !== null,
    held_until: claiming ? row.created_at + CLAIM_HOLD_MS : null,
    release_at: claiming ? row.created_at + CLAIM_DEADLINE_MS : null,
  };
}
