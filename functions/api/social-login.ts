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
import { requestHost, shopOrigin } from "../host";
import { SIGNUP_COOKIE } from "../oauth/flow";
import { logIn } from "./auth";
import type { ApiContext, Handlers } from "./context";
import { ApiError } from "./http";

const expired = () => new ApiError(410, "SIGNUP_EXPIRED", koSocial.joinExpired);

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
    return { provider: row.provider, name: row.name, url: safeReturnPath(row.return_path) };
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
    const secure = isSecureRequest(ctx.request);
    for (const c of await logIn(ctx, uid, false)) ctx.responseHeaders.append("set-cookie", c);
    ctx.responseHeaders.append("set-cookie", cookie(SIGNUP_COOKIE, "", { secure, maxAge: 0 }));
    return { uid, url: safeReturnPath(row.return_path) };
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
