import { DOMAIN_ADDS_PER_HOUR, isPlatformHost } from "~/shared/forms/domain";
import { formatDeadline } from "~/shared/format";
import { koDomain } from "~/shared/messages/domain";
import type { Reservation } from "../db/custom-domains";
import { CloudflareError, DUPLICATE_HOSTNAME, type CustomHostnames } from "../domains/cloudflare";
import { checkOf, CLAIM_HOLD_MS, keep, recheck, toDomain } from "../domains/connect";
import { forgetHost } from "../tenant";
import type { ApiContext, Handlers } from "./context";
import { ApiError } from "./http";

const t = koDomain.errors;

/** Why a reservation was refused, as the console says it. */
function refusal(r: Exclude<Reservation, { id: number }>): ApiError {
  switch (r.refused) {
    case "tooMany":
      return new ApiError(429, "TOO_MANY_DOMAINS", t.tooMany(DOMAIN_ADDS_PER_HOUR));
    case "held":
      return new ApiError(409, "DOMAIN_HELD", t.held(formatDeadline(r.until)), "hostname");
    case "taken":
      return new ApiError(409, "DOMAIN_TAKEN", t.taken, "hostname");
    case "hasOne":
      return new ApiError(409, "DOMAIN_EXISTS", t.hasOne, "hostname");
  }
}

/** Cloudflare for SaaS as configured, or the refusal: this platform connects no custom domains. */
function requireCloudflare(ctx: ApiContext): CustomHostnames {
  const cf = ctx.db.cloudflare;
  if (!cf) throw new ApiError(409, "DOMAINS_OFF", t.unavailable);
  return cf;
}

/** A Cloudflare failure, logged with the request's id (its message never holds the token); anything else is rethrown. */
function noted(ctx: ApiContext, error: unknown): CloudflareError {
  if (!(error instanceof CloudflareError)) throw error;
  ctx.log.error("custom hostnames call failed", error);
  return error;
}

/** A Cloudflare failure as the console says it: the name refused, or Cloudflare out of reach. */
function cloudflareFailure(ctx: ApiContext, error: unknown): ApiError {
  const { status } = noted(ctx, error);
  return status === 400 || status === 422
    ? new ApiError(400, "DOMAIN_REFUSED", t.refused, "hostname")
    : new ApiError(502, "CLOUDFLARE_FAILED", t.cloudflare);
}

/** The shop's domain with its status asked of Cloudflare now (the last one known if it cannot be). */
async function domainPage(ctx: ApiContext, shopId: number) {
  const cf = ctx.db.cloudflare;
  const domains = ctx.db.customDomains;
  let row = await domains.ofShop(shopId);
  let fresh = true;
  // A domain connected by hand has nothing at Cloudflare to ask about, nor a released claim.
  if (row && cf && row.state !== "released" && (row.cf_id || row.state === "creating")) {
    try {
      row = await recheck(cf, domains, row, Date.now());
    } catch (error) {
      noted(ctx, error);
      fresh = false;
    }
  }
  return { available: cf !== null, domain: row ? toDomain(row, cf?.fallbackOrigin ?? "") : null, fresh };
}

/** The owner's custom domain (decision 092): the host shop's owner (or a platform admin) only. */
export const domainHandlers = {
  async adminDomain(_input, ctx) {
    const { shop } = await ctx.requireOwner();
    return domainPage(ctx, shop.shopid);
  },

  async adminDomainCheck(_input, ctx) {
    const { shop } = await ctx.requireOwner();
    return domainPage(ctx, shop.shopid);
  },

  async adminDomainAdd({ body }, ctx) {
    const { shop } = await ctx.requireOwner();
    const cf = requireCloudflare(ctx);
    const { hostname } = body;
    if (isPlatformHost(hostname, ctx.config.PLATFORM_DOMAIN) || isPlatformHost(hostname, cf.fallbackOrigin)) {
      throw new ApiError(400, "BAD_REQUEST", t.platform, "hostname");
    }
    const domains = ctx.db.customDomains;
    const now = Date.now();
    // Another shop's unproved claim past its hold gives way (decision 156); it may have been proved
    // at Cloudflare since it was last asked, so it is asked first, and kept (or released) as it is.
    const other = await domains.claimOf(hostname);
    if (other && other.shop_id !== shop.shopid && other.proved_at === null && other.created_at <= now - CLAIM_HOLD_MS) {
      try {
        await recheck(cf, domains, other, now);
      } catch (error) {
        throw cloudflareFailure(ctx, error);
      }
    }
    const reserved = await domains.reserve(shop.shopid, hostname, now, DOMAIN_ADDS_PER_HOUR, now - CLAIM_HOLD_MS);
    if ("refused" in reserved) throw refusal(reserved);
    // The claim it took the name from goes at Cloudflare too: its verification token is not ours.
    if (reserved.displaced) {
      try {
        await cf.delete(reserved.displaced);
      } catch (error) {
        await domains.release(shop.shopid, reserved.id);
        throw cloudflareFailure(ctx, error);
      }
    }
    let found;
    try {
      found = await cf.create(hostname);
    } catch (error) {
      // Already in the zone, though no shop here holds it: an add that did not finish. It is this one's.
      const duplicate = error instanceof CloudflareError && error.code === DUPLICATE_HOSTNAME;
      found = duplicate ? await cf.find(hostname).catch(() => null) : null;
      if (!found) {
        await domains.release(shop.shopid, reserved.id);
        throw cloudflareFailure(ctx, error);
      }
    }
    const reservation = { id: reserved.id, shop_id: shop.shopid, hostname, state: "creating" } as const;
    const row = await keep(domains, reservation, checkOf(found), now);
    if (!row) throw new ApiError(409, "DOMAIN_GONE", t.none);
    return toDomain(row, cf.fallbackOrigin);
  },

  async adminDomainRemove(_input, ctx) {
    const { shop } = await ctx.requireOwner();
    const cf = requireCloudflare(ctx);
    const domains = ctx.db.customDomains;
    const row = await domains.ofShop(shop.shopid);
    if (!row) throw new ApiError(404, "NOT_FOUND", t.none);
    // Deleted at Cloudflare first: until that succeeds the domain stays as it is. A released claim
    // has nothing there any more (the name may be another shop's now: never looked up by name).
    try {
      const id = row.state === "released" ? null : (row.cf_id ?? (await cf.find(row.hostname))?.id);
      if (id) await cf.delete(id);
    } catch (error) {
      throw cloudflareFailure(ctx, error);
    }
    await domains.remove(shop.shopid, row.id);
    forgetHost(row.hostname);
    return { ok: true as const };
  },
} satisfies Handlers;
