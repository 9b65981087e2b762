import { z } from "zod";
import { shopOwnerUid } from "~/shared/shop-owner";
import type { MemberInfo } from "~/shared/contracts/auth";
import { safeReturnPath, loginPath } from "~/shared/return-path";
import { dummyPasswordHash, hashPassword, randomToken, sha256Hex, verifyPassword } from "../auth/crypto";
import type { Member } from "../auth/member";
import { logoutConfirmPage } from "../auth/pages";
import { cookie, endSession, isSecureRequest, nowSeconds, startSession } from "../auth/session";
import { readCookie } from "~/shared/cookies";
import { clientKey, pairKey } from "../auth/throttle";
import { knownDevice, rememberDevice } from "../auth/known-device";
import { toShopSummary } from "../views/shop";
import { requestHost, shopOrigin } from "../host";
import type { ApiContext, Handlers } from "./context";
import { ApiError } from "./http";
import { koAuth } from "~/shared/messages/auth";
import { readDeviceId } from "~/shared/device";

/** A reset link works this long, once. */
export const RESET_TOKEN_SECONDS = 30 * 60;
/** A custom-domain login code works this long, once. */
export const LOGIN_CODE_SECONDS = 60;
/** The state cookie of a custom-domain login lives this long on the target host. */
const STATE_SECONDS = 5 * 60;
const STATE_COOKIE = "lstate";

function setCookies(ctx: ApiContext, cookies: string[]): void {
  for (const c of cookies) ctx.responseHeaders.append("set-cookie", c);
}

/**
 * Logs `uid` in on this host (a new session, decision 011) and, in the same D1 batch, moves this
 * browser's guest cart of the host's shop into the member's cart (decision 032), and its orders,
 * favourites and recently viewed products there to the member (issue 10, decision 056):
 * quantities add up, limits hold, the guest's rows are gone afterwards, so a second login has
 * nothing to add.
 */
export async function logIn(ctx: ApiContext, uid: number, keep: boolean, host?: string): Promise<string[]> {
  const device = readDeviceId(ctx.request.headers.get("cookie"));
  // The guest's cart, orders, favourites and views on this shop become the member's, in the login's own batch.
  const merge =
    ctx.hostShop && device
      ? [
          ...ctx.db.cart.mergeStatements(ctx.hostShop.shopid, device, uid, Date.now()),
          ...ctx.db.orders.mergeStatements(ctx.hostShop.shopid, device, uid),
          ...ctx.db.favourites.mergeStatements(ctx.hostShop.shopid, device, uid),
        ]
      : [];
  return startSession(ctx.db.sessions, ctx.request, uid, keep, host ?? requestHost(ctx.request), merge);
}

/**
 * Whether the host's shop asks `uid` the one-tap question after a login (decision 180): an account
 * that is a member of another shop, not of this one, and has not answered here; never the shop's
 * owner. Asked on /auth/join, which goes on to where the person was either way.
 */
export async function asksShare(ctx: ApiContext, uid: number): Promise<boolean> {
  const shop = ctx.hostShop;
  if (!shop || shopOwnerUid(shop) === uid) return false;
  return ctx.db.shopMembers.shouldAskShare(shop.shopid, uid);
}

/** /auth/join, the one-tap question, going on to `returnTo` after it. */
export function sharePath(returnTo: string): string {
  return `/auth/join?${new URLSearchParams({ url: returnTo })}`;
}

async function memberInfo(ctx: ApiContext, member: Member): Promise<MemberInfo> {
  return {
    uid: member.uid,
    name: member.name,
    profile: member.profile,
    admin: member.admin,
    mshop: ctx.hostShop ? shopOwnerUid(ctx.hostShop) === member.uid : false,
    verified: await ctx.db.members.verification(member.uid),
  };
}

