/**
 * Kakao and Naver login through one registered redirect address on the platform's host (decision
 * 115, korea.md §3.4). A shop's host starts (state row + host-only cookie), the platform's host
 * takes the provider's answer and decides the outcome, and a one-minute ticket bound to the
 * starting browser's state carries it back to the shop's host, which sets its own session.
 */
import { z } from "zod";
import type { ShopInfo } from "~/shared/contracts";
import { readCookie } from "~/shared/cookies";
import { koSocial } from "~/shared/messages/social-login";
import { loginPath, safeReturnPath } from "~/shared/return-path";
import type { ApiContext } from "../api/context";
import type { Door } from "../api/door-type";
import { logIn } from "../api/auth";
import { randomToken, sha256Hex } from "../auth/crypto";
import {
  KakaoClient,
  kakaoAuthorizeUrl,
  NaverClient,
  naverAuthorizeUrl,
  OAuthError,
  readKakaoUnlinkNotice,
  type OAuthProfile,
  type ProviderAddress,
} from "../auth/oauth-providers";
import { cookie, isSecureRequest, nowSeconds } from "../auth/session";
import { clientKey } from "../auth/throttle";
import type { OAuthProviderName, StateRow, TicketOutcome } from "../db/oauth";
import type { Config } from "../env";
import { classifyHost, requestHost, shopOrigin } from "../host";
import { escapeHtml, htmlPage } from "../pages";
import { applySync, syncOf } from "./sync";

export const STATE_COOKIE = "oauth_state";
export const SIGNUP_COOKIE = "oauth_signup";
/** A started login waits this long for the provider's answer. */
export const STATE_SECONDS = 10 * 60;
/** The callback's ticket works this long, once. */
export const TICKET_SECONDS = 60;
/** A first login's consent form may take this long. */
export const SIGNUP_SECONDS = 10 * 60;
/** Starts per client address in the state lifetime: each writes a row, and a shopper needs few. */
export const STARTS_PER_CLIENT = 30;

const PROVIDERS = ["kakao", "naver"] as const;

/** The platform's one callback for a provider: the only redirect address registered with it. */
export function callbackUrl(config: Config, provider: OAuthProviderName, requestUrl: URL): string {
  const origin = shopOrigin({ dom: "", dom3: config.PLATFORM_DOMAIN }, config.PLATFORM_DOMAIN, requestUrl);
  return `${origin}/auth/${provider}/callback`;
}

/**
 * Where a link form's post may be redirected (CSP form-action): the providers' login pages, and
 * the platform's callback when a provider answers at once.
 */
export function socialFormOrigins(config: Config, requestUrl: URL): string[] {
  const platform = shopOrigin({ dom: "", dom3: config.PLATFORM_DOMAIN }, config.PLATFORM_DOMAIN, requestUrl);
  return [new URL(config.KAKAO_AUTH_BASE).origin, new URL(config.NAVER_AUTH_BASE).origin, platform];
}

function configured(config: Config, provider: OAuthProviderName): boolean {
  return provider === "kakao"
    ? config.KAKAO_REST_KEY !== ""
    : config.NAVER_CLIENT_ID !== "" && config.NAVER_CLIENT_SECRET !== "";
}

function redirect(status: 302 | 303, location: string, cookies: string[] = []): Response {
  const headers = new Headers({ location, "cache-control": "private, no-store", "referrer-policy": "no-referrer" });
  for (const c of cookies) headers.append("set-cookie", c);
  return new Response(null, { status, headers });
}

/** A Korean error page with a way back (to the shop when the state told us which, else home). */
function errorPage(status: number, text: string, back: string | null, requestId: string): Response {
  const link = back ?? "/";
  const label = back ? koSocial.backToShop : koSocial.backHome;
  return htmlPage(
    status,
    koSocial.errorTitle,
    `<p>${escapeHtml(text)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(label)}</a></p>`,
    { "cache-control": "private, no-store", "referrer-policy": "no-referrer" },
    requestId,
  );
}

/** The shop's own origin for the host this request came in on; null when the host is not the shop's. */
function shopHostOrigin(ctx: ApiContext, shop: ShopInfo): string | null {
  const host = requestHost(ctx.request);
  const sub = `${shop.dom}.${ctx.config.PLATFORM_DOMAIN}`.toLowerCase();
  const custom = shop.dom3?.toLowerCase() ?? null;
  // Built from the shop record: the request only chooses which of the shop's two hosts.
  if (host === sub) return shopOrigin({ dom: shop.dom, dom3: null }, ctx.config.PLATFORM_DOMAIN, ctx.url);
  if (custom && host === custom)
    return shopOrigin({ dom: shop.dom, dom3: custom }, ctx.config.PLATFORM_DOMAIN, ctx.url);
  return null;
}

