import { readCookie } from "~/shared/cookies";
import { koIdentity } from "~/shared/messages/identity";
import { randomToken, sha256Hex, timingSafeEqualText } from "../auth/crypto";
import { cookie, isSecureRequest } from "../auth/session";
import { IDENTITY_WINDOW_MS } from "../db/identity";
import { identityProvider, outcomeOf } from "../identity/provider";
import { PortOneError } from "../identity/portone";
import { verificationFor } from "../orders/verification";
import { cartOwner, requireCartOwner } from "./cart";
import type { ApiContext, Handlers } from "./context";
import { ApiError } from "./http";

/** The browser's binding to the windows it opened (HttpOnly, this host only). */
const BINDING_COOKIE = "ivb";
const BINDING_SHAPE = /^[A-Za-z0-9_-]{22}$/;

const unavailable = () => new ApiError(503, "IDENTITY_UNAVAILABLE", koIdentity.unavailable);

function provider(ctx: ApiContext) {
  const p = identityProvider(ctx.config);
  if (!p) throw unavailable();
  return p;
}

function bindingOf(ctx: ApiContext): string | null {
  const held = readCookie(ctx.request.headers.get("cookie"), BINDING_COOKIE);
  return held && BINDING_SHAPE.test(held) ? held : null;
}

export const identityHandlers = {
  async startIdentity({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const p = provider(ctx);
    const owner = await requireCartOwner(ctx);
    // One binding per browser, kept while windows are open: two tabs' windows both come back.
    const binding = bindingOf(ctx) ?? randomToken(16);
    const id = `iv-${randomToken(16)}`;
    const started = await ctx.db.identity.start(
      {
        id,
        shop_id: shop.shopid,
        purpose: body.purpose,
        uid: owner.startsWith("m:") ? Number(owner.slice(2)) : null,
        device: owner.startsWith("d:") ? owner.slice(2) : null,
        binding_hash: await sha256Hex(binding),
        return_path: body.return,
      },
      Date.now(),
    );
    if (!started) throw new ApiError(429, "TOO_MANY_VERIFICATIONS", koIdentity.tooMany);
    ctx.responseHeaders.append(
      "set-cookie",
      cookie(BINDING_COOKIE, binding, { secure: isSecureRequest(ctx.request), maxAge: IDENTITY_WINDOW_MS / 1000 }),
    );
    return {
      id,
      sdk_url: p.sdkUrl,
      store_id: p.storeId,
      channel_key: p.channelKey,
      purpose: body.purpose,
      return: body.return,
    };
  },

  async completeIdentity({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const p = provider(ctx);
    const now = Date.now();
    const row = await ctx.db.identity.get(shop.shopid, body.identityVerificationId);
    const binding = bindingOf(ctx);
    // Another shop's id, one made up, or one opened in another browser: never read, never used.
    if (!row || !binding || !timingSafeEqualText(await sha256Hex(binding), row.binding_hash)) {
      return { outcome: "foreign" as const, return: "/", purpose: "adult" as const, message: null };
    }
    const back = { return: row.return_path, purpose: row.purpose };
    if (row.status !== "READY" || row.expires_at <= now) return { outcome: "expired" as const, ...back, message: null };

    // Always PortOne's word, read by id: the address the shopper came back on proves nothing.
    let verification;
    try {
      verification = await p.client.getIdentityVerification(row.id, p.storeId);
    } catch (error) {
      if (!(error instanceof PortOneError) || error.kind !== "not_found") {
        ctx.log.error("PortOne identity verification unreadable", error, { kind: (error as PortOneError).kind });
        throw unavailable();
      }
      verification = null;
    }
    const outcome =
      body.code !== undefined || verification === null
        ? { verified: false as const }
        : await outcomeOf(verification, now, p.subjectSecret);
    if (!(await ctx.db.identity.complete(row, outcome, now))) {
      return { outcome: "expired" as const, ...back, message: null };
    }
    const message = body.code !== undefined ? (body.message?.slice(0, 200) ?? null) : null;
    if (!outcome.verified) return { outcome: "failed" as const, ...back, message };
    if (outcome.adult) return { outcome: "adult" as const, ...back, message: null };
    return { outcome: row.purpose === "adult" ? ("minor" as const) : ("verified" as const), ...back, message: null };
  },

  async myVerification(_input, ctx) {
    const shop = ctx.requireHostShop();
    const owner = await cartOwner(ctx).catch(() => null);
    const status = await verificationFor(ctx.db.verification, owner, shop.shopid);
    return { adult: status.adult, identity: status.identity, available: identityProvider(ctx.config) !== null };
  },
} satisfies Handlers;