export const authHandlers = {
  async userTest(_input, ctx) {
    return (await ctx.member())?.uid ?? 0;
  },

  async userInfo(_input, ctx) {
    return memberInfo(ctx, await ctx.requireMember());
  },

  async userInfoMyShop(_input, ctx) {
    const member = await ctx.requireMember();
    const [row, owned] = await Promise.all([ctx.db.shops.byUid(member.uid), ctx.db.platformShops.ownedBy(member.uid)]);
    const shop = row ? toShopSummary(row, ctx.config.PLATFORM_DOMAIN, ctx.url) : null;
    const shops = owned.map((s) => ({
      shopid: s.id,
      dom: s.dom,
      name: s.name,
      url: shopOrigin(s, ctx.config.PLATFORM_DOMAIN, ctx.url),
    }));
    return { shop, mshop: ctx.hostShop ? shopOwnerUid(ctx.hostShop) === member.uid : false, shops };
  },

  async isAdmin(_input, ctx) {
    return { admin: (await ctx.member())?.admin ?? false };
  },

  async login({ body }, ctx) {
    const address = clientKey(ctx.request);
    const secret = ctx.config.KNOWN_DEVICE_SECRET;
    const now = nowSeconds();
    // A browser that logged in to this account before is counted on its own (decision 157): five
    // failures lock that browser, and strangers' guesses (by address, or over all addresses) do
    // not lock it. Anyone else: this account from this address (the lock), from anywhere (the
    // ceiling), and this address's failures on any account (decision 095).
    const device = await knownDevice(ctx.request, "login", body.email, secret, now);
    const pair = { kind: "login_pair", key: pairKey(device ? `device:${device}` : address, body.email) } as const;
    const account = { kind: "login_account", key: body.email } as const;
    const client = { kind: "login_client", key: address } as const;
    // Counted before the password is looked at, whether or not the account exists.
    const attempt = await ctx.db.throttle.begin(device ? [pair] : [pair, account, client]);
    if (!attempt) throw new ApiError(429, "TOO_MANY_ATTEMPTS", koAuth.loginLocked);
    const row = await ctx.db.members.byEmail(body.email);
    // An unknown address costs the same PBKDF2 work as a wrong password, and gets the same answer.
    const valid = await verifyPassword(body.password, row?.password_hash ?? (await dummyPasswordHash()));
    if (!row || !valid) throw new ApiError(401, "LOGIN_FAILED", koAuth.loginFailed);
    // A success clears the account's failures from this address (or browser); the client's and
    // the account's counts keep only failures (others' guesses stay counted against the ceiling).
    await attempt.succeeded([pair]);
    const known = await rememberDevice(ctx.request, "login", body.email, secret, now);
    setCookies(ctx, [...(await logIn(ctx, row.uid, body.keep)), ...known]);
    return { uid: row.uid, share: await asksShare(ctx, row.uid) };
  },

  async join({ body }, ctx) {
    const throttle = ctx.db.throttle;
    const client = { kind: "join_client", key: clientKey(ctx.request) } as const;
    if (await throttle.blocked([client])) throw new ApiError(429, "TOO_MANY_ATTEMPTS", koAuth.tooManyJoins);
    const uid = await ctx.db.members.create({
      email: body.email,
      passwordHash: await hashPassword(body.password),
      name: body.name,
      marketing: body.agree_marketing === true,
      now: Date.now(),
    });
    if (uid === null) {
      // Sign-up cannot hide that an address is taken; probing it is counted and limited per client.
      await throttle.record([client]);
      throw new ApiError(409, "EMAIL_TAKEN", koAuth.emailTaken);
    }
    setCookies(ctx, await logIn(ctx, uid, body.keep));
    return { uid };
  },

  async forget({ body }, ctx) {
    const shop = ctx.requireHostShop();
    // Every request counts (each may send a mail), and is counted before anything is sent.
    const attempt = await ctx.db.throttle.begin([
      { kind: "reset_account", key: body.email },
      { kind: "reset_client", key: clientKey(ctx.request) },
    ]);
    if (!attempt) throw new ApiError(429, "TOO_MANY_ATTEMPTS", koAuth.tooManyResets);
    const member = await ctx.db.members.byEmail(body.email);
    if (member) {
      const token = randomToken(32);
      const now = nowSeconds();
      await ctx.db.resetTokens.create(await sha256Hex(token), member.uid, now, now + RESET_TOKEN_SECONDS);
      // The link is built from the shop record, never from the request's Host.
      const link = `${shop.url}/user/forget?token=${token}`;
      await ctx.db.mail.send({
        to: member.email,
        subject: koAuth.mailSubject(shop.name),
        text: koAuth.mailBody(member.name, link, RESET_TOKEN_SECONDS / 60),
      });
    }
    return { ok: true as const };
  },

  async resetCheck({ query }, ctx) {
    const valid =
      query.token.length > 0 && (await ctx.db.resetTokens.isUsable(await sha256Hex(query.token), nowSeconds()));
    return { valid };
  },

  async reset({ body }, ctx) {
    const attempt = await ctx.db.throttle.begin([{ kind: "token_client", key: clientKey(ctx.request) }]);
    if (!attempt) throw new ApiError(429, "TOO_MANY_ATTEMPTS", koAuth.tooManyAttempts);
    const tokens = ctx.db.resetTokens;
    const now = nowSeconds();
    const uid = await tokens.consume(await sha256Hex(body.token), now);
    if (uid === null) throw new ApiError(400, "RESET_TOKEN_INVALID", koAuth.resetInvalid);
    // The mailbox's owner: their account's failed logins are forgotten (from this address, and the
    // ceiling), so the reset link a lockout offers lets them in at once (decision 095).
    const email = (await ctx.db.members.byUid(uid))?.email;
    const address = clientKey(ctx.request);
    await attempt.succeeded(
      email
        ? [
            { kind: "login_pair", key: pairKey(address, email) },
            { kind: "login_account", key: email },
          ]
        : [],
    );
    await ctx.db.members.setPassword(uid, await hashPassword(body.password));
    await tokens.expireAll(uid, now);
    // Whoever knew the old password is logged out everywhere.
    await ctx.db.sessions.revokeAll(uid);
    return { ok: true as const };
  },

  async profile({ body }, ctx) {
    const member = await ctx.requireMember();
    const prefix = `members/${member.uid}/`;
    if (body.profile !== null && !(body.profile.startsWith(prefix) && /^[a-z0-9/_.-]+$/i.test(body.profile))) {
      throw new ApiError(400, "BAD_PROFILE_IMAGE", koAuth.imageInvalid);
    }
    await ctx.db.members.setProfile(member.uid, body.name, body.profile);
    return memberInfo(ctx, { ...member, name: body.name, profile: body.profile });
  },
} satisfies Handlers;