const StartForm = z.object({ purpose: z.literal("link"), url: z.string().max(2000).optional() });

/**
 * GET (log in) or POST with purpose=link (a logged-in member links) /auth/{provider}/start?url= on
 * a shop's host.
 */
function start(provider: OAuthProviderName) {
  return async (ctx: ApiContext): Promise<Response> => {
    const shop = ctx.hostShop;
    if (!shop) return errorPage(404, koSocial.badReturn, null, ctx.log.id);
    const origin = shopHostOrigin(ctx, shop);
    if (!origin) return errorPage(400, koSocial.badReturn, null, ctx.log.id);
    if (!configured(ctx.config, provider)) return errorPage(503, koSocial.notConfigured, "/user/login", ctx.log.id);
    let purpose: "login" | "link" = "login";
    let uid: number | null = null;
    let url = ctx.url.searchParams.get("url");
    if (ctx.request.method === "POST") {
      const form = StartForm.safeParse(Object.fromEntries(await ctx.request.formData()));
      if (!form.success) return errorPage(400, koSocial.failed, "/user/info", ctx.log.id);
      const member = await ctx.member();
      if (!member) return redirect(303, loginPath("/user/info"));
      purpose = "link";
      uid = member.uid;
      url = form.data.url ?? "/user/info";
    }
    const returnPath = safeReturnPath(url);
    const now = nowSeconds();
    const client = clientKey(ctx.request);
    if ((await ctx.db.oauth.startsSince(client, now - STATE_SECONDS)) >= STARTS_PER_CLIENT) {
      return errorPage(429, koSocial.tooMany, returnPath, ctx.log.id);
    }
    const state = randomToken(32);
    await ctx.db.oauth.createState({
      stateHash: await sha256Hex(state),
      shop_id: shop.shopid,
      provider,
      purpose,
      uid,
      return_origin: origin,
      return_path: returnPath,
      client,
      now,
      expiresAt: now + STATE_SECONDS,
    });
    const redirectUri = callbackUrl(ctx.config, provider, ctx.url);
    const location =
      provider === "kakao"
        ? kakaoAuthorizeUrl(ctx.config.KAKAO_AUTH_BASE, {
            clientId: ctx.config.KAKAO_REST_KEY,
            redirectUri,
            state,
            // Kakao Sync's items only as far as the app has them (configuration, decision 177).
            scope: ["profile_nickname", "account_email", ...ctx.config.KAKAO_SYNC_SCOPES],
          })
        : naverAuthorizeUrl(ctx.config.NAVER_AUTH_BASE, { clientId: ctx.config.NAVER_CLIENT_ID, redirectUri, state });
    const secure = isSecureRequest(ctx.request);
    return redirect(purpose === "link" ? 303 : 302, location, [
      cookie(STATE_COOKIE, state, { secure, maxAge: STATE_SECONDS }),
    ]);
  };
}

const CallbackQuery = z.object({
  code: z.string().min(1).max(512).optional(),
  state: z.string().min(1).max(200).optional(),
  error: z.string().max(200).optional(),
});

async function fetchProfile(
  ctx: ApiContext,
  provider: OAuthProviderName,
  code: string,
  state: string,
): Promise<{ profile: OAuthProfile; addresses: ProviderAddress[] }> {
  const c = ctx.config;
  if (provider === "kakao") {
    const kakao = new KakaoClient(c.KAKAO_AUTH_BASE, c.KAKAO_API_BASE, {
      restKey: c.KAKAO_REST_KEY,
      clientSecret: c.KAKAO_CLIENT_SECRET || undefined,
    });
    // Byte for byte the address the start sent: it is built the same way from the same config.
    const tokens = await kakao.exchange(code, callbackUrl(c, provider, ctx.url));
    const profile = await kakao.profile(tokens.accessToken);
    return { profile, addresses: await kakaoAddresses(ctx, kakao, tokens.accessToken) };
  }
  const naver = new NaverClient(c.NAVER_AUTH_BASE, c.NAVER_API_BASE, {
    clientId: c.NAVER_CLIENT_ID,
    clientSecret: c.NAVER_CLIENT_SECRET,
  });
  const tokens = await naver.exchange(code, state);
  return { profile: await naver.profile(tokens.accessToken), addresses: [] };
}

/**
 * The person's Kakao shipping addresses when the app asks for them: none when they did not agree
 * or Kakao cannot answer now — the login goes on either way (the addresses are a convenience).
 */
async function kakaoAddresses(ctx: ApiContext, kakao: KakaoClient, token: string): Promise<ProviderAddress[]> {
  if (!ctx.config.KAKAO_SYNC_SCOPES.includes("shipping_address")) return [];
  try {
    return await kakao.shippingAddresses(token);
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    ctx.log.info("kakao addresses unavailable", { kind: error.kind, code: error.code });
    return [];
  }
}

