/**
 * Kakao and Naver login's JSON calls (decision 115): the first login's sign-up from its pending
 * row, and the member's links on /user/info. The redirects around them are doors
 * (functions/oauth/flow.ts).
 */
import { readCookie } from "~/shared/cookies";
import { koSocial } from "~/shared/messages/social-login";
import { safeReturnPath } from "~/shared/return-path";
import { randomToken, sha256Hex } from "../auth/crypto";
import { cookie, isSecureRequest, nowSeconds } from "../auth/session";
import { clientKey } from "../auth/throttle";
import { NO_PASSWORD } from "../db/oauth";
import { POINT_VALID_MS } from "../db/shop-members";
import { requestHost, shopOrigin } from "../host";
import { SIGNUP_COOKIE } from "../oauth/flow";
import { applySync, readSync } from "../oauth/sync";
import { logIn } from "./auth";
import type { ApiContext, Handlers } from "./context";
import { ApiError } from "./http";

const expired = () => new ApiError(410, "SIGNUP_EXPIRED", koSocial.joinExpired);

/**
 * What a shop receives from an account when the person joins it (decision 177): the name, the
 * mobile number and the e-mail — an address of our own making (decision 115) is no e-mail to give.
 */
async function accountDetails(ctx: ApiContext, uid: number) {
  const row = await ctx.db.members.byUid(uid);
  if (!row || row.withdrawn_at !== null) return null;
  const email = row.email.endsWith("@members.invalid") ? null : row.email;
  return { name: row.name, phone: row.phone ?? null, email };
}

/** This host's origin as the flow recorded it (built from the shop record, as the start built it). */
function hostOrigin(ctx: ApiContext): string {
  const shop = ctx.requireHostShop();
  const host = requestHost(ctx.request);
  const custom = shop.dom3?.toLowerCase() ?? null;
  return shopOrigin(
    { dom: shop.dom, dom3: custom && host === custom ? custom : null },
    ctx.config.PLATFORM_DOMAIN,
    ctx.url,
  );
}

async function pendingHash(ctx: ApiContext): Promise<string> {
  const token = readCookie(ctx.request.headers.get("cookie"), SIGNUP_COOKIE);
  if (!token || token.length > 100) throw expired();
  return sha256Hex(token);
}

export const socialLoginHandlers = {
  async socialSignupInfo(_input, ctx) {
    const shop = ctx.requireHostShop();
    const row = await ctx.db.oauth.pending(await pendingHash(ctx), shop.shopid, hostOrigin(ctx), nowSeconds());
    if (!row) throw expired();
    // A person with an account from another shop: what this shop would receive, to agree to.
    const account = row.uid !== null ? await accountDetails(ctx, row.uid) : null;
    if (row.uid !== null && !account) throw expired();
    return { provider: row.provider, name: row.name, url: safeReturnPath(row.return_path), account };
  },

  async socialSignup({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const throttle = ctx.db.throttle;
    const client = { kind: "join_client", key: clientKey(ctx.request) } as const;
    if (await throttle.blocked([client])) throw new ApiError(429, "TOO_MANY_ATTEMPTS", koSocial.tooMany);
    const hash = await pendingHash(ctx);
    const origin = hostOrigin(ctx);
    const now = nowSeconds();
    const row = await ctx.db.oauth.pending(hash, shop.shopid, origin, now);
    if (!row) throw expired();
    const uid = await ctx.db.oauth.signUp({
      ticketHash: hash,
      shopId: shop.shopid,
      origin,
      claim: randomToken(16),
      // The provider's address is not the account's: a sign-in name nobody can type or receive.
      placeholderEmail: `social-${randomToken(12).toLowerCase()}@members.invalid`,
      name: body.name,
      marketing: body.agree_marketing === true,
      now,
      nowMs: Date.now(),
    });
    if (uid === null) {
      await throttle.record([client]);
      throw expired();
    }
    await applySync(ctx, uid, readSync(row.sync));
    const secure = isSecureRequest(ctx.request);
    for (const c of await logIn(ctx, uid, false)) ctx.responseHeaders.append("set-cookie", c);
    ctx.responseHeaders.append("set-cookie", cookie(SIGNUP_COOKIE, "", { secure, maxAge: 0 }));
    return { uid, url: safeReturnPath(row.return_path) };
  },

  /**
   * The one-tap join (decision 177): a person whose account another shop made agrees that this
   * shop receives its name, phone and e-mail; the account is linked and becomes this shop's member,
   * nothing typed. The pending row names the account (the callback found it), never the page.
   */
  async socialShareJoin(_input, ctx) {
    const shop = ctx.requireHostShop();
    const throttle = ctx.db.throttle;
    const client = { kind: "join_client", key: clientKey(ctx.request) } as const;
    if (await throttle.blocked([client])) throw new ApiError(429, "TOO_MANY_ATTEMPTS", koSocial.tooMany);
    const hash = await pendingHash(ctx);
    const origin = hostOrigin(ctx);
    const now = nowSeconds();
    const row = await ctx.db.oauth.pending(hash, shop.shopid, origin, now);
    if (!row || row.uid === null) throw expired();
    const joined = await ctx.db.oauth.joinWithAccount({
      ticketHash: hash,
      shopId: shop.shopid,
      origin,
      uid: row.uid,
      claim: randomToken(16),
      now,
      nowMs: Date.now(),
      pointValidMs: POINT_VALID_MS,
    });
    if (!joined) {
      await throttle.record([client]);
      throw expired();
    }
    await applySync(ctx, row.uid, readSync(row.sync));
    const secure = isSecureRequest(ctx.request);
    for (const c of await logIn(ctx, row.uid, false)) ctx.responseHeaders.append("set-cookie", c);
    ctx.responseHeaders.append("set-cookie", cookie(SIGNUP_COOKIE, "", { secure, maxAge: 0 }));
    return { uid: row.uid, url: safeReturnPath(row.return_path) };
  },

  async socialLinks(_input, ctx) {
    const shop = ctx.requireHostShop();
    const member = await ctx.requireMember();
    const [links, row] = await Promise.all([
      ctx.db.oauth.identities(shop.shopid, member.uid),
      ctx.db.members.byUid(member.uid),
    ]);
    return { links, password: row !== null && row.password_hash !== NO_PASSWORD };
  },

  async socialUnlink({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const member = await ctx.requireMember();
    const links = await ctx.db.oauth.identities(shop.shopid, member.uid);
    if (!links.some((l) => l.provider === body.provider)) {
      throw new ApiError(404, "NOT_LINKED", koSocial.notLinkedError, "provider");
    }
    if (!(await ctx.db.oauth.unlink(shop.shopid, member.uid, body.provider))) {
      throw new ApiError(409, "LAST_LOGIN_METHOD", koSocial.lastMethod, "provider");
    }
    return { ok: true as const };
  },
} satisfies Handlers;