// ---------------------------------------------------------------------------------------------
// Navigations: the spec's calls that a browser follows as a page, answered with redirects.

function redirect(location: string, cookies: string[] = []): Response {
  const headers = new Headers({ location, "cache-control": "no-store", "referrer-policy": "no-referrer" });
  for (const c of cookies) headers.append("set-cookie", c);
  return new Response(null, { status: 303, headers });
}

const flag = z
  .string()
  .optional()
  .transform((v) => v === "1" || v === "true");

const LogoutQuery = z.object({ url: z.string().optional() });

/**
 * GET/POST /api/user/logout/v2?url= — deletes the cookies, revokes the session on the server and
 * goes to `url` (a same-host path). A GET followed from another site only asks for confirmation.
 */
async function logout(ctx: ApiContext): Promise<Response> {
  const query = LogoutQuery.safeParse(Object.fromEntries(ctx.url.searchParams));
  const returnTo = safeReturnPath(query.success ? query.data.url : undefined);
  const site = ctx.request.headers.get("sec-fetch-site");
  if (ctx.request.method === "GET" && site !== null && site !== "same-origin" && site !== "none") {
    return logoutConfirmPage(returnTo);
  }
  return redirect(returnTo, await endSession(ctx.db.sessions, ctx.request));
}

const RedirectQuery = z.object({
  url: z.string().optional(),
  keep: flag,
  code: z.string().max(100).optional(),
  // Sent by the platform's host after opening a shop there (decision 108): which of its hosts to ask.
  via: z.enum(["www", "bare"]).optional(),
});

/**
 * GET /api/user/login/redirect?url=&keep=[&code=] on a shop's host.
 *  - with a code (issued by /dom below for this host and this browser's state cookie): exchanges
 *    it once for a new session on this host, then goes to url;
 *  - logged in already: goes to url;
 *  - on a shop's custom domain: sets a state cookie and asks the shop's sub-domain (where the
 *    member may be logged in) for a code;
 *  - otherwise: the login page.
 * sid/skey in the query are ignored: a session secret never travels in a URL.
 */