/** What a provider's person means in the state's shop; never merged with an e-mail account. */
async function resolve(
  ctx: ApiContext,
  row: StateRow,
  profile: OAuthProfile,
  now: number,
): Promise<{ outcome: TicketOutcome; uid: number | null }> {
  const oauth = ctx.db.oauth;
  const existing = await oauth.memberOf(row.shop_id, row.provider, profile.id);
  if (row.purpose === "link" && row.uid !== null) {
    if (existing === row.uid) return { outcome: "linked", uid: row.uid };
    if (existing !== null) return { outcome: "taken", uid: row.uid };
    const linked = await oauth.link(row.shop_id, row.provider, profile.id, row.uid, now);
    return { outcome: linked ? "linked" : "taken", uid: row.uid };
  }
  if (existing !== null) return { outcome: "login", uid: existing };
  // The person signed up at another shop with this provider: that account joins this shop with
  // one tap of consent to what it receives (decision 177), instead of a second sign-up.
  const account = await oauth.accountOf(row.provider, profile.id);
  if (account !== null) return { outcome: "signup", uid: account };
  // Someone has an account with this address: they log in with it and link from /user/info. Only
  // an address the provider says its person owns is looked up (Kakao's verified and valid e-mail;
  // never Naver's, any contact address its person typed): anyone can put a stranger's address on a
  // provider account of their own, and "an account exists" would tell them it is registered here
  // (decisions 017, 152). Everyone else gets the sign-up form, whose text tells an account holder
  // how to link instead.
  if (profile.emailVerified && profile.email && (await ctx.db.members.byEmail(profile.email.trim().toLowerCase()))) {
    return { outcome: "exists", uid: null };
  }
  return { outcome: "signup", uid: null };
}

/** GET /auth/{provider}/callback on the platform's host: the provider's answer. */
function callback(provider: OAuthProviderName) {
  return async (ctx: ApiContext): Promise<Response> => {
    const id = ctx.log.id;
    const host = requestHost(ctx.request);
    if (ctx.hostShop || classifyHost(host, ctx.config.PLATFORM_DOMAIN).kind !== "platform") {
      return errorPage(404, koSocial.stateInvalid, null, id);
    }
    const parsed = CallbackQuery.safeParse(Object.fromEntries(ctx.url.searchParams));
    const query = parsed.success ? parsed.data : {};
    // A state that is not ours is a guess: counted, and a success forgets it.
    const attempt = await ctx.db.throttle.begin([{ kind: "token_client", key: clientKey(ctx.request) }]);
    if (!attempt) return errorPage(429, koSocial.tooMany, null, id);
    const now = nowSeconds();
    const row = query.state ? await ctx.db.oauth.consumeState(await sha256Hex(query.state), provider, now) : null;
    if (!row || !query.state) return errorPage(400, koSocial.stateInvalid, null, id);
    await attempt.succeeded();
    const back = `${row.return_origin}${row.purpose === "link" ? row.return_path : loginPath(row.return_path)}`;
    if (query.error || !query.code) return errorPage(400, koSocial.cancelled, back, id);
    let profile: OAuthProfile;
    let addresses: ProviderAddress[];
    try {
      ({ profile, addresses } = await fetchProfile(ctx, provider, query.code, query.state));
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      // The kind and the provider's code only: no key, token or code in a log line.
      ctx.log.info("social login refused", { provider, kind: error.kind, code: error.code });
      const text = error.kind === "invalid_code" ? koSocial.codeInvalid : koSocial.providerDown;
      return errorPage(error.kind === "invalid_code" ? 400 : 502, text, back, id);
    }
    const { outcome, uid } = await resolve(ctx, row, profile, now);
    const sync = syncOf(profile, addresses);
    // A member who is one already gets what is missing now; a sign-up gets it once it exists.
    if ((outcome === "login" || outcome === "linked") && uid !== null) await applySync(ctx, uid, sync);
    const ticket = randomToken(32);
    await ctx.db.oauth.createTicket({
      ticketHash: await sha256Hex(ticket),
      state_hash: await sha256Hex(query.state),
      shop_id: row.shop_id,
      return_origin: row.return_origin,
      return_path: row.return_path,
      outcome,
      uid,
      provider,
      provider_user_id: outcome === "signup" ? profile.id : null,
      name: outcome === "signup" ? (profile.name ?? null) : null,
      sync: outcome === "signup" && sync ? JSON.stringify(sync) : null,
      expiresAt: now + TICKET_SECONDS,
    });
    return redirect(303, `${row.return_origin}/auth/complete?${new URLSearchParams({ ticket })}`);
  };
}

const CompleteQuery = z.object({ ticket: z.string().min(1).max(200) });

