/**
 * Kakao and Naver login's JSON calls (decision 115): the first login's sign-up from its pending
 * row, the one-tap join of another shop's account (decisions 177, 180: Kakao/Naver's and an
 * e-mail account's alike), and the member's links on /user/info. The redirects around them are
 * doors (functions/oauth/flow.ts).
 */
import { readCookie } from "~/shared/cookies";
import { koSocial } from "~/shared/messages/social-login";
import { safeReturnPath } from "~/shared/return-path";
import { shopOwnerUid } from "~/shared/shop-owner";
import { randomToken, sha256Hex } from "../auth/crypto";
import { cookie, isSecureRequest, nowSeconds } from "../auth/session";
import { clientKey } from "../auth/throttle";
import { NO_PASSWORD } from "../db/oauth";
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
   * The one-tap join (decisions 177, 180): a person whose account another shop made agrees that
   * this shop receives its name, phone and e-mail, and the account becomes this shop's member,
   * nothing typed. Who it is comes from the pending Kakao/Naver row this browser holds (the
   * callback found the account; linked here and logged in), else from the session of the account
   * logged in here — never from the page. Both join by ShopMemberStore.joinStatements.
   */
  async shareJoin({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const token = readCookie(ctx.request.headers.get("cookie"), SIGNUP_COOKIE);
    const hash = token && token.length <= 100 ? await sha256Hex(token) : null;
    const origin = hostOrigin(ctx);
    const now = nowSeconds();
    const row = hash ? await ctx.db.oauth.pending(hash, shop.shopid, origin, now) : null;
    if (!hash || !row || row.uid === null) {
      // No sign-up under way: the account logged in here (an e-mail account's login, decision 180).
      const member = await ctx.member();
      if (!member) throw expired();
      await ctx.db.shopMembers.join(shop.shopid, member.uid, Date.now(), { shared: true });
      return { uid: member.uid, url: safeReturnPath(body.url) };
    }
    const throttle = ctx.db.throttle;
    const client = { kind: "join_client", key: clientKey(ctx.request) } as const;
    if (await throttle.blocked([client])) throw new ApiError(429, "TOO_MANY_ATTEMPTS", koSocial.tooMany);
    const joined = await ctx.db.oauth.joinWithAccount({
      ticketHash: hash,
      shopId: shop.shopid,
      origin,
      uid: row.uid,
      claim: randomToken(16),
      now,
      nowMs: Date.now(),
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

  /**
   * The one-tap question for the account logged in here (decision 180): asked when it is a member
   * of another shop and has not answered here; the shop's owner is never asked about their shop.
   */
  async shareQuestion(_input, ctx) {
    const shop = ctx.requireHostShop();
    const member = await ctx.requireMember();
    const members = ctx.db.shopMembers;
    const [elsewhere, ask, membership] = await Promise.all([
      members.memberElsewhere(shop.shopid, member.uid),
      members.shouldAskShare(shop.shopid, member.uid),
      members.get(shop.shopid, member.uid, Date.now()),
    ]);
    const here = membership.id !== null;
    const account = elsewhere && !here ? await accountDetails(ctx, member.uid) : null;
    const owner = shopOwnerUid(shop) === member.uid;
    return { ask: ask && account !== null && !owner, account, join_point: membership.join_point };
  },

  /**
   * No to the one-tap question (decision 180): kept, so this shop does not ask again; the person
   * stays logged in and shops and orders as before, without this shop's membership.
   */
  async shareDecline(_input, ctx) {
    const shop = ctx.requireHostShop();
    const member = await ctx.requireMember();
    await ctx.db.shopMembers.declineShare(shop.shopid, member.uid, Date.now());
    return { ok: true as const };
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