async function loginRedirect(ctx: ApiContext): Promise<Response> {
  const parsed = RedirectQuery.safeParse(Object.fromEntries(ctx.url.searchParams));
  const query = parsed.success ? parsed.data : { url: undefined, keep: false, code: undefined, via: undefined };
  const returnTo = safeReturnPath(query.url);
  const host = requestHost(ctx.request);
  const secure = isSecureRequest(ctx.request);
  const clearState = cookie(STATE_COOKIE, "", { secure, maxAge: 0 });
  if (query.code && host) {
    const state = readCookie(ctx.request.headers.get("cookie"), STATE_COOKIE) ?? "";
    const attempt = await ctx.db.throttle.begin([{ kind: "token_client", key: clientKey(ctx.request) }]);
    const grant =
      attempt && state
        ? await ctx.db.loginCodes.consume(await sha256Hex(query.code), host, await sha256Hex(state), nowSeconds())
        : null;
    if (!grant) return redirect(`${loginPath(returnTo)}&carry=failed`, [clearState]);
    await attempt?.succeeded();
    const cookies = await logIn(ctx, grant.uid, grant.keep, host);
    // A login carried here is a login here: the one-tap question first (decision 180).
    const next = (await asksShare(ctx, grant.uid)) ? sharePath(returnTo) : returnTo;
    return redirect(next, [...cookies, clearState]);
  }
  const signedIn = await ctx.member();
  if (signedIn) return redirect((await asksShare(ctx, signedIn.uid)) ? sharePath(returnTo) : returnTo);
  const shop = ctx.hostShop;
  if (shop?.dom3 && host === shop.dom3.toLowerCase()) {
    const state = randomToken(16);
    const source = shopOrigin({ dom: shop.dom, dom3: null }, ctx.config.PLATFORM_DOMAIN, ctx.url);
    const params = new URLSearchParams({ url: `${shop.url}${returnTo}`, state, keep: query.keep ? "1" : "0" });
    return redirect(`${source}/api/user/login/redirect/dom?${params}`, [
      cookie(STATE_COOKIE, state, { secure, maxAge: STATE_SECONDS }),
    ]);
  }
  if (shop && query.via && host === `${shop.dom}.${ctx.config.PLATFORM_DOMAIN}`.toLowerCase()) {
    const state = randomToken(16);
    const platformHost = query.via === "www" ? `www.${ctx.config.PLATFORM_DOMAIN}` : ctx.config.PLATFORM_DOMAIN;
    const platform = shopOrigin({ dom: "", dom3: platformHost }, ctx.config.PLATFORM_DOMAIN, ctx.url);
    const params = new URLSearchParams({ dom: shop.dom, url: returnTo, state, keep: query.keep ? "1" : "0" });
    return redirect(`${platform}/carry?${params}`, [cookie(STATE_COOKIE, state, { secure, maxAge: STATE_SECONDS })]);
  }
  return redirect(loginPath(returnTo, shop?.dom));
}

const DomQuery = z.object({ url: z.string().max(2000), keep: flag, state: z.string().max(100).optional() });

/**
 * GET /api/user/login/redirect/dom?url=<address on the shop's custom domain>&keep=&state= on the
 * shop's sub-domain: for the member logged in here, issues a one-minute, single-use code for the
 * custom domain and this state, and sends the browser there to exchange it. Only the shop's own
 * custom domain is ever a target.
 */
async function loginRedirectDom(ctx: ApiContext): Promise<Response> {
  const shop = ctx.hostShop;
  const parsed = DomQuery.safeParse(Object.fromEntries(ctx.url.searchParams));
  if (!shop?.dom3 || !parsed.success) return redirect("/");
  const { keep, state } = parsed.data;
  let target: URL;
  try {
    target = new URL(parsed.data.url);
  } catch {
    return redirect("/");
  }
  const targetHost = shop.dom3.toLowerCase();
  if (target.hostname.toLowerCase() !== targetHost) return redirect("/");
  const returnTo = safeReturnPath(target.pathname + target.search);
  // The custom domain's address comes from the shop record, not from the query.
  const targetOrigin = shop.url;
  if (!state) {
    // Started here rather than on the custom domain: let the custom domain set its state first.
    const params = new URLSearchParams({ url: returnTo, keep: keep ? "1" : "0" });
    return redirect(`${targetOrigin}/api/user/login/redirect?${params}`);
  }
  const member = await ctx.member();
  if (!member) return redirect(loginPath(ctx.url.pathname + ctx.url.search, shop.dom));
  const code = randomToken(16);
  const now = nowSeconds();
  await ctx.db.loginCodes.create({
    codeHash: await sha256Hex(code),
    uid: member.uid,
    host: targetHost,
    stateHash: await sha256Hex(state),
    keep,
    now,
    expiresAt: now + LOGIN_CODE_SECONDS,
  });
  const params = new URLSearchParams({ code, url: returnTo, keep: keep ? "1" : "0" });
  return redirect(`${targetOrigin}/api/user/login/redirect?${params}`);
}

type Navigation = { methods: string[]; handle: (ctx: ApiContext) => Promise<Response> };

/** Accounts calls that are page navigations rather than JSON (see docs/decisions/012). */
export const authNavigations: Record<string, Navigation> = {
  "/api/user/logout/v2": { methods: ["GET", "POST"], handle: logout },
  "/api/user/login/redirect": { methods: ["GET"], handle: loginRedirect },
  "/api/user/login/redirect/dom": { methods: ["GET"], handle: loginRedirectDom },
};