/** Where a path goes with a note for the page that shows it (?social=exists-kakao …). */
function withNote(path: string, note: string): string {
  const url = new URL(path, "http://x");
  url.searchParams.set("social", note);
  return url.pathname + url.search;
}

/** GET /auth/complete?ticket= on the shop's host: redeemed only with this browser's state cookie. */
async function complete(ctx: ApiContext): Promise<Response> {
  const shop = ctx.hostShop;
  if (!shop) return errorPage(404, koSocial.failed, null, ctx.log.id);
  const origin = shopHostOrigin(ctx, shop);
  const secure = isSecureRequest(ctx.request);
  const clearState = cookie(STATE_COOKIE, "", { secure, maxAge: 0 });
  const failed = redirect(303, withNote("/user/login", "failed"), [clearState]);
  const query = CompleteQuery.safeParse(Object.fromEntries(ctx.url.searchParams));
  const state = readCookie(ctx.request.headers.get("cookie"), STATE_COOKIE);
  const attempt = await ctx.db.throttle.begin([{ kind: "token_client", key: clientKey(ctx.request) }]);
  if (!attempt) return errorPage(429, koSocial.tooMany, "/user/login", ctx.log.id);
  if (!origin || !query.success || !state) return failed;
  const now = nowSeconds();
  const ticket = await ctx.db.oauth.consumeTicket(
    await sha256Hex(query.data.ticket),
    {
      shopId: shop.shopid,
      origin,
      stateHash: await sha256Hex(state),
      outcomes: ["login", "linked", "signup", "exists", "taken"],
    },
    now,
  );
  if (!ticket) return failed;
  await attempt.succeeded();
  const back = ticket.return_path;
  switch (ticket.outcome) {
    case "login": {
      const cookies = await logIn(ctx, ticket.uid!, false);
      return redirect(303, back, [...cookies, clearState]);
    }
    case "linked":
      return redirect(303, withNote(back, `linked-${ticket.provider}`), [clearState]);
    case "taken":
      return redirect(303, withNote(back, `taken-${ticket.provider}`), [clearState]);
    case "exists":
      return redirect(303, withNote(loginPath(back), `exists-${ticket.provider}`), [clearState]);
    default: {
      // A first login: the consent form next, for as long as it takes to read it, in this browser.
      const pending = randomToken(32);
      await ctx.db.oauth.createTicket({
        ...ticket,
        outcome: "pending",
        ticketHash: await sha256Hex(pending),
        expiresAt: now + SIGNUP_SECONDS,
      });
      return redirect(303, `/auth/join?${new URLSearchParams({ url: back })}`, [
        clearState,
        cookie(SIGNUP_COOKIE, pending, { secure, maxAge: SIGNUP_SECONDS }),
      ]);
    }
  }
}

/**
 * Kakao's unlink notice (GET or POST) at the platform's /auth/kakao/unlink: the admin key checked
 * in constant time, the person's links removed in every shop, and 200 at once (also for a person
 * we do not know). One indexed DELETE is well within Kakao's 3 seconds.
 */
async function kakaoUnlink(ctx: ApiContext): Promise<Response> {
  const host = requestHost(ctx.request);
  if (ctx.hostShop || classifyHost(host, ctx.config.PLATFORM_DOMAIN).kind !== "platform") {
    return new Response("Not Found", { status: 404 });
  }
  const notice = await readKakaoUnlinkNotice(ctx.request, ctx.config.KAKAO_ADMIN_KEY);
  if (!notice) return new Response("Unauthorized", { status: 401, headers: { "cache-control": "no-store" } });
  const removed = await ctx.db.oauth.unlinkEverywhere("kakao", notice.userId);
  ctx.log.info("kakao unlink notice", { referrer: notice.referrerType, removed });
  return new Response("OK", { status: 200, headers: { "cache-control": "no-store" } });
}

/** The flow's doors, by path (functions/api/doors.ts). */
export const oauthDoors: Record<string, Door> = {
  ...Object.fromEntries(
    PROVIDERS.flatMap((p) => [
      [`/auth/${p}/start`, { kind: "navigation", methods: ["GET", "POST"], handle: start(p) } satisfies Door],
      [`/auth/${p}/callback`, { kind: "navigation", methods: ["GET"], handle: callback(p) } satisfies Door],
    ]),
  ),
  "/auth/complete": { kind: "navigation", methods: ["GET"], handle: complete },
  // Kakao's servers post it: no browser, no Origin, so it is a callback door that checks its key.
  "/auth/kakao/unlink": { kind: "callback", methods: ["GET", "POST"], handle: kakaoUnlink },
};

/** True for the flow's paths, which the Worker answers as doors of the shop API. */
export function isOAuthPath(pathname: string): boolean {
  return Object.hasOwn(oauthDoors, pathname);
}
