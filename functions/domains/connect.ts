import { domainToUnicode } from "node:url";
import type { CustomDomain, DomainRecord } from "~/shared/contracts";
import { koDomain } from "~/shared/messages/domain";
import type { CustomDomainRow, CustomDomainStore, DomainCheck } from "../db/custom-domains";
import { forgetHost } from "../tenant";
import { hostnameState, pendingTxtRecords, type CustomHostnameResult, type CustomHostnames } from "./cloudflare";
import type { Log } from "../log";

/**
 * A shop's custom domain between the console, D1 and Cloudflare (decision 092): what Cloudflare
 * says is kept, and the domain names the shop only while Cloudflare says it is active.
 */

/** A reservation whose add never heard back from Cloudflare is given up after this long. */
const STALE_RESERVATION_MS = 10 * 60 * 1000;
/** Hostnames the scheduled job asks Cloudflare about in one run. */
export const WAITING_PER_RUN = 5;

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
 * Asks Cloudflare about the shop's domain and keeps the answer. A row without Cloudflare's id is
 * either an add that never finished (found by name and kept, or given up after a while) or a
 * domain connected by hand (left as it is). Returns the row as it is now (null: gone).
 */
export async function recheck(
  cf: CustomHostnames,
  domains: CustomDomainStore,
  row: CustomDomainRow,
  now: number,
): Promise<CustomDomainRow | null> {
  const found = row.cf_id ? await cf.get(row.cf_id) : await cf.find(row.hostname);
  if (found) return keep(domains, row, checkOf(found, row.state === "active"), now);
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

/** The scheduled job: a few hostnames still waiting, the least recently asked first. */
export async function recheckWaiting(
  cf: CustomHostnames | null,
  domains: CustomDomainStore,
  now: number,
  log: Log,
): Promise<number> {
  if (!cf) return 0;
  let checked = 0;
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
  if (/cname/i.test(reason)) return r.cname;
  if (/txt|ownership/i.test(reason)) return r.txt;
  if (/timed[_ ]out/i.test(reason)) return r.timeout;
  if (reason === "moved") return r.moved;
  if (reason === "deleted" || reason === "pending_deletion") return r.deleted;
  if (/blocked/.test(reason)) return r.blocked;
  return r.other(reason);
}

/** The row as the console shows it: the records still to create, the reason in Korean. */
export function toDomain(row: CustomDomainRow, fallbackOrigin: string): CustomDomain {
  const state = row.state === "creating" ? "pending" : row.state;
  const txt = JSON.parse(row.records) as Omit<DomainRecord, "type">[];
  const records: DomainRecord[] =
    state === "active"
      ? []
      : [
          ...(fallbackOrigin
            ? [{ type: "CNAME", name: row.hostname, value: fallbackOrigin, purpose: "route" } as const]
            : []),
          ...txt.map((t) => ({ type: "TXT" as const, ...t })),
        ];
  return {
    hostname: row.hostname,
    display: domainToUnicode(row.hostname) || row.hostname,
    state,
    reason: state === "active" || !row.reason ? null : reasonInKorean(row.reason),
    records,
    checked_at: row.checked_at,
  };
}
